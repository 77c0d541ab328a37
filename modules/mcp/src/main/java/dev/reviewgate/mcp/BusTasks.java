package dev.reviewgate.mcp;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * The durable tasks of the review service, reached over the event bus at {@link Addresses#REVIEW_TASKS} (waits for
 * feedback) or {@link Addresses#REVIEW_DRAFTS} (drafts awaiting approval), on any node of a cluster, and the mapping of its snake_case task documents onto the wire shapes of SEP-2663.
 */
final class BusTasks implements DurableTasks {

  private final Vertx vertx;
  private final McpOptions options;

  BusTasks(Vertx vertx, McpOptions options) {
    this.vertx = vertx;
    this.options = options;
  }

  @Override
  public Future<JsonObject> get(String taskId) {
    return ask(new JsonObject().put("action", "get").put("task_id", taskId), taskId).map(BusTasks::detailed);
  }

  @Override
  public Future<Void> update(String taskId, JsonObject inputResponses) {
    return ask(new JsonObject().put("action", "update").put("task_id", taskId).put("input_responses", inputResponses), taskId)
      .mapEmpty();
  }

  @Override
  public Future<Void> cancel(String taskId) {
    return ask(new JsonObject().put("action", "cancel").put("task_id", taskId), taskId).mapEmpty();
  }

  private Future<JsonObject> ask(JsonObject body, String taskId) {
    String address = Addresses.taskAddress(taskId);
    return BusRequests.request(vertx.eventBus(), address, body, options.toolTimeouts().defaultMs())
      .recover(failure -> {
        ToolException problem = BusRequests.toToolException(address, failure);
        if (problem.code() == Failure.NOT_FOUND || problem.code() == Failure.UNAVAILABLE) {
          return Future.failedFuture(Tasks.unknown(taskId));
        }
        return Future.failedFuture(new JsonRpcException(JsonRpc.INTERNAL_ERROR, "the task store could not answer for "
          + taskId + ": " + problem.getMessage()));
      });
  }

  /** A backend task document as {@code tasks/get}'s {@code DetailedTask}; its result becomes a {@code CallToolResult}. */
  static JsonObject detailed(JsonObject task) {
    JsonObject json = TaskJson.task(task.getString("task_id"), task.getString("status"),
      Instant.parse(task.getString("created_at")), Instant.parse(task.getString("updated_at")),
      task.getLong("ttl_ms"), task.getLong("poll_interval_ms", 1000L));
    if (task.getValue("status_message") instanceof String message) {
      json.put("statusMessage", message);
    }
    JsonObject result = callResult(task);
    if (result != null) {
      json.put("result", result);
    }
    return json;
  }

  /**
   * The {@code CallToolResult} a backend's outcome stands for, or null when it has none yet: {@code result} (with a
   * {@code note} said first, e.g. how the person approved a draft), {@code tool_error} ({@code code}, {@code message})
   * or {@code error_text} (a draft that was not posted, in words).
   */
  static JsonObject callResult(JsonObject outcome) {
    if (outcome.getValue("result") instanceof JsonObject result) {
      JsonObject success = ToolResults.success(result);
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
