package dev.reviewgate.github;

import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.thread.Author;
import java.util.ArrayList;
import java.util.List;

/**
 * A pull request as {@code GET /pulls/{n}} (schema {@code pull-request}) or {@code GET /pulls} (schema
 * {@code pull-request-simple}) gives it, read with GitHub's own nullability. Every call needs {@code head} and {@code head.sha};
 * the summaries also need {@code number} and {@code state} ({@link #summarised}); everything else may be null, meaning GitHub did not say.
 *
 * @param author        with its trust from {@code author_association}; its login is null for a deleted account (GitHub's
 *                      "ghost" sends {@code user: null})
 * @param draft         null when GitHub leaves it out (it is optional)
 * @param mergeable     null while GitHub is still computing it
 * @param headRepoGone  the head's repository is gone ({@code head.repo} null: a deleted fork)
 * @param baseSha       null only if GitHub left it out; a pinned comparison needs it
 */
record PullRequest(Integer number, String title, String url, String state, Boolean draft, Author author, String headRef,
                   String headSha, boolean headRepoGone, String baseRef, String baseSha, String createdAt, String updatedAt,
                   String body, Boolean mergeable, String mergeableState, Integer additions, Integer deletions,
                   Integer changedFiles, Integer commits, String mergedAt, String closedAt, Boolean merged,
                   String mergeCommitSha, String nodeId, List<String> requestedUsers, List<String> requestedTeams) {

  static PullRequest from(Fields pull) {
    Fields head = pull.object("head");
    Fields base = pull.optObject("base");
    Fields user = pull.optObject("user");
    return new PullRequest(pull.optInt("number"), pull.optString("title"), pull.optString("html_url"), pull.optString("state"),
      pull.optBoolean("draft"), AuthorAssociation.of(user, pull.optString("author_association")), head.optString("ref"), head.string("sha"),
      head.optObject("repo") == null, base == null ? null : base.optString("ref"), base == null ? null : base.optString("sha"),
      pull.optString("created_at"), pull.optString("updated_at"), pull.optString("body"), pull.optBoolean("mergeable"),
      pull.optString("mergeable_state"), pull.optInt("additions"), pull.optInt("deletions"), pull.optInt("changed_files"),
      pull.optInt("commits"), pull.optString("merged_at"), pull.optString("closed_at"), pull.optBoolean("merged"),
      pull.optString("merge_commit_sha"), pull.optString("node_id"), logins(pull.objects("requested_reviewers"), "login"),
      logins(pull.objects("requested_teams"), "slug"));
  }

  /** A pull request a summary shows: it also needs {@code number} and {@code state}. */
  static PullRequest summarised(Fields pull) {
    pull.intValue("number");
    pull.string("state");
    return from(pull);
  }

  private static List<String> logins(List<Fields> entries, String member) {
    List<String> out = new ArrayList<>();
    for (Fields entry : entries) {
      String name = entry.optString(member);
      if (name != null) {
        out.add(name);
      }
    }
    return List.copyOf(out);
  }

  boolean open() {
    return "open".equals(state);
  }

  boolean isMerged() {
    return mergedAt != null || Boolean.TRUE.equals(merged);
  }

  /** Requested reviewers: user logins and team slugs. */
  record ReviewRequests(List<String> users, List<String> teams) {
  }

  ReviewRequests reviewRequests() {
    return new ReviewRequests(requestedUsers, requestedTeams);
  }

  /** The requested reviewers of a reply that carries a pull request (e.g. the one a review request answers with). */
  static ReviewRequests reviewRequests(Fields pull) {
    return new ReviewRequests(logins(pull.objects("requested_reviewers"), "login"), logins(pull.objects("requested_teams"), "slug"));
  }

  /** What GitHub left unsaid about this pull request, in words an agent can act on. */
  List<String> unknowns() {
    List<String> out = new ArrayList<>();
    if (author.login() == null) {
      out.add("the author is unknown (author: null): GitHub sent no user, as it does for a deleted account (shown as \"ghost\")");
    }
    if (headRepoGone) {
      out.add("the head repository is gone (GitHub sent head.repo: null, as for a deleted fork); head_branch and head_sha are "
        + "as GitHub last knew them");
    }
    if (draft == null) {
      out.add("GitHub did not say whether this is a draft (draft: null)");
    }
    return out;
  }
}
