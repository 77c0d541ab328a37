package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Blocks the JUnit thread (never an event loop) on a future, so that multi-step tests read top to bottom. */
final class Await {

  private Await() {
  }

  static <T> T result(Future<T> future) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException | TimeoutException e) {
      throw new IllegalStateException("no answer within 30 s", e);
    }
  }

  static ToolException failure(Future<?> future) {
    try {
      Object value = result(future);
      throw new AssertionError("expected a failure, got " + value);
    } catch (ToolException e) {
      return e;
    }
  }
}
