package dev.reviewgate.ado;

import io.vertx.core.json.JsonObject;

/**
 * One push to a pull request (an iteration) as Azure DevOps reports it: who pushed and when, and the commits it
 * compares: the source branch's head, the target's, and their merge base.
 */
record AdoIteration(Integer id, String reason, String author, String created, String sourceCommit, String targetCommit,
                    String commonCommit) {

  static AdoIteration from(JsonObject api) {
    JsonObject author = api.getJsonObject("author", new JsonObject());
    return new AdoIteration(api.getInteger("id"), api.getString("reason"),
      author.getString("displayName", author.getString("uniqueName")), api.getString("createdDate"),
      commit(api, "sourceRefCommit"), commit(api, "targetRefCommit"), commit(api, "commonRefCommit"));
  }

  /** The {@code commitId} of a commit reference field, or null. */
  static String commit(JsonObject json, String field) {
    JsonObject ref = json.getJsonObject(field);
    return ref == null ? null : ref.getString("commitId");
  }
}
