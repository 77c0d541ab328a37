package dev.reviewgate.testkit;

import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Blocks the test's thread (never an event loop) on a future, so that multi-step tests read top to bottom; a failure
 * comes out as what failed it (a {@link ToolException} with its code), not wrapped.
 */
public final class Await {

  private static final long SECONDS = 30;

  private Await() {
  }

  public static <T> T result(Future<T> future) {
    return result(future, SECONDS);
  }

  public static <T> T result(Future<T> future, long seconds) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(seconds, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting", e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("no answer within " + seconds + " s", e);
    }
  }

  /** The ToolException {@code future} fails with; an AssertionError when it succeeds. */
  public static ToolException failure(Future<?> future) {
    try {
      Object value = result(future);
      throw new AssertionError("expected a failure, got " + value);
    } catch (ToolException e) {
      return e;
    }
  }
}
