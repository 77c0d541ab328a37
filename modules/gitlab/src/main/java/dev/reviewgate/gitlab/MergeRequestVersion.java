package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.json.Fields;

/**
 * One version of a merge request (a push): the three commits GitLab positions comments with. {@code base} is the
 * merge base the version's diff starts from, {@code start} the target branch's head when it was made, {@code head}
 * the source branch's head. GitLab fills a version in asynchronously, so any of the three may still be null; only the
 * id is needed to name one.
 *
 * @param realSize GitLab's count of changed files ({@code "12"}, or {@code "1000+"} past its limit), or -1 untold
 */
record MergeRequestVersion(long id, String head, String base, String start, String created, String state, int realSize) {

  static MergeRequestVersion from(Fields json) {
    return new MergeRequestVersion(json.longValue("id"), json.optString("head_commit_sha"), json.optString("base_commit_sha"),
      json.optString("start_commit_sha"), json.optString("created_at"), json.optString("state"), realSize(json));
  }

  /** {@code real_size} is a string in GitLab's reference; some versions send a number. */
  private static int realSize(Fields json) {
    Integer number = json.optInt("real_size");
    if (number != null) {
      return number;
    }
    String text = json.optString("real_size");
    try {
      return text == null ? -1 : Integer.parseInt(text.replace("+", "").strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * This version, checked to have the commits a diff of it is written from (its head, and its base unless only its
   * head is compared with another's); else the clear error GitLab's incomplete reply deserves (it computes a
   * version's commits after a push, and has no base for branches without a common commit).
   */
  MergeRequestVersion withCommits(long iid, boolean withBase) {
    String lacking = head == null ? "head_commit_sha" : withBase && base == null ? "base_commit_sha" : null;
    if (lacking != null) {
      throw ToolException.upstream("GitLab's reply to " + GitLabEndpoints.VERSIONS.endpoint() + " has version " + id
        + " of merge request !" + iid + " without its " + lacking + " (null): GitLab has not computed that version's diff yet, "
        + "or its branches share no history. Retry in a moment; gitlab_list_merge_request_versions shows what GitLab has.");
    }
    return this;
  }
}
