package dev.reviewgate.review;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.logging.Logger;

/**
 * The results an agent's wait for feedback ends with, blocking or kept as a task: the feedback item handed out (with
 * the code around a line comment), or why none came (superseded, closed, no feedback in time).
 */
final class FeedbackResults {

  private static final Logger LOG = Logger.getLogger(FeedbackResults.class.getName());

  private final ReviewOptions options;
  private final KnownReviews reviews;

  FeedbackResults(ReviewOptions options, KnownReviews reviews) {
    this.options = options;
    this.reviews = reviews;
  }

  /** The wait result that hands {@code item} to the agent; {@code next} is the review once the item left the queue. */
  Future<JsonObject> feedback(Review next, Feedback item, JsonObject facts) {
    int pending = next.queue().size();
    JsonObject result = facts.put("status", next.status().wire()).put("feedback", ReviewJson.toJson(item))
      .put("pending", pending);
    if (item.kind() == Feedback.Kind.COMPLETION) {
      return Future.succeededFuture(result.put("outcome", "completion").put("code_context", null)
        .put("instructions", FeedbackText.completion(next, item, pending)));
    }
    if (item.kind() == Feedback.Kind.REVIEW) {
      return batch(next, item, result.put("code_context", null).put("suggestion", null));
    }
    Suggestion suggestion = Suggestion.in(item);
    result.put("suggestion", suggestion == null ? null : suggestion.toJson());
    return codeContext(next, item).map(code -> result.put("outcome", "comment").put("code_context", code)
      .put("instructions", FeedbackText.comment(next, item, code, pending, options.maxQuotedChars())));
  }

  /**
   * A finished pending review: every comment of the batch with its suggestion and the code around it, in the
   * feedback's {@code comments}, and one text for all of them.
   */
  private Future<JsonObject> batch(Review next, Feedback item, JsonObject result) {
    List<Future<JsonObject>> contexts = item.batch().stream().map(comment -> codeContext(next, comment)).toList();
    return Future.all(contexts).map(ignored -> {
      List<JsonObject> codes = contexts.stream().map(Future::result).toList();
      JsonArray comments = result.getJsonObject("feedback").getJsonArray("comments");
      for (int i = 0; i < codes.size(); i++) {
        Suggestion suggestion = Suggestion.in(item.batch().get(i));
        comments.getJsonObject(i).put("suggestion", suggestion == null ? null : suggestion.toJson())
          .put("code_context", codes.get(i));
      }
      return result.put("outcome", "review").put("instructions",
        FeedbackText.review(next, item, codes, next.queue().size(), options.maxQuotedChars()));
    });
  }

  /** The code around a line comment (null for a file or review comment, or when it cannot be read). */
  private Future<JsonObject> codeContext(Review next, Feedback item) {
    if (item.file() == null || item.line() == null) {
      return Future.succeededFuture(null);
    }
    return reviews.diff(next).compose(view -> {
        JsonObject shown = view.context(item.file(), item.startLine(), item.line(), item.side(), options.contextLines());
        return shown != null ? Future.succeededFuture(shown) : fromFile(next, item);
      })
      .otherwise(failure -> {
        LOG.fine(() -> "no code context for feedback " + item.seq() + " on review " + next.id() + ": "
          + failure.getMessage());
        return null;
      });
  }

  /**
   * The lines around a comment on a line the diff does not show, read from the file at that side's commit, in the
   * form of {@link DiffView#context}.
   */
  private Future<JsonObject> fromFile(Review review, Feedback item) {
    int first = item.startLine() == null ? item.line() : item.startLine();
    String side = "old".equals(item.side()) ? "old" : "new";
    return reviews.fileLines(review, side, item.file(), Math.max(1, first - options.contextLines()),
      item.line() + options.contextLines()).map(read -> {
        JsonArray lines = new JsonArray();
        JsonArray texts = read.getJsonArray("lines");
        for (int i = 0; i < texts.size(); i++) {
          int number = read.getInteger("start_line") + i;
          lines.add(new JsonObject().put("kind", "context").put(side, number).put("text", texts.getString(i))
            .put("target", number >= first && number <= item.line()));
        }
        return new JsonObject().put("file", item.file()).put("line", item.line()).put("side", side)
          .put("lines", lines).put("from_file", true);
      });
  }

  /** A newer wait on the review took over. */
  static JsonObject superseded(JsonObject base, Review review) {
    return base.copy().put("status", review.status().wire()).put("outcome", "superseded").put("feedback", null)
      .put("pending", 0).put("instructions", FeedbackText.superseded(review));
  }

  /** The review is complete and nothing is left to hand out. */
  static JsonObject closed(JsonObject facts, Review review) {
    return facts.put("status", review.status().wire()).put("outcome", "closed")
      .put("feedback", null).put("pending", 0).put("instructions", FeedbackText.closed(review));
  }

  /** The wait's time is up; whatever is queued stays for the next wait. */
  JsonObject noFeedback(JsonObject base, Review review, long waitedMs) {
    return base.put("status", review.status().wire()).put("outcome", "no_feedback").put("feedback", null)
      .put("pending", review.queue().size())
      .put("instructions", FeedbackText.noFeedback(review, waitedMs, reviews.reviewUrl(review.id())));
  }
}
