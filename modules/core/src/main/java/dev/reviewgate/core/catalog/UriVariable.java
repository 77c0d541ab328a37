package dev.reviewgate.core.catalog;

import java.util.regex.Pattern;

/**
 * A variable of a resource template: the tool argument its decoded value goes to, whether it may span slashes, what
 * its value must look like as written ({@code accepts}, null for anything; checked after the URI has matched, so a
 * refused value makes the URI unreadable rather than split another way) and where its completions come from
 * ({@code completion}, a {@link CompletionSource} name, or null).
 */
public record UriVariable(String name, String argument, boolean spansSlashes, Pattern accepts, String completion)
  implements Completable {

  boolean accepts(String written) {
    return accepts == null || accepts.matcher(written).matches();
  }
}
