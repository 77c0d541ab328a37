package dev.reviewgate.forge.http;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.function.Supplier;

/**
 * Runs state-changing requests one at a time, each starting at least {@code spacingMs} after the previous one ended:
 * the forges' guidance against secondary rate limits. Shared by every view of one {@link ForgeHttp}.
 */
public final class WriteQueue {

  private final Vertx vertx;
  private final long spacingMs;
  private final Object lock = new Object();
  private Future<Void> last = Future.succeededFuture();
  private long lastEndMs;

  public WriteQueue(Vertx vertx, long spacingMs) {
    this.vertx = vertx;
    this.spacingMs = spacingMs;
  }

  public <T> Future<T> run(Supplier<Future<T>> task) {
    Promise<T> result = Promise.promise();
    synchronized (lock) {
      last = last.transform(ignored -> {
        long wait;
        synchronized (lock) {
          wait = lastEndMs == 0 ? 0 : lastEndMs + spacingMs - System.currentTimeMillis();
        }
        return ForgeHttp.delay(vertx, wait).compose(v -> {
          try {
            return task.get();
          } catch (RuntimeException e) {
            return Future.<T>failedFuture(e);
          }
        }).transform(done -> {
          synchronized (lock) {
            lastEndMs = System.currentTimeMillis();
          }
          result.handle(done);
          return Future.<Void>succeededFuture();
        });
      });
    }
    return result.future();
  }
}
