package dev.reviewgate.ado;

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
  static JsonObject iterations(int pr, List<AdoIteration> iterations) {
    return new JsonObject().put("pr_id", pr)
      .put("iterations", new JsonArray(iterations.stream().map(AdoJson::iteration).toList())).put("count", iterations.size());
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
    return new JsonObject().put("pr_id", pr.id()).put("title", pr.title()).put("description", pr.description())
      .put("status", pr.status()).put("is_draft", pr.draft()).put("author", pr.author()).put("created", pr.created())
      .put("source_branch", pr.sourceBranch()).put("target_branch", pr.targetBranch())
      .put("merge_status", pr.mergeStatus()).put("source_commit", pr.sourceCommit()).put("target_commit", pr.targetCommit())
      .put("reviewers", reviewers).put("required_reviewers", required).put("iterations_count", pr.iterations())
      .put("work_items", new JsonArray(pr.workItems().stream()
        .map(w -> new JsonObject().put("id", w.id()).put("url", w.url())).toList()))
      .put("statuses", new JsonArray(pr.checks().stream().map(c -> new JsonObject().put("name", c.name())
        .put("state", c.state()).put("description", c.description()).put("url", c.url())).toList()))
      .put("warnings", new JsonArray());
  }

  /** {@code ado_list_pull_requests}. */
  static JsonObject listing(AdoPullRequest.Listing listing) {
    JsonArray items = new JsonArray();
    for (AdoPullRequest.Listed pr : listing.pullRequests()) {
      items.add(new JsonObject().put("pr_id", pr.id()).put("title", pr.title()).put("status", pr.status())
        .put("is_draft", pr.draft()).put("author", pr.author()).put("created", pr.created())
        .put("source_branch", pr.sourceBranch()).put("target_branch", pr.targetBranch()));
    }
    JsonObject result = new JsonObject().put("pull_requests", items).put("count", items.size());
    if (listing.nextSkip() != null) {
      result.put("next_skip", listing.nextSkip());
    }
    return result.put("warnings", new JsonArray());
  }

  static String voteText(int vote) {
    return switch (vote) {
      case 10 -> "approved";
      case 5 -> "approved with suggestions";
      case -5 -> "waiting for author";
      case -10 -> "rejected";
      default -> "no vote";
    };
  }
}
