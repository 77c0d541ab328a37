package dev.reviewgate.ado;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A pull request with what a reviewer needs around it: reviewers and their votes, how many iterations, linked work
 * items and status checks. Read from Azure DevOps' answers by {@link #from}; written as JSON by {@link AdoJson}.
 */
record AdoPullRequest(Integer id, String title, String description, String status, boolean draft, String author,
                      String created, String sourceBranch, String targetBranch, String mergeStatus, String sourceCommit,
                      String targetCommit, List<Reviewer> reviewers, int iterations, List<WorkItem> workItems,
                      List<Check> checks) {

  record Reviewer(String name, String uniqueName, int vote, boolean required) {
  }

  record WorkItem(Object id, String url) {
  }

  record Check(String name, String state, String description, String url) {
  }

  /**
   * @param pull       the pull request resource
   * @param iterations how many iterations it has
   * @param workItems  its {@code workitems} answer
   * @param statuses   its {@code statuses} answer
   */
  static AdoPullRequest from(JsonObject pull, int fallbackId, int iterations, JsonObject workItems, JsonObject statuses) {
    List<Reviewer> reviewers = objects(pull.getJsonArray("reviewers")).stream()
      .map(r -> new Reviewer(r.getString("displayName"), r.getString("uniqueName"), r.getInteger("vote", 0),
        r.getBoolean("isRequired", false))).toList();
    List<WorkItem> items = objects(workItems.getJsonArray("value")).stream()
      .map(w -> new WorkItem(w.getValue("id"), w.getString("url"))).toList();
    List<Check> checks = objects(statuses.getJsonArray("value")).stream().map(AdoPullRequest::check).toList();
    JsonObject creator = pull.getJsonObject("createdBy", new JsonObject());
    return new AdoPullRequest(pull.getInteger("pullRequestId", fallbackId), pull.getString("title"),
      pull.getString("description"), pull.getString("status"), pull.getBoolean("isDraft", false),
      creator.getString("displayName", creator.getString("uniqueName")), pull.getString("creationDate"),
      branch(pull.getString("sourceRefName")), branch(pull.getString("targetRefName")), pull.getString("mergeStatus"),
      AdoIteration.commit(pull, "lastMergeSourceCommit"), AdoIteration.commit(pull, "lastMergeTargetCommit"), reviewers,
      iterations, items, checks);
  }

  /** One entry of a pull request list: the fields a list shows. */
  record Listed(Integer id, String title, String status, boolean draft, String author, String created,
                String sourceBranch, String targetBranch) {

    static Listed from(JsonObject pull) {
      return new Listed(pull.getInteger("pullRequestId"), pull.getString("title"), pull.getString("status"),
        pull.getBoolean("isDraft", false), pull.getJsonObject("createdBy", new JsonObject()).getString("displayName"),
        pull.getString("creationDate"), branch(pull.getString("sourceRefName")), branch(pull.getString("targetRefName")));
    }
  }

  /** A page of pull requests; {@code nextSkip} is set when the page was full (more may follow). */
  record Listing(List<Listed> pullRequests, Integer nextSkip) {
  }

  private static Check check(JsonObject status) {
    JsonObject context = status.getJsonObject("context", new JsonObject());
    String name = (context.getString("genre") == null ? "" : context.getString("genre") + "/") + context.getString("name", "");
    return new Check(name, status.getString("state"), status.getString("description"), status.getString("targetUrl"));
  }

  static List<JsonObject> objects(JsonArray array) {
    return array == null ? List.of()
      : array.stream().filter(JsonObject.class::isInstance).map(JsonObject.class::cast).toList();
  }

  static String branch(String ref) {
    return ref != null && ref.startsWith("refs/heads/") ? ref.substring("refs/heads/".length()) : ref;
  }
}
