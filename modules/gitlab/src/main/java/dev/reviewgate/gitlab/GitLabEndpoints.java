package dev.reviewgate.gitlab;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;

/**
 * The GitLab endpoints whose replies this module reads, named as GitLab's REST API reference names them, for the
 * errors that say which reply lacked what.
 */
final class GitLabEndpoints {

  private static final String MR = "/projects/:id/merge_requests/:merge_request_iid";

  static final ForgeEndpoint MERGE_REQUESTS = get("/projects/:id/merge_requests");
  static final ForgeEndpoint MERGE_REQUEST = get(MR);
  static final ForgeEndpoint APPROVALS = get(MR + "/approvals");
  static final ForgeEndpoint PIPELINES = get(MR + "/pipelines");
  static final ForgeEndpoint VERSIONS = get(MR + "/versions");
  static final ForgeEndpoint VERSION = get(MR + "/versions/:version_id");
  static final ForgeEndpoint DIFFS = get(MR + "/diffs");
  static final ForgeEndpoint COMPARE = get("/projects/:id/repository/compare");
  static final ForgeEndpoint DISCUSSIONS = get(MR + "/discussions");
  static final ForgeEndpoint DISCUSSION = get(MR + "/discussions/:discussion_id");
  static final ForgeEndpoint RESOLVE = new ForgeEndpoint("GitLab", "PUT " + MR + "/discussions/:discussion_id");
  static final ForgeEndpoint REPLY = new ForgeEndpoint("GitLab", "POST " + MR + "/discussions/:discussion_id/notes");
  static final ForgeEndpoint DRAFT_NOTES = get(MR + "/draft_notes");
  static final ForgeEndpoint COMMITS = get(MR + "/commits");
  static final ForgeEndpoint MEMBER = get("/projects/:id/members/all/:user_id");

  private GitLabEndpoints() {
  }

  private static ForgeEndpoint get(String path) {
    return new ForgeEndpoint("GitLab", "GET " + path);
  }

  /**
   * A user as people name them: GitLab's UserBasic has {@code username} and {@code name}; a reply may carry fewer
   * members (or none, for a deleted user's ghost), then null.
   */
  static String username(Fields user) {
    return user == null ? null : user.optString("username", user.optString("name"));
  }
}
