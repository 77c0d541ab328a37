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
  /** How long a reply needs to reach the caller (event bus, bridge, a store write before it): review.replyTransitMs. */
  private final long replyTransitMs;
  private long heartbeatTimer = -1;
  private long deadlineTimer = -1;
  private long beats;
  private boolean ended;

  PendingWait(Vertx vertx, CallContext context, JsonObject base, long replyTransitMs) {
    this.vertx = vertx;
    this.context = context;
    this.base = base;
    this.replyTransitMs = replyTransitMs;
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

  /**
   * Reports {@code message} to a caller that asked for progress: at once, so that it can tell the person what to
   * open before the first interval passes, then every {@code intervalMs} with the time waited so far.
   */
  void heartbeatEvery(long intervalMs, String message) {
    if (!context.wantsProgress()) {
      return;
    }
    vertx.eventBus().send(context.progressAddress(), CallContext.progress(++beats, message));
    heartbeatTimer = vertx.setPeriodic(intervalMs, id -> vertx.eventBus().send(context.progressAddress(),
      CallContext.progress(++beats, message + " (" + waitedMs() / 1000 + " s so far)")));
  }

  /**
   * Ends the wait through {@code onExpiry} after {@code maxMs}, or earlier, the reply's transit time before the
   * caller stops listening ({@link CallContext#replyBy}), so that its "no feedback yet" still reaches it.
   */
  void deadline(long maxMs, Runnable onExpiry) {
    long ms = maxMs;
    if (context.replyBy() > 0) {
      ms = Math.min(ms, context.replyBy() - replyTransitMs - System.currentTimeMillis());
    }
    deadlineTimer = vertx.setTimer(Math.max(1, ms), id -> onExpiry.run());
  }

  /** True when a reply sent now might arrive after the caller stopped listening: nothing must be handed out then. */
  boolean callerLeaving() {
    return context.replyBy() > 0 && System.currentTimeMillis() > context.replyBy() - replyTransitMs;
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
