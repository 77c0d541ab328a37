package dev.reviewgate.gitea;

import dev.reviewgate.forge.json.Fields;

/**
 * A pull request as Gitea's API description has it (definitions {@code PullRequest} and {@code PRBranchInfo}): only
 * {@code number} is needed to name one. Gitea marks no member required; its Go pointers ({@code user},
 * {@code base}, {@code head}, {@code merged_by}, the dates) are null when unset, {@code merge_base} is empty until
 * Gitea has computed it, and {@code draft} is sent only by newer servers. What is not sent stays null here.
 *
 * @param mergeBase the commit the pull request's diff starts from, or null while Gitea has none
 * @param headSha   the head commit, or null when Gitea sent no head
 */
record GiteaPullRequest(long number, String title, String body, String state, Boolean draft, Boolean merged, Boolean mergeable,
                        String author, String headRef, String headSha, String baseRef, String baseSha, String mergeBase,
                        String htmlUrl, String createdAt, String updatedAt, String mergedAt) {

  static GiteaPullRequest from(Fields json) {
    Fields head = json.optObject("head");
    Fields base = json.optObject("base");
    return new GiteaPullRequest(json.longValue("number"), json.optString("title"), json.optString("body"),
      json.optString("state"), json.optBoolean("draft"), json.optBoolean("merged"), json.optBoolean("mergeable"),
      GiteaEndpoints.login(json.optObject("user")), head == null ? null : head.optString("ref"),
      sha(head), base == null ? null : base.optString("ref"), sha(base), nonEmpty(json.optString("merge_base")),
      json.optString("html_url"), json.optString("created_at"), json.optString("updated_at"), json.optString("merged_at"));
  }

  private static String sha(Fields branch) {
    return branch == null ? null : nonEmpty(branch.optString("sha"));
  }

  private static String nonEmpty(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
