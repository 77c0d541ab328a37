package dev.reviewgate.review;

import io.vertx.core.json.JsonObject;

/**
 * A review's diff, pinned: the SHAs git compared when the review was created. {@code base} is null when
 * {@code head} is a root commit (compared with the empty tree); for {@code A...B} it is the merge base, so base..head
 * is the same diff forever, whatever the branches do later.
 */
public record PinnedRange(String repo, String base, String head) {

  /** The arguments that select exactly this diff from {@code reviewgate.git.diff}. */
  public JsonObject diffArguments() {
    JsonObject args = new JsonObject();
    if (repo != null) {
      args.put("repo", repo);
    }
    return base == null ? args.put("commit", head) : args.put("base", base).put("head", head);
  }
}
