package dev.reviewgate.mcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ReplyContent;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * The wire shapes of the tasks extension (SEP-2663): the {@code Task} fields, the flat {@code CreateTaskResult}, and a
 * backend's durable task document (snake_case, written by the backend that owns the task) carried as a task.
 */
final class TaskJson {

  private TaskJson() {
  }

  /** The {@code Task} fields every task result carries; durations are integer milliseconds ({@code ttlMs}). */
  static JsonObject task(String id, String status, Instant createdAt, Instant updatedAt, long ttlMs, long pollIntervalMs) {
    return new JsonObject()
      .put("taskId", id)
      .put("status", status)
      .put("createdAt", createdAt.toString())
      .put("lastUpdatedAt", updatedAt.toString())
      .put("ttlMs", ttlMs)
      .put("pollIntervalMs", pollIntervalMs);
  }

  /** A {@code CreateTaskResult}: {@code resultType: "task"} and the task's fields at the top level, nothing else. */
  static JsonObject created(JsonObject task) {
    JsonObject created = new JsonObject().put("resultType", "task");
    for (String field : new String[] {"taskId", "status", "statusMessage", "createdAt", "lastUpdatedAt", "ttlMs", "pollIntervalMs"}) {
      if (task.containsKey(field)) {
        created.put(field, task.getValue(field));
      }
    }
    return created;
  }

  /** A backend's task document as {@code tasks/get}'s {@code DetailedTask}; its outcome becomes a {@code CallToolResult}. */
  static JsonObject ofDocument(JsonObject document, java.util.List<ReplyContent> contents) {
    JsonObject json = task(document.getString("task_id"), document.getString("status"),
      Instant.parse(document.getString("created_at")), Instant.parse(document.getString("updated_at")),
      document.getLong("ttl_ms"), document.getLong("poll_interval_ms"));
    if (document.getValue("status_message") instanceof String message) {
      json.put("statusMessage", message);
    }
    JsonObject result = callResult(document, contents);
    if (result != null) {
      json.put("result", result);
    }
    return json;
  }

  /**
   * The {@code CallToolResult} a backend's outcome stands for, or null when it has none yet: {@code result} (with a
   * {@code note} said first, e.g. how the person confirmed the call), {@code tool_error} ({@code code}, {@code message})
   * or {@code error_text} (a call that was not made, in words).
   */
  static JsonObject callResult(JsonObject outcome, java.util.List<ReplyContent> contents) {
    if (outcome.getValue("result") instanceof JsonObject result) {
      JsonObject success = ToolResults.success(result, contents);
      if (outcome.getValue("note") instanceof String note) {
        ToolResults.withNote(success, note);
      }
      return success;
    }
    if (outcome.getValue("tool_error") instanceof JsonObject error) {
      return ToolResults.failure(new ToolException(error.getInteger("code", Failure.INTERNAL),
        error.getString("message", "the task ended with an error")));
    }
    if (outcome.getValue("error_text") instanceof String text) {
      return ToolResults.error(text);
    }
    return null;
  }
}
