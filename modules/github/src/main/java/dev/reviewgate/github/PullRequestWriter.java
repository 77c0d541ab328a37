package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * {@code github_update_pull_request_state}: draft ↔ ready (GraphQL only: REST cannot do it), review requests, and
 * merges with a pre-check. Every result says in words what happened.
 */
public final class PullRequestWriter {

  private static final String READY = "mutation($id: ID!) { markPullRequestReadyForReview(input: {pullRequestId: $id}) "
    + "{ pullRequest { number isDraft } } }";
  private static final String DRAFT = "mutation($id: ID!) { convertPullRequestToDraft(input: {pullRequestId: $id}) "
    + "{ pullRequest { number isDraft } } }";

  private final GitHubClient client;
  private final PullRequestReader reader;

  /**
   * What {@code github_update_pull_request_state} did: the action, a sentence saying what happened, and what the
   * action changed (the draft flag, the requested reviewers, or the merge), null where it is another action's.
   */
  record Change(String action, int number, String result, Boolean draft, PullRequest.ReviewRequests reviewRequests, Merge merge) {

    static Change said(String action, int number, String result) {
      return new Change(action, number, result, null, null, null);
    }

    Change withDraft(boolean isDraft) {
      return new Change(action, number, result, isDraft, null, null);
    }
  }

  /** A merge as GitHub answered it; {@code sha} is null when GitHub sent none. */
  record Merge(boolean merged, String sha, String method) {
  }

  public PullRequestWriter(GitHubClient client, PullRequestReader reader) {
    this.client = client;
    this.reader = reader;
  }

  public Future<Change> update(RepoRef repo, int number, JsonObject args) {
    String action = args.getString("action");
    if (!client.options().hasToken()) {
      return Future.failedFuture(client.noToken(action + " on " + repo.pull(number)));
    }
    return switch (action) {
      case "ready_for_review" -> setDraft(repo, number, false);
      case "convert_to_draft" -> setDraft(repo, number, true);
      case "request_reviewers" -> requestReviewers(repo, number, args);
      case "merge" -> merge(repo, number, args);
      default -> Future.failedFuture(ToolException.invalid("unknown action '" + action
        + "'; use ready_for_review, convert_to_draft, request_reviewers or merge"));
    };
  }

  private Future<Change> setDraft(RepoRef repo, int number, boolean draft) {
    String action = draft ? "convert_to_draft" : "ready_for_review";
    return reader.pull(repo, number, false).compose(pull -> {
      if (Boolean.valueOf(draft).equals(pull.draft())) {
        return Future.succeededFuture(Change.said(action, number, repo.pull(number) + " is already "
          + (draft ? "a draft" : "ready for review") + "; nothing changed").withDraft(draft));
      }
      String nodeId = pull.nodeId();
      if (nodeId == null) {
        return Future.failedFuture(ToolException.upstream("GitHub gave no node id for " + repo.pull(number) + "; cannot call GraphQL"));
      }
      return client.graphql(draft ? DRAFT : READY, new JsonObject().put("id", nodeId), true, action + " on " + repo.pull(number))
        .compose(data -> ForgeReplies.readLater(draft ? GitHubEndpoints.DRAFT : GitHubEndpoints.READY, action, () -> {
          // the payload and its pullRequest are nullable in GitHub's schema: then the change asked for is what we know
          Fields payload = Fields.of(draft ? GitHubEndpoints.DRAFT : GitHubEndpoints.READY, data)
            .optObject(draft ? "convertPullRequestToDraft" : "markPullRequestReadyForReview");
          Fields pr = payload == null ? null : payload.optObject("pullRequest");
          boolean isDraft = pr == null ? draft : pr.bool("isDraft", draft);
          return Change.said(action, number, repo.pull(number) + (isDraft ? " is now a draft" : " is now ready for review"))
            .withDraft(isDraft);
        }));
    });
  }

  private Future<Change> requestReviewers(RepoRef repo, int number, JsonObject args) {
    JsonArray users = args.getJsonArray("reviewers", new JsonArray());
    JsonArray teams = args.getJsonArray("team_reviewers", new JsonArray());
    if (users.isEmpty() && teams.isEmpty()) {
      return Future.failedFuture(ToolException.invalid("request_reviewers needs at least one reviewer: pass reviewers "
        + "(user logins) and/or team_reviewers (team slugs)"));
    }
    JsonObject body = new JsonObject();
    if (!users.isEmpty()) {
      body.put("reviewers", users);
    }
    if (!teams.isEmpty()) {
      body.put("team_reviewers", teams);
    }
    return client.write(HttpMethod.POST, repo.path() + "/pulls/" + number + "/requested_reviewers", body,
        "request_reviewers on " + repo.pull(number))
      .map(response -> {
        JsonObject json = response.requireOk("review requests on " + repo.pull(number)).json();
        PullRequest.ReviewRequests requested = ForgeReplies.read(GitHubEndpoints.REQUEST_REVIEWERS, "request_reviewers",
          () -> PullRequest.reviewRequests(Fields.of(GitHubEndpoints.REQUEST_REVIEWERS, json)));
        return new Change("request_reviewers", number, "review requested on " + repo.pull(number) + " from "
          + String.join(", ", describe(users, teams)) + "; now requested: " + GitHubJson.reviewRequests(requested).encode(), null,
          requested, null);
      });
  }

  private static java.util.List<String> describe(JsonArray users, JsonArray teams) {
    java.util.List<String> names = new java.util.ArrayList<>();
    users.forEach(u -> names.add("@" + u));
    teams.forEach(t -> names.add("team " + t));
    return names;
  }

  private Future<Change> merge(RepoRef repo, int number, JsonObject args) {
    String method = args.getString("merge_method", "squash");
    String expected = args.getString("sha");
    String subject = repo.pull(number);
    return reader.pull(repo, number, true).compose(pull -> {
      String head = pull.headSha();
      if (pull.isMerged()) {
        return Future.failedFuture(ToolException.conflict(subject + " is already merged (" + pull.mergeCommitSha() + ")"));
      }
      if (!pull.open()) {
        return Future.failedFuture(ToolException.conflict(subject + " is closed; reopen it before merging"));
      }
      if (Boolean.FALSE.equals(pull.mergeable())) {
        return Future.failedFuture(ToolException.conflict(subject + " has merge conflicts (CONFLICTING): update the branch first "
          + "(merge or rebase " + pull.baseRef() + " into it), then merge again"));
      }
      if (expected != null && head != null && !head.equalsIgnoreCase(expected)) {
        return Future.failedFuture(headChanged(subject, expected, head));
      }
      JsonObject body = new JsonObject().put("merge_method", method);
      if (expected != null) {
        body.put("sha", expected);
      }
      if (args.getString("commit_title") != null) {
        body.put("commit_title", args.getString("commit_title"));
      }
      if (args.getString("commit_message") != null) {
        body.put("commit_message", args.getString("commit_message"));
      }
      return client.write(HttpMethod.PUT, repo.path() + "/pulls/" + number + "/merge", body, "merge of " + subject)
        .map(response -> switch (response.status()) {
          case 405 -> throw ToolException.conflict("not mergeable: " + messageOr(response, "GitHub refused the merge")
            + " (" + subject + "; check required reviews and checks with github_get_pull_request)");
          case 409 -> throw headChanged(subject, expected == null ? head : expected, messageOr(response, "the head moved"));
          default -> {
            JsonObject json = response.requireOk("the merge of " + subject).json();
            yield ForgeReplies.read(GitHubEndpoints.MERGE, "the merge of " + subject, () -> {
              Fields merged = Fields.of(GitHubEndpoints.MERGE, json);
              String message = merged.optString("message");
              return new Change("merge", number, subject + " merged with " + method + " as " + merged.optString("sha")
                + (message == null ? "" : " (" + message + ")"), null, null,
                new Merge(merged.bool("merged", true), merged.optString("sha"), method));
            });
          }
        });
    });
  }

  private static ToolException headChanged(String subject, String expected, String now) {
    return ToolException.conflict("head changed since " + expected + " on " + subject + " (now: " + now
      + "); review the new commits (github_get_pull_request_diff) and merge again with the new sha");
  }

  private static String messageOr(GitHubResponse response, String fallback) {
    return response.message() == null ? fallback : response.message();
  }
}
