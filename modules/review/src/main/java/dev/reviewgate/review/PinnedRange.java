package dev.reviewgate.review;

import io.vertx.core.json.JsonObject;

/**
 * A commit range with both ends resolved to SHAs at review creation.
 *
 * @param kind {@code commit}: head against its first parent {@code base} (null for a root commit: the empty tree);
 *             {@code two_dot}: base..head; {@code three_dot}: from the merge base of base and head to head
 */
public record PinnedRange(String repo, String kind, String base, String head) {

  /** The arguments that select exactly this diff from {@code reviewgate.git.diff}. */
  public JsonObject diffArguments() {
    JsonObject args = new JsonObject();
    if (repo != null) {
      args.put("repo", repo);
    }
    return switch (kind) {
      case "commit" -> base == null ? args.put("commit", head) : args.put("base", base).put("head", head);
      case "three_dot" -> args.put("range", base + "..." + head);
      default -> args.put("base", base).put("head", head);
    };
  }
}
