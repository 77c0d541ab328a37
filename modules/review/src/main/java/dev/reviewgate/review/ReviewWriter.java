package dev.reviewgate.review;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Persists reviews off the event loop, one write at a time per review, in order. A write saves the review's latest
 * state when it starts, so changes made while another write runs share the next one (group commit): a burst of
 * comments costs a few fsyncs, not one each, and every change is acknowledged only once a write that includes it is
 * on disk. Confined to the owning verticle's event loop.
 */
final class ReviewWriter {

  private final Vertx vertx;
  private final ReviewStore store;
  private final Function<String, Review> latest;
  private final Map<String, Future<Void>> tails = new HashMap<>();
  private final Map<String, Promise<Void>> queued = new HashMap<>();

  ReviewWriter(Vertx vertx, ReviewStore store, Function<String, Review> latest) {
    this.vertx = vertx;
    this.store = store;
    this.latest = latest;
  }

  /** Completes when every write started or queued so far has finished (for a clean stop). */
  Future<Void> drain() {
    return Future.join(List.copyOf(tails.values())).mapEmpty();
  }

  /** Completes once the review's current state (or a later one) is durably on disk. */
  Future<Void> persist(String id) {
    Promise<Void> waiting = queued.get(id);
    if (waiting != null) {
      return waiting.future(); // a write that has not started yet will include this change
    }
    Promise<Void> promise = Promise.promise();
    queued.put(id, promise);
    Future<Void> previous = tails.getOrDefault(id, Future.succeededFuture());
    Future<Void> write = previous.transform(ignored -> {
      queued.remove(id);
      Review snapshot = latest.apply(id);
      return vertx.<Void>executeBlocking(() -> {
        store.save(snapshot);
        return null;
      }, false);
    });
    tails.put(id, write);
    write.onComplete(done -> {
      if (tails.get(id) == write) {
        tails.remove(id);
      }
    });
    write.onComplete(promise);
    return promise.future();
  }
}
