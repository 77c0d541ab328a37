package dev.reviewgate.ado;

import dev.reviewgate.forge.ChangeSummary;
import dev.reviewgate.forge.diff.FileView;
import dev.reviewgate.forge.thread.CommitMessage;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The Azure DevOps tools' JSON, written from the records the services return (the tools' output schemas). */
final class AdoJson {

  private AdoJson() {
  }

  static JsonObject iteration(AdoIteration iteration) {
    return new JsonObject().put("id", iteration.id()).put("reason", iteration.reason()).put("author", iteration.author())
      .put("created", iteration.created()).put("source_commit", iteration.sourceCommit())
      .put("target_commit", iteration.targetCommit()).put("common_commit", iteration.commonCommit());
  }

  /** {@code ado_list_pull_request_iterations}. */
  static JsonObject iterations(AdoIteration.Listing listing) {
    return new JsonObject().put("pr_id", listing.pr())
      .put("iterations", new JsonArray(listing.iterations().stream().map(AdoJson::iteration).toList()))
      .put("count", listing.iterations().size()).put("warnings", new JsonArray(listing.warnings()));
  }

  /** {@code ado_get_pull_request}. */
  static JsonObject pullRequest(AdoPullRequest pr) {
    JsonArray reviewers = new JsonArray();
    JsonArray required = new JsonArray();
    for (AdoPullRequest.Reviewer reviewer : pr.reviewers()) {
      reviewers.add(new JsonObject().put("name", reviewer.name()).put("unique_name", reviewer.uniqueName())
        .put("vote", reviewer.vote()).put("vote_text", voteText(reviewer.vote())).put("is_required", reviewer.required()));
      if (reviewer.required()) {
        required.add(reviewer.name());
      }
    }
    JsonObject out = new JsonObject().put("pr_id", pr.id()).put("title", pr.title()).put("description", pr.description())
      .put("status", pr.status()).put("is_draft", pr.draft());
    pr.author().writeTo(out).put("created", pr.created())
      .put("source_branch", pr.sourceBranch()).put("target_branch", pr.targetBranch())
      .put("merge_status", pr.mergeStatus()).put("source_commit", pr.sourceCommit()).put("target_commit", pr.targetCommit())
      .put("reviewers", reviewers).put("required_reviewers", required).put("iterations_count", pr.iterations())
      .put("work_items", new JsonArray(pr.workItems().stream()
        .map(w -> new JsonObject().put("id", w.id()).put("url", w.url())).toList()))
      .put("statuses", new JsonArray(pr.checks().stream().map(c -> new JsonObject().put("name", c.name())
        .put("state", c.state()).put("description", c.description()).put("url", c.url())).toList()));
    if (pr.commits() != null) {
      out.put("commit_messages", CommitMessage.toJson(pr.commits()));
    }
    return out.put("warnings", new JsonArray(pr.warnings()));
  }

  /** {@code ado_list_pull_requests}. */
  static JsonObject listing(AdoPullRequest.Listing listing) {
    JsonArray items = new JsonArray();
    for (AdoPullRequest.Listed pr : listing.pullRequests()) {
      items.add(pr.author().writeTo(new JsonObject().put("pr_id", pr.id()).put("title", pr.title()).put("status", pr.status())
        .put("is_draft", pr.draft())).put("created", pr.created())
        .put("source_branch", pr.sourceBranch()).put("target_branch", pr.targetBranch()));
    }
    JsonObject result = new JsonObject().put("pull_requests", items).put("count", items.size());
    if (listing.nextSkip() != null) {
      result.put("next_skip", listing.nextSkip());
    }
    return result.put("warnings", new JsonArray(listing.warnings()));
  }

  /** {@code ado_get_pull_request_diff}. */
  static JsonObject diffPage(AdoDiffPage page) {
    JsonObject result = new JsonObject().put("pr_id", page.pr()).put("iteration_id", page.iteration().id())
      .put("iteration", iteration(page.iteration()));
    if (page.compareTo() != null) {
      result.put("compare_to", page.compareTo());
    }
    result.put("summary", summary(page.selected()));
    JsonArray changes = new JsonArray();
    StringBuilder unified = new StringBuilder();
    int additions = 0;
    int deletions = 0;
    int withDiffs = 0;
    for (AdoDiffPage.Shown shown : page.changes()) {
      AdoChange change = shown.change();
      JsonObject entry = new JsonObject().put("change_type", change.changeType()).put("path", change.path())
        .put("original_path", change.originalPath()).put("object_id", change.objectId())
        .put("original_object_id", change.originalObjectId()).put("url", change.url());
      if (page.objectTypes()) {
        entry.put("git_object_type", change.gitObjectType());
      }
      FileView view = shown.view();
      if (view != null) {
        withDiffs++;
        additions += shown.diff().additions();
        deletions += shown.diff().deletions();
        if (!"json".equals(view.format())) {
          unified.append((String) view.content());
        }
        entry.put("diff", new JsonObject().put("format", view.format()).put("content", view.content())
          .put("is_truncated", view.truncated()).put("additions", shown.diff().additions())
          .put("deletions", shown.diff().deletions()));
      }
      changes.add(entry);
    }
    int shownCount = page.changes().size();
    int total = page.selected().size();
    result.put("changes", changes)
      .put("pagination", new JsonObject()
        .put("showing", shownCount == 0 ? "0" : (page.skip() + 1) + "-" + (page.skip() + shownCount))
        .put("total", total).put("has_more", page.more()).put("next_skip", page.more() ? page.skip() + shownCount : null))
      .put("diffs", new JsonObject().put("included", page.diffsIncluded()).put("source", page.source())
        .put("total_files_with_diffs", withDiffs).put("total_additions", additions).put("total_deletions", deletions)
        .put("truncated_files", new JsonArray(page.truncated())));
    if (!unified.isEmpty()) {
      result.put("diff", unified.toString());
    }
    return result.put("warnings", new JsonArray(page.warnings()));
  }

  /** Counts by kind of change, most frequent first. */
  static JsonObject summary(List<AdoChange> changes) {
    return ChangeSummary.of(changes.stream().map(AdoChange::kind).toList());
  }

  static String voteText(Integer vote) {
    if (vote == null) {
      return "not reported";
    }
    return switch (vote) {
      case 10 -> "approved";
      case 5 -> "approved with suggestions";
      case -5 -> "waiting for author";
      case -10 -> "rejected";
      default -> "no vote";
    };
  }
}
