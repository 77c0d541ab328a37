package dev.reviewgate.core.catalog;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code {name}} placeholders in a prompt's texts, filled with the prompt's argument values. */
public final class Placeholders {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private Placeholders() {
  }

  /** {@code text} with each placeholder replaced by its value, in one pass (a value is never read for placeholders). */
  public static String fill(String text, Map<String, String> values) {
    return PLACEHOLDER.matcher(text).replaceAll(found ->
      Matcher.quoteReplacement(values.getOrDefault(found.group(1), "")));
  }

  static Set<String> names(String text) {
    Set<String> names = new LinkedHashSet<>();
    PLACEHOLDER.matcher(text).results().forEach(found -> names.add(found.group(1)));
    return names;
  }
}
