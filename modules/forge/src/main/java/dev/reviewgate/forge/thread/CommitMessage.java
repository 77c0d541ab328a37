package dev.reviewgate.forge.thread;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * One commit of a pull request as the tools show its message: the message is its author's text, so the author (a
 * forge login, or the git name and email where the forge names no account) and their trust stand beside it.
 */
public record CommitMessage(String sha, String message, Author author) {

  /** A commit's author as git names them, for a forge that names no account: {@code Name <email>}. */
  public static String gitName(String name, String email) {
    if (name == null && email == null) {
      return null;
    }
    return (name == null ? "" : name) + (email == null ? "" : (name == null ? "<" : " <") + email + ">");
  }

  public JsonObject toJson() {
    return author.writeTo(new JsonObject().put("sha", sha).put("message", message));
  }

  public static JsonArray toJson(List<CommitMessage> commits) {
    return new JsonArray(commits.stream().map(CommitMessage::toJson).toList());
  }
}
