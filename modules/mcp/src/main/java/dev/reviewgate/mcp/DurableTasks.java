package dev.reviewgate.mcp;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * Tasks kept outside this process, by the backend whose state they belong to, so that any front node answers for
 * them and they survive a restart. Each method fails with
 * {@link Tasks#unknown} when no such task exists.
 */
interface DurableTasks {

  /** The task's {@code DetailedTask} as {@code tasks/get} returns it. */
  Future<JsonObject> get(String taskId);

  Future<Void> update(String taskId, JsonObject inputResponses);

  Future<Void> cancel(String taskId);

  /** None: every task lives in this process. */
  DurableTasks NONE = new DurableTasks() {
    @Override
    public Future<JsonObject> get(String taskId) {
      return Future.failedFuture(Tasks.unknown(taskId));
    }

    @Override
    public Future<Void> update(String taskId, JsonObject inputResponses) {
      return Future.failedFuture(Tasks.unknown(taskId));
    }

    @Override
    public Future<Void> cancel(String taskId) {
      return Future.failedFuture(Tasks.unknown(taskId));
    }
  };
}
