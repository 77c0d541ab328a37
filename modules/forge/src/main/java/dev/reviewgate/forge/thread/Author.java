package dev.reviewgate.forge.thread;

import dev.reviewgate.core.trust.Provenance;
import io.vertx.core.json.JsonObject;

/**
 * Who wrote a text a forge holds, and whether the forge says they may push to the repository: every forge maps its own
 * signal onto {@code trusted} (GitHub's {@code author_association}, GitLab's access level, ...), and anything it cannot
 * tell is untrusted. Written beside the text as {@code author} and {@code trust} ({@link Provenance}).
 *
 * @param login the forge's login (or unique name); null for a deleted account
 */
public record Author(String login, boolean trusted) {

  public static Author untrusted(String login) {
    return new Author(login, false);
  }

  public String trust() {
    return Provenance.trust(trusted);
  }

  /** {@code json} with {@code author} and {@code trust} put in. */
  public JsonObject writeTo(JsonObject json) {
    return json.put(Provenance.AUTHOR, login).put(Provenance.TRUST, trust());
  }
}
