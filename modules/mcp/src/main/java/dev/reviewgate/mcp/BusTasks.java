package dev.reviewgate.mcp;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * Durable tasks kept by a backend, reached over the event bus at the address their id names ({@link
 * Addresses#taskAddress}), on any node of a cluster; {@link TaskJson#ofDocument} carries their documents over MCP.
 */
final class BusTasks implements DurableTasks {

  private final Vertx vertx;
  private final McpOptions options;
  /** How the results of the tools that may run as tasks read (a task's document does not name its tool). */
  private final java.util.List<dev.reviewgate.core.catalog.ReplyContent> contents;

  BusTasks(Vertx vertx, McpOptions options, java.util.List<dev.reviewgate.core.catalog.ReplyContent> contents) {
    this.vertx = vertx;
    this.options = options;
    this.contents = contents;
  }

  @Override
  public Future<JsonObject> get(String taskId) {
    return ask(new JsonObject().put("action", "get").put("task_id", taskId), taskId).map(document -> TaskJson.ofDocument(document, contents));
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
}
