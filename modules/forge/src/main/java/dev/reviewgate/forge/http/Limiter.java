package dev.reviewgate.forge.http;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.function.Supplier;

/** At most {@code permits} tasks in flight; the rest wait in arrival order. Safe to call from several event loops. */
public final class Limiter {

  private final int permits;
  private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
  private int running;

  public Limiter(int permits) {
    this.permits = Math.max(1, permits);
  }

  public <T> Future<T> run(Supplier<Future<T>> task) {
    Promise<T> promise = Promise.promise();
    Runnable start = () -> {
      Future<T> future;
      try {
        future = task.get();
      } catch (RuntimeException e) {
        future = Future.failedFuture(e);
      }
      future.onComplete(done -> {
        release();
        promise.handle(done);
      });
    };
    boolean now;
    synchronized (this) {
      now = running < permits;
      if (now) {
        running++;
      } else {
        waiting.add(start);
      }
    }
    if (now) {
      start.run();
    }
    return promise.future();
  }

  private void release() {
    Runnable next;
    synchronized (this) {
      next = waiting.poll();
      if (next == null) {
        running--;
      }
    }
    if (next != null) {
      next.run();
    }
  }
}
