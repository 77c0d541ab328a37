package dev.reviewgate.mcp;

import io.vertx.core.json.JsonObject;
import java.time.Instant;

/** The wire shapes of the tasks extension (SEP-2663): the {@code Task} fields and the flat {@code CreateTaskResult}. */
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
}
