package dev.reviewgate.app;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.function.BooleanSupplier;

/**
 * Waits, on the event loop, until a stdio client has had nothing in flight for a while: what the process does for
 * itself (the rest of the backends' start, the warm-up's steps, its summary line) waits for that, so that it never
 * takes the short gaps of a client asking call after call, whose own work (a git process between two calls) it slowed.
 */
final class ClientIdle {

  private ClientIdle() {
  }

  /**
   * Completes with true once {@code busy} has been false for {@code idleMs} in a row (looked at every {@code pollMs}),
   * or with false as soon as {@code over} holds. One promise and one periodic check: a timer chaining a new future per
   * look nested one completion in the next, and a client call of a few seconds (thousands of looks) overflowed the
   * stack when they unwound.
   */
  static Future<Boolean> after(Vertx vertx, BooleanSupplier busy, BooleanSupplier over, long idleMs, long pollMs) {
    if (over.getAsBoolean()) {
      return Future.succeededFuture(false);
    }
    Promise<Boolean> idle = Promise.promise();
    long idleNanos = idleMs * 1_000_000;
    long[] idleSince = {busy.getAsBoolean() ? 0 : System.nanoTime()};
    vertx.setPeriodic(pollMs, timer -> {
      long now = System.nanoTime();
      boolean ended = over.getAsBoolean();
      if (busy.getAsBoolean()) {
        idleSince[0] = 0;
      } else if (idleSince[0] == 0) {
        idleSince[0] = now;
      }
      if (ended || (idleSince[0] != 0 && now - idleSince[0] >= idleNanos)) {
        vertx.cancelTimer(timer);
        idle.tryComplete(!ended);
      }
    });
    return idle.future();
  }
}
