package dev.reviewgate.review;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Applies changes to reviews off the event loop, one write at a time per review, in order. Each change is a function
 * of the review as stored at that moment (read under the store's lock, so another process's change is never
 * overwritten). Changes that arrive while a write runs share the next one (group commit): a burst of comments costs
 * a few fsyncs, not one each, and every change is acknowledged only once a write that includes it is on disk.
 * Confined to the owning verticle's event loop.
 */
final class ReviewWriter {

  /** What a change made: the review after it, and a value for its caller (the comment added, the item taken…). */
  record Applied<T>(Review review, T value) {
  }

  private record Change<T>(Function<Review, Applied<T>> apply, Promise<T> done) {
  }

  private final Vertx vertx;
  private final ReviewStore store;
  private final Consumer<ReviewStore.Stored> saved;
  private final Map<String, Future<Void>> tails = new HashMap<>();
  private final Map<String, List<Change<?>>> queued = new HashMap<>();

  /** @param saved told of every document written (on the event loop, before any of its changes completes) */
  ReviewWriter(Vertx vertx, ReviewStore store, Consumer<ReviewStore.Stored> saved) {
    this.vertx = vertx;
    this.store = store;
    this.saved = saved;
  }

  /** Completes when every write started or queued so far has finished (for a clean stop). */
  Future<Void> drain() {
    return Future.join(List.copyOf(tails.values())).mapEmpty();
  }

  /**
   * Applies {@code change} to the review as stored (null when it does not exist yet) and completes with the
   * change's value once the result is durably on disk; fails, changing nothing, when the change throws.
   */
  <T> Future<T> apply(String id, Function<Review, Applied<T>> change) {
    Promise<T> promise = Promise.promise();
    List<Change<?>> batch = queued.get(id);
    if (batch != null) {
      batch.add(new Change<>(change, promise)); // a write that has not started yet will include this change
      return promise.future();
    }
    List<Change<?>> fresh = new ArrayList<>();
    fresh.add(new Change<>(change, promise));
    queued.put(id, fresh);
    Future<Void> previous = tails.getOrDefault(id, Future.succeededFuture());
    Future<Void> write = previous.transform(ignored -> {
      List<Change<?>> changes = queued.remove(id);
      List<Object> values = new ArrayList<>();
      List<RuntimeException> failures = new ArrayList<>();
      return vertx.executeBlocking(() -> store.update(id, current -> {
        Review review = current;
        for (Change<?> each : changes) {
          try {
            Applied<?> applied = each.apply().apply(review);
            review = applied.review();
            values.add(applied.value());
            failures.add(null);
          } catch (RuntimeException e) {
            values.add(null);
            failures.add(e);
          }
        }
        return review;
      }), false).map(stored -> {
        if (stored != null) {
          saved.accept(stored);
        }
        for (int i = 0; i < changes.size(); i++) {
          complete(changes.get(i), values.get(i), failures.get(i));
        }
        return (Void) null;
      }).recover(failure -> {
        changes.forEach(each -> each.done().tryFail(failure));
        return Future.succeededFuture();
      });
    });
    tails.put(id, write);
    write.onComplete(done -> {
      if (tails.get(id) == write) {
        tails.remove(id);
      }
    });
    return promise.future();
  }

  @SuppressWarnings("unchecked")
  private static <T> void complete(Change<T> change, Object value, RuntimeException failure) {
    if (failure != null) {
      change.done().tryFail(failure);
    } else {
      change.done().tryComplete((T) value);
    }
  }
}
