package dev.reviewgate.review;

import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What review_publish posts for a completed review: the {@code pr_review} call with the person's verdict (request
 * changes → request_changes, checkpoint → approve, return → comment), the completion notes as the body, and the first
 * comment of every thread the person opened, on its line, at the reviewed head.
 */
record OutcomeDraft(String reviewId, JsonObject call) {

  /** The arguments of review_publish that name the pull request, passed on to pr_review as given. */
  private static final List<String> TARGET = List.of("forge", "owner", "repo", "project", "repository", "pr_number",
    "allow_moved_head");

  static OutcomeDraft of(Review review, JsonObject args) {
    if (review.completion() == null) {
      throw ToolException.conflict("review " + review.id() + " is not complete yet: its outcome is published once the person "
        + "completes it in the dashboard");
    }
    String verdict = switch (review.completion().action()) {
      case REQUEST_CHANGES -> "request_changes";
      case CHECKPOINT -> "approve";
      case RETURN -> "comment";
    };
    JsonArray comments = new JsonArray();
    for (ReviewThread thread : review.threads()) {
      ReviewComment first = thread.comments().isEmpty() ? null : thread.comments().get(0);
      if (thread.file() == null || first == null || first.author() != Author.PERSON) {
        continue;
      }
      JsonObject comment = new JsonObject().put("path", thread.file()).put("body", first.body());
      if (thread.line() != null) {
        comment.put("line", thread.line()).put("side", thread.side() == null ? "new" : thread.side());
      }
      comments.add(comment);
    }
    String notes = review.completion().notes();
    JsonObject call = new JsonObject().put("commit_id", review.head()).put("verdict", verdict)
      .put("body", (notes == null || notes.isBlank() ? "" : notes + "\n\n") + "(" + review.title() + ": reviewed in reviewgate, "
        + review.completion().action().label() + ")")
      .put("comments", comments);
    for (String key : TARGET) {
      if (args.containsKey(key)) {
        call.put(key, args.getValue(key));
      }
    }
    return new OutcomeDraft(review.id(), call);
  }
}
