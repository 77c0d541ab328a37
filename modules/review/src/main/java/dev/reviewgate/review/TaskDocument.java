package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * The document the review service answers for one of its durable tasks, a wait for feedback ({@link
 * Addresses#REVIEW_TASKS}) or a draft awaiting approval ({@link Addresses#REVIEW_DRAFTS}); the MCP front-end carries
 * it to the client as the protocol's task. Both kinds are written here, with {@code review.taskPollIntervalMs}.
 */
final class TaskDocument {

  static final String WORKING = "working";
  static final String COMPLETED = "completed";
  static final String CANCELLED = "cancelled";

  private TaskDocument() {
  }

  /** The fields every task document has; the caller adds {@code status_message} or the outcome. */
  static JsonObject of(String taskId, String status, Instant createdAt, Instant updatedAt, long ttlMs,
                       ReviewOptions options) {
    return new JsonObject().put("task_id", taskId).put("status", status)
      .put("created_at", createdAt.toString()).put("updated_at", updatedAt.toString())
      .put("ttl_ms", ttlMs).put("poll_interval_ms", options.taskPollIntervalMs());
  }
}
