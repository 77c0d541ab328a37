package dev.reviewgate.github;

import dev.reviewgate.forge.thread.CommitMessage;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;

/** The one encoder of the GitHub tools: the records the services answer, as each tool's JSON reply (its output schema). */
final class GitHubJson {

  private GitHubJson() {
  }

  /** {@code github_get_pull_request_diff} without shaping options: the text, then the warnings. */
  static JsonObject diffText(DiffText diff) {
    return new JsonObject().put("diff", new String(diff.text(), StandardCharsets.UTF_8))
      .put("warnings", new JsonArray(diff.warnings()));
  }

  /** {@code github_get_pull_request_diff} with {@code files_only} and no other shaping: GitHub's own counts. */
  static JsonObject files(PullRequestFile.Listing listing) {
    JsonArray files = new JsonArray();
    for (PullRequestFile f : listing.files()) {
      JsonObject entry = new JsonObject().put("path", f.path()).put("additions", f.additions()).put("deletions", f.deletions())
        .put("status", f.status());
      if (f.previousPath() != null) {
        entry.put("previous_path", f.previousPath());
      }
      files.add(entry);
    }
    return new JsonObject().put("files", files).put("warnings", new JsonArray(listing.warnings()));
  }

  /** {@code github_get_pull_request}. */
  static JsonObject details(PullRequestReader.Details details) {
    PullRequest pull = details.pull();
    JsonObject json = summary(pull).put("body", pull.body()).put("mergeable", Summaries.mergeable(pull.mergeable()))
      .put("mergeable_state", pull.mergeableState()).put("additions", pull.additions()).put("deletions", pull.deletions())
      .put("changed_files", pull.changedFiles()).put("commits", pull.commits()).put("merged_at", pull.mergedAt())
      .put("closed_at", pull.closedAt()).put("base_sha", pull.baseSha()).put("reviews", reviews(details.reviews(), true))
      .put("checks", checks(details.checks()))
      .put("linkedIssues", new JsonArray(Summaries.linkedIssues(pull.body())))
      .put("reviewRequests", reviewRequests(pull.reviewRequests()));
    if (details.commits() != null) {
      json.put("commit_messages", CommitMessage.toJson(details.commits()));
    }
    return json.put("warnings", new JsonArray(details.warnings()));
  }

  /** {@code github_list_pull_requests}. */
  static JsonObject listing(PullRequestReader.Listing listing) {
    JsonArray pulls = new JsonArray();
    for (PullRequestReader.Listed listed : listing.pulls()) {
      JsonObject summary = summary(listed.pull());
      pulls.add(listed.withStatus() ? summary.put("checks", checks(listed.checks())).put("reviews", reviews(listed.reviews(), false))
        : summary);
    }
    JsonArray warnings = new JsonArray();
    if (listing.more()) {
      warnings.add("more pull requests match than limit " + listing.limit() + " (or the page bound github.maxListPages was "
        + "reached); narrow with base, head or author, or raise limit");
    }
    return new JsonObject().put("count", pulls.size()).put("pullRequests", pulls).put("warnings", warnings);
  }

  /**
   * The fields every summary has. {@code state} is open, closed or merged (GitHub says closed for merged ones); the
   * title (and the details' body) is the author's text, so {@code author} and {@code trust} stand beside it.
   */
  static JsonObject summary(PullRequest pull) {
    JsonObject summary = new JsonObject().put("number", pull.number()).put("title", pull.title()).put("url", pull.url())
      .put("state", pull.mergedAt() != null ? "merged" : pull.state()).put("draft", pull.draft());
    return pull.author().writeTo(summary).put("head_branch", pull.headRef()).put("head_sha", pull.headSha()).put("base_branch", pull.baseRef())
      .put("created_at", pull.createdAt()).put("updated_at", pull.updatedAt());
  }

  /** {@code {approved, changesRequested, pending, total, details[{login, state}]}}, details only when asked; null stays null. */
  static JsonObject reviews(Summaries.Reviews reviews, boolean withDetails) {
    if (reviews == null) {
      return null;
    }
    JsonObject json = new JsonObject().put("approved", reviews.approved()).put("changesRequested", reviews.changesRequested())
      .put("pending", reviews.pending()).put("total", reviews.latest().size());
    if (withDetails) {
      JsonArray details = new JsonArray();
      reviews.latest().forEach(review -> details.add(new JsonObject().put("login", review.login()).put("state", review.state())));
      json.put("details", details);
    }
    return json;
  }

  /** {@code {overall, success, failure, pending, total}}; null stays null. */
  static JsonObject checks(Summaries.Checks checks) {
    return checks == null ? null : new JsonObject().put("overall", checks.overall()).put("success", checks.success())
      .put("failure", checks.failure()).put("pending", checks.pending()).put("total", checks.total());
  }

  /** {@code {users: [login], teams: [slug]}}. */
  static JsonObject reviewRequests(PullRequest.ReviewRequests requests) {
    return new JsonObject().put("users", new JsonArray(requests.users())).put("teams", new JsonArray(requests.teams()));
  }

  /** {@code github_update_pull_request_state}: what was done, and what the action changed. */
  static JsonObject stateChange(PullRequestWriter.Change change) {
    JsonObject json = new JsonObject().put("action", change.action()).put("pr_number", change.number()).put("result", change.result());
    if (change.draft() != null) {
      json.put("draft", change.draft());
    }
    if (change.reviewRequests() != null) {
      json.put("reviewRequests", reviewRequests(change.reviewRequests()));
    }
    if (change.merge() != null) {
      json.put("merged", change.merge().merged()).put("sha", change.merge().sha()).put("merge_method", change.merge().method());
    }
    return json;
  }
}
