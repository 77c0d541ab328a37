package dev.reviewgate.gitlab;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.thread.Author;
import java.util.List;

/**
 * A merge request as GitLab's REST API reference describes it ({@code doc/api/merge_requests.md}): only {@code iid} is
 * needed to name one; the rest may be null or absent, and stays null here rather than invented. GitLab fills some
 * members in asynchronously after a push ({@code diff_refs}, {@code changes_count}: "empty when the merge request is
 * created"), older versions lack newer members (only {@code work_in_progress} where {@code draft} is missing,
 * {@code detailed_merge_status} before 15.6), and a deleted author's reply carries fewer members.
 *
 * @param author   with its trust: Developer access or above ({@link ProjectMembers})
 * @param diffRefs the three commits of the latest version, or null while GitLab has not computed them
 */
record MergeRequest(long iid, String title, String description, String state, boolean draft, Author author,
                    String sourceBranch, String targetBranch, String sha, DiffRefs diffRefs, String detailedMergeStatus,
                    Boolean hasConflicts, String webUrl, String createdAt, String updatedAt) {

  /** {@code diff_refs}: each SHA may itself be null (no merge base). */
  record DiffRefs(String base, String start, String head) {

    static DiffRefs from(Fields refs) {
      return refs == null ? null : new DiffRefs(refs.optString("base_sha"), refs.optString("start_sha"), refs.optString("head_sha"));
    }
  }

  /** {@code GET …/approvals}: its members differ between GitLab's tiers and versions, so each may be null. */
  record Approvals(Boolean approved, Integer approvalsRequired, Integer approvalsLeft, List<String> approvedBy,
                   boolean userHasApproved) {

    static Approvals from(Fields json) {
      return new Approvals(json.optBoolean("approved"), json.optInt("approvals_required"), json.optInt("approvals_left"),
        json.objects("approved_by", a -> GitLabEndpoints.username(a.optObject("user"))).stream()
          .filter(java.util.Objects::nonNull).toList(),
        json.bool("user_has_approved", false));
    }
  }

  /** One of {@code GET …/pipelines}. */
  record Pipeline(Long id, String sha, String ref, String status, String webUrl) {

    static Pipeline from(Fields json) {
      return new Pipeline(json.optLong("id"), json.optString("sha"), json.optString("ref"), json.optString("status"),
        json.optString("web_url"));
    }
  }

  static MergeRequest from(Fields json, ProjectMembers.Trust trust) {
    Boolean draft = json.optBoolean("draft");
    return new MergeRequest(json.longValue("iid"), json.optString("title"), json.optString("description"),
      json.optString("state"), draft != null ? draft : json.bool("work_in_progress", false),
      trust.author(json.optObject("author")), json.optString("source_branch"), json.optString("target_branch"),
      json.optString("sha"), DiffRefs.from(json.optObject("diff_refs")),
      json.optString("detailed_merge_status", json.optString("merge_status")), json.optBoolean("has_conflicts"),
      json.optString("web_url"), json.optString("created_at"), json.optString("updated_at"));
  }
}
