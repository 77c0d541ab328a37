package dev.reviewgate.review;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * Picks up, every {@code review.syncIntervalMs}, what other processes sharing the review store changed: new reviews,
 * comments, completions, deliveries. The dashboards this process serves hear of them as events, and an agent waiting
 * here gets new feedback. Confined to the review verticle's event loop.
 */
final class StoreSync {

  private static final Logger LOG = Logger.getLogger(StoreSync.class.getName());

  /** What a look at the store found: every document's stamp, and the reviews whose stamp changed. */
  record Scan(Map<String, ReviewStore.Stamp> stamps, List<ReviewStore.Stored> changed) {
  }

  private final Vertx vertx;
  private final KnownReviews reviews;
  private final FeedbackWaits waits;
  private Map<String, ReviewStore.Stamp> seen;
  private boolean syncing;
  private long timer = -1;

  /** @param seen the stamps of the documents as this process loaded them */
  StoreSync(Vertx vertx, KnownReviews reviews, FeedbackWaits waits, Map<String, ReviewStore.Stamp> seen) {
    this.vertx = vertx;
    this.reviews = reviews;
    this.waits = waits;
    this.seen = seen;
  }

  void start(long intervalMs) {
    timer = vertx.setPeriodic(intervalMs, id -> sync());
  }

  void stop() {
    vertx.cancelTimer(timer);
  }

  private void sync() {
    if (syncing) {
      return;
    }
    syncing = true;
    Map<String, ReviewStore.Stamp> before = seen;
    ReviewStore store = reviews.store();
    vertx.executeBlocking(() -> {
      Map<String, ReviewStore.Stamp> now = store.stamps();
      List<ReviewStore.Stored> changed = new ArrayList<>();
      for (Map.Entry<String, ReviewStore.Stamp> entry : now.entrySet()) {
        if (!entry.getValue().equals(before.get(entry.getKey()))) {
          try {
            store.loadStored(entry.getKey()).ifPresent(changed::add);
          } catch (RuntimeException unreadable) {
            LOG.fine(() -> "skipping review document " + entry.getKey() + ": " + unreadable.getMessage());
          }
        }
      }
      return new Scan(now, changed);
    }, false).onComplete(done -> {
      syncing = false;
      if (done.failed()) {
        LOG.fine(() -> "could not look for changes in the review store: " + done.cause().getMessage());
        return;
      }
      seen = done.result().stamps();
      done.result().changed().forEach(this::changedElsewhere);
    });
  }

  private void changedElsewhere(ReviewStore.Stored stored) {
    if (reviews.seen(stored)) {
      return; // this process's own write, or one it has seen
    }
    String id = stored.review().id();
    Review before = reviews.get(id);
    reviews.remember(stored);
    Review after = stored.review();
    if (vertx.isClustered()) {
      // The node that wrote it published its events to the whole cluster already: only a waiting agent here
      // needs to hear of it (several review nodes may share one store).
      if (!after.queue().isEmpty() && reviews.agentWaiting(after)) {
        waits.deliverIfWaiting(id);
      }
      return;
    }
    if (before == null) {
      reviews.publish(after, new JsonObject().put("type", "created"));
    } else {
      Map<String, ReviewThread> threads = new HashMap<>();
      before.threads().forEach(thread -> threads.put(thread.id(), thread));
      for (ReviewThread thread : after.threads()) {
        ReviewThread old = threads.get(thread.id());
        int seenComments = old == null ? 0 : old.comments().size();
        for (ReviewComment comment : thread.comments().subList(Math.min(seenComments, thread.comments().size()), thread.comments().size())) {
          reviews.publish(after, KnownReviews.commentEvent(new Review.Commented(after, thread, comment)));
        }
      }
      if (!before.pending().equals(after.pending())) {
        reviews.publish(after, KnownReviews.pendingEvent(after));
      }
      if (before.completion() == null && after.completion() != null) {
        reviews.publish(after, new JsonObject().put("type", "completed").put("completion", ReviewJson.toJson(after.completion())));
      } else if (before.status() != after.status()) {
        reviews.publish(after, new JsonObject().put("type", "status"));
      }
    }
    if (!after.queue().isEmpty() && reviews.agentWaiting(after)) {
      waits.deliverIfWaiting(id);
    }
  }
}
