package dev.reviewgate.mcp;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The tasks extension (SEP-2663) of one server: starts tasks ({@link RequestContext#asTask}) and answers
 * {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel}. Tasks whose work runs in this process live here,
 * each for {@code ttlMs} after it was created; a task id this process does not know is asked of the
 * {@link DurableTasks} (a backend may keep its tasks with its own state, e.g. a wait for a person, so that any node
 * answers for them and they survive restarts).
 */
final class Tasks {

  private final McpOptions options;
  private final DurableTasks durable;
  private final Map<String, TaskRun> runs = new ConcurrentHashMap<>();

  Tasks(McpOptions options, DurableTasks durable) {
    this.options = options;
    this.durable = durable;
  }

  /** Starts {@code work} as a task of {@code request}'s client; the task exists (tasks/get finds it) before this returns. */
  JsonObject start(RequestContext request, Function<RequestContext, Future<JsonObject>> work) {
    sweep();
    if (runs.size() >= options.maxTasks()) {
      throw new JsonRpcException(JsonRpc.INTERNAL_ERROR, "this server holds " + runs.size() + " tasks, its limit "
        + "(mcp.maxTasks); wait for some to end or cancel them with tasks/cancel, then call again");
    }
    RequestContext context = request.detached();
    TaskRun run = new TaskRun("task-" + UUID.randomUUID(), context);
    context.inputs(run);
    runs.put(run.id(), run);
    JsonObject created = TaskJson.created(run.toJson(options.taskTtlMs(), options.taskPollIntervalMs()));
    // The work starts after the CreateTaskResult is on its way, on the requester's context.
    context.onContext(() -> {
      Future<JsonObject> outcome;
      try {
        outcome = work.apply(context);
      } catch (RuntimeException e) {
        outcome = Future.failedFuture(e);
      }
      outcome.onComplete(run::finish);
    });
    return created;
  }

  Future<JsonObject> get(RequestContext request, JsonObject params) {
    String id = taskId(request, params);
    TaskRun run = runs.get(id);
    if (run != null) {
      return Future.succeededFuture(run.toJson(options.taskTtlMs(), options.taskPollIntervalMs()));
    }
    return durable.get(id);
  }

  Future<JsonObject> update(RequestContext request, JsonObject params) {
    String id = taskId(request, params);
    if (!(params.getValue("inputResponses") instanceof JsonObject responses)) {
      throw JsonRpcException.invalidParams("Invalid params: tasks/update needs \"inputResponses\", an object of answers "
        + "keyed as the task's inputRequests (tasks/get lists them).");
    }
    TaskRun run = runs.get(id);
    if (run != null) {
      run.answer(responses);
      return Future.succeededFuture(new JsonObject());
    }
    return durable.update(id, responses).map(done -> new JsonObject());
  }

  Future<JsonObject> cancel(RequestContext request, JsonObject params) {
    String id = taskId(request, params);
    TaskRun run = runs.get(id);
    if (run != null) {
      run.cancel();
      return Future.succeededFuture(new JsonObject());
    }
    return durable.cancel(id).map(done -> new JsonObject());
  }

  /** The task id of a tasks/* request, after checking the client negotiated the extension (else -32021). */
  private static String taskId(RequestContext request, JsonObject params) {
    if (!request.tasksNegotiated()) {
      throw notNegotiated(request.method() + " belongs to the tasks extension");
    }
    if (!(params.getValue("taskId") instanceof String id) || id.isEmpty()) {
      throw JsonRpcException.invalidParams("Invalid params: " + request.method() + " needs \"taskId\", the id of a task "
        + "a tools/call returned.");
    }
    return id;
  }

  /** Drops tasks whose time to live has passed (a task still running then is cancelled first). */
  private void sweep() {
    Instant oldest = Instant.now().minusMillis(options.taskTtlMs());
    runs.values().removeIf(run -> {
      if (run.createdAt().isAfter(oldest)) {
        return false;
      }
      run.cancel();
      return true;
    });
  }

  /** -32021 naming the tasks extension as the capability the client must declare for {@code what}. */
  static JsonRpcException notNegotiated(String what) {
    return new JsonRpcException(JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability: "
      + what + "; declare \"" + RequestContext.TASKS_EXTENSION + "\" under extensions in the request's client "
      + "capabilities", new JsonObject().put("requiredCapabilities", new JsonObject().put("extensions",
        new JsonObject().put(RequestContext.TASKS_EXTENSION, new JsonObject()))));
  }

  static JsonRpcException unknown(String id) {
    return JsonRpcException.invalidParams("Invalid params: no task '" + id + "' is known here; it may have passed its "
      + "ttlMs. Call the tool again to start a new one.");
  }
}
