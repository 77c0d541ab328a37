package dev.reviewgate.review;

import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * An agent's wait for the person kept as a durable task (the MCP tasks extension): stored with its review, so any
 * process sharing the store answers for it and it survives restarts. While {@code working} the review's next
 * feedback goes to it; it then ends {@code completed} with the result the blocking wait would have returned
 * ({@code result}), or {@code cancelled}. {@code base} holds the fields every result of the wait starts with.
 */
public record WaitTask(String id, Instant createdAt, Instant updatedAt, String status, JsonObject base, JsonObject result) {

  public static final String WORKING = TaskDocument.WORKING;
  public static final String COMPLETED = TaskDocument.COMPLETED;
  public static final String CANCELLED = TaskDocument.CANCELLED;

  public WaitTask {
    base = base == null ? new JsonObject() : base.copy();
    result = result == null ? null : result.copy();
  }

  public boolean working() {
    return WORKING.equals(status);
  }

  WaitTask ended(String newStatus, JsonObject newResult, Instant now) {
    return new WaitTask(id, createdAt, now, newStatus, base, newResult);
  }

  /** The review a task id belongs to ({@code review.<reviewId>.<random>}), or null when it is not such an id. */
  public static String reviewOf(String taskId) {
    if (taskId == null || !taskId.startsWith("review.")) {
      return null;
    }
    int end = taskId.indexOf('.', "review.".length());
    String review = end < 0 ? null : taskId.substring("review.".length(), end);
    return ReviewStore.isId(review) ? review : null;
  }

  static String newId(String reviewId) {
    return "review." + reviewId + "." + java.util.UUID.randomUUID();
  }
}
