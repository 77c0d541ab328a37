package dev.reviewgate.review;

import dev.reviewgate.core.bus.CallContext;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * An agent's wait on one review: a pending reply with its heartbeat and deadline timers.
 * Confined to the review verticle's event loop; {@link #end} releases everything exactly once.
 */
final class PendingWait {

  private final Vertx vertx;
  private final Promise<JsonObject> promise = Promise.promise();
  private final long startedAt = System.currentTimeMillis();
  private final CallContext context;
  private final JsonObject base;
  private long heartbeatTimer = -1;
  private long deadlineTimer = -1;
  private long beats;
  private boolean ended;

  PendingWait(Vertx vertx, CallContext context, JsonObject base) {
    this.vertx = vertx;
    this.context = context;
    this.base = base;
  }

  /** Fields every result of this wait starts with (e.g. the review_request facts). */
  JsonObject base() {
    return base.copy();
  }

  Future<JsonObject> future() {
    return promise.future();
  }

  long waitedMs() {
    return System.currentTimeMillis() - startedAt;
  }

  void heartbeatEvery(long intervalMs, String message) {
    if (!context.wantsProgress()) {
      return;
    }
    heartbeatTimer = vertx.setPeriodic(intervalMs, id -> vertx.eventBus().send(context.progressAddress(),
      CallContext.progress(++beats, message + " (" + waitedMs() / 1000 + " s so far)")));
  }

  void deadline(long ms, Runnable onExpiry) {
    deadlineTimer = vertx.setTimer(ms, id -> onExpiry.run());
  }

  /** The caller's call id, matched against cancellation messages; null when the caller gave none. */
  String callId() {
    return context.callId();
  }

  void end(JsonObject result) {
    if (release()) {
      promise.complete(result);
    }
  }

  void fail(Throwable failure) {
    if (release()) {
      promise.fail(failure);
    }
  }

  private boolean release() {
    if (ended) {
      return false;
    }
    ended = true;
    if (heartbeatTimer >= 0) {
      vertx.cancelTimer(heartbeatTimer);
    }
    if (deadlineTimer >= 0) {
      vertx.cancelTimer(deadlineTimer);
    }
    return true;
  }
}
