package dev.reviewgate.mcp;

import dev.reviewgate.core.ToolException;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One task of this process (SEP-2663): work started by {@link RequestContext#asTask}, its status, the inputs it
 * waits for, and its outcome. It is the input channel of the work it runs: an {@link RequestContext#ask} parks the
 * task in {@code input_required} until {@code tasks/update} brings the answers. Thread-safe (tasks are read and
 * answered from any connection).
 */
final class TaskRun implements InputChannel {

  static final String WORKING = "working";
  static final String INPUT_REQUIRED = "input_required";
  static final String COMPLETED = "completed";
  static final String FAILED = "failed";
  static final String CANCELLED = "cancelled";

  private record Pending(JsonObject request, Promise<JsonObject> answer) {
  }

  private final String id;
  private final Instant createdAt;
  private final RequestContext context;
  private final Map<String, Pending> pending = new LinkedHashMap<>();
  private Instant updatedAt;
  private String status = WORKING;
  private JsonObject result;
  private JsonObject error;

  TaskRun(String id, RequestContext context) {
    this.id = id;
    this.context = context;
    this.createdAt = Instant.now();
    this.updatedAt = createdAt;
  }

  String id() {
    return id;
  }

  Instant createdAt() {
    return createdAt;
  }

  RequestContext context() {
    return context;
  }

  synchronized boolean terminal() {
    return status.equals(COMPLETED) || status.equals(FAILED) || status.equals(CANCELLED);
  }

  @Override
  public Future<JsonObject> ask(RequestContext request, JsonObject requests) {
    List<String> keys = new ArrayList<>(requests.fieldNames());
    List<Future<JsonObject>> answers = new ArrayList<>();
    synchronized (this) {
      if (terminal()) {
        return Future.failedFuture(new JsonRpcException(JsonRpc.REQUEST_CANCELLED, "task " + id + " has ended"));
      }
      for (String key : keys) {
        Promise<JsonObject> answer = Promise.promise();
        pending.put(key, new Pending(requests.getJsonObject(key), answer));
        answers.add(answer.future());
      }
      status = INPUT_REQUIRED;
      updatedAt = Instant.now();
    }
    return InputChannel.byKey(keys, answers);
  }

  /** {@code tasks/update}: hands each answer to the input it names (others are ignored); resumes when none is left. */
  void answer(JsonObject responses) {
    List<Runnable> resume = new ArrayList<>();
    synchronized (this) {
      for (String key : responses.fieldNames()) {
        Pending waiting = pending.get(key);
        if (waiting != null && responses.getValue(key) instanceof JsonObject answer) {
          pending.remove(key);
          resume.add(() -> waiting.answer().tryComplete(answer));
        }
      }
      if (!resume.isEmpty()) {
        updatedAt = Instant.now();
        if (pending.isEmpty() && status.equals(INPUT_REQUIRED)) {
          status = WORKING;
        }
      }
    }
    resume.forEach(Runnable::run); // outside the lock: the work continues on this thread
  }

  /** Records the work's outcome; a tool error is {@code completed} with {@code isError}, protocol errors {@code failed}. */
  void finish(AsyncResult<JsonObject> outcome) {
    synchronized (this) {
      if (terminal()) {
        return;
      }
      updatedAt = Instant.now();
      if (outcome.succeeded()) {
        status = COMPLETED;
        result = outcome.result() == null ? new JsonObject() : outcome.result().copy();
        result.remove("resultType");
      } else if (outcome.cause() instanceof ToolException tool) {
        status = COMPLETED;
        result = ToolResults.failure(tool);
      } else {
        status = FAILED;
        error = outcome.cause() instanceof JsonRpcException rpc
          ? new JsonObject().put("code", rpc.code()).put("message", rpc.getMessage())
          : new JsonObject().put("code", JsonRpc.INTERNAL_ERROR).put("message", "Internal error while the task ran; "
            + "the server log has the details.");
        if (outcome.cause() instanceof JsonRpcException rpc && rpc.data() != null) {
          error.put("data", rpc.data());
        }
      }
    }
  }

  /** {@code tasks/cancel}: ends the task as cancelled unless it already ended, and cancels its work. */
  void cancel() {
    List<Pending> dropped;
    synchronized (this) {
      if (terminal()) {
        return;
      }
      status = CANCELLED;
      updatedAt = Instant.now();
      dropped = new ArrayList<>(pending.values());
      pending.clear();
    }
    dropped.forEach(p -> p.answer().tryFail(new JsonRpcException(JsonRpc.REQUEST_CANCELLED, "task " + id + " was cancelled")));
    context.cancel();
  }

  /** The {@code DetailedTask} of {@code tasks/get}: status, timestamps, pending inputs, and once ended the outcome. */
  synchronized JsonObject toJson(long ttlMs, long pollIntervalMs) {
    JsonObject json = TaskJson.task(id, status, createdAt, updatedAt, ttlMs, pollIntervalMs);
    if (status.equals(INPUT_REQUIRED)) {
      JsonObject requests = new JsonObject();
      pending.forEach((key, p) -> requests.put(key, p.request().copy()));
      json.put("inputRequests", requests);
    } else if (status.equals(COMPLETED)) {
      json.put("result", result.copy());
    } else if (status.equals(FAILED)) {
      json.put("error", error.copy());
    }
    return json;
  }
}
