package dev.reviewgate.gitlab;

import io.vertx.core.json.JsonObject;

/**
 * One version of a merge request (a push): the three commits GitLab positions comments with. {@code base} is the
 * merge base the version's diff starts from, {@code start} the target branch's head when it was made, {@code head}
 * the source branch's head.
 */
record MergeRequestVersion(long id, String head, String base, String start, String created, String state, int realSize) {

  static MergeRequestVersion from(JsonObject json) {
    Object size = json.getValue("real_size");
    int realSize;
    try {
      realSize = size == null ? -1 : Integer.parseInt(size.toString().replace("+", ""));
    } catch (NumberFormatException e) {
      realSize = -1;
    }
    return new MergeRequestVersion(json.getLong("id", 0L), json.getString("head_commit_sha"), json.getString("base_commit_sha"),
      json.getString("start_commit_sha"), json.getString("created_at"), json.getString("state"), realSize);
  }
}
