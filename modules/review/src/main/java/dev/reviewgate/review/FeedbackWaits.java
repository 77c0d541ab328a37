package dev.reviewgate.review;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.CallContext;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Agents' waits for the person's feedback on a review. A wait is a pending reply, not a thread: it ends when feedback
 * arrives (an event), when {@code review.maxWaitMs} passes (outcome {@code no_feedback}, not an error), when a newer
 * wait on the same review starts (the older one ends with outcome {@code superseded}; feedback always goes to the
 * newest wait), or when the caller cancels through its {@link CallContext} cancel address. A client that takes tasks
 * gets its wait as a durable task instead ({@link ReviewTasks}). Feedback that arrives while nobody waits stays in the
 * review's durable queue and is handed out one item per wait, oldest first. Confined to the review verticle's event
 * loop.
 */
final class FeedbackWaits {

  private final Vertx vertx;
  private final ReviewOptions options;
  private final KnownReviews reviews;
  private final FeedbackResults results;
  private final ReviewTasks tasks;
  private final Map<String, PendingWait> waits = new HashMap<>();

  FeedbackWaits(Vertx vertx, ReviewOptions options, KnownReviews reviews, FeedbackResults results, ReviewTasks tasks) {
    this.vertx = vertx;
    this.options = options;
    this.reviews = reviews;
    this.results = results;
    this.tasks = tasks;
  }

  /** True when a blocking wait on review {@code id} is held here. */
  boolean held(String id) {
    return waits.containsKey(id);
  }

  /** Waits for the next feedback on review {@code id}: at once when some is queued, as a task when the caller takes one. */
  Future<JsonObject> await(String id, CallContext context, JsonObject facts) {
    Review queued = reviews.get(id);
    if (context.acceptsTask() && !(queued.completion() != null && queued.queue().isEmpty())) {
      supersede(id);
      return tasks.start(id, facts);
    }
    if (!queued.queue().isEmpty()) {
      // Taken as stored: another process sharing the store may have handed that item out already.
      return take(id, facts.copy()).compose(result -> result != null ? Future.succeededFuture(result) : wait(id, context, facts));
    }
    return wait(id, context, facts);
  }

  /** Waits for the next feedback on review {@code id} (none is queued as far as this process knows). */
  private Future<JsonObject> wait(String id, CallContext context, JsonObject facts) {
    Review review = reviews.get(id);
    if (review.completion() != null && review.queue().isEmpty()) {
      return Future.succeededFuture(FeedbackResults.closed(facts, review));
    }
    supersede(id);
    review.workingTask().ifPresent(task -> tasks.end(id, task.id(), WaitTask.COMPLETED,
      FeedbackResults.superseded(task.base(), review)));
    PendingWait wait = new PendingWait(vertx, context, facts, options.replyTransitMs());
    waits.put(id, wait);
    wait.heartbeatEvery(options.heartbeatMs(), FeedbackText.waiting(id, reviews.reviewUrl(id)));
    wait.deadline(options.maxWaitMs(), () -> {
      if (waits.remove(id, wait)) {
        endWithoutFeedback(id, wait);
      }
    });
    reviews.publishWaiting(review);
    return wait.future();
  }

  /** Ends the blocking wait on review {@code id}, if there is one, as superseded by a newer wait. */
  private void supersede(String id) {
    PendingWait older = waits.remove(id);
    if (older != null) {
      older.end(FeedbackResults.superseded(older.base(), reviews.get(id)));
    }
  }

  /** Ends a wait with "no feedback yet" (its time is up); whatever is queued stays for the next wait. */
  private void endWithoutFeedback(String id, PendingWait wait) {
    Review now = reviews.get(id);
    wait.end(results.noFeedback(wait.base(), now, wait.waitedMs()));
    reviews.publishWaiting(now);
  }

  /** A front-end abandoned a call: if it is a pending wait, end it and keep the queue as it is. */
  void cancel(String callId) {
    waits.entrySet().removeIf(entry -> {
      PendingWait wait = entry.getValue();
      if (!callId.equals(wait.callId())) {
        return false;
      }
      wait.fail(ToolException.conflict("the wait on review " + entry.getKey() + " was cancelled by the caller; "
        + "queued feedback is kept for the next wait."));
      vertx.runOnContext(v -> reviews.publishWaiting(reviews.get(entry.getKey())));
      return true;
    });
  }

  /** The service stops: every blocking wait ends with a failure saying to wait again; the queues are kept. */
  void stop() {
    waits.values().forEach(wait -> wait.fail(new ToolException(Failure.UNAVAILABLE, "the review service is stopping; call "
      + "review_update with action wait_for_feedback again once it is back. Queued feedback is kept.")));
    waits.clear();
  }

  /** Hands the oldest queued item to the waiting agent (a blocking wait, else a task), if one waits; true when one waited. */
  boolean deliverIfWaiting(String id) {
    PendingWait wait = waits.remove(id);
    if (wait == null) {
      return tasks.deliver(id);
    }
    if (wait.callerLeaving()) {
      // Its caller is about to stop listening: the item stays queued for whoever waits next.
      endWithoutFeedback(id, wait);
      return false;
    }
    take(id, wait.base()).onComplete(done -> {
      if (done.failed()) {
        wait.fail(done.cause());
      } else if (done.result() != null) {
        wait.end(done.result());
      } else if (!waits.containsKey(id)) {
        waits.put(id, wait); // another process took the item first: keep waiting for the next one
      } else {
        wait.end(FeedbackResults.superseded(wait.base(), reviews.get(id)));
      }
    });
    return true;
  }

  /**
   * Takes the oldest queued item off the review as stored (under the store's lock, so that of several processes
   * sharing the store exactly one hands it out) and builds the wait result; null when the queue was empty.
   */
  private Future<JsonObject> take(String id, JsonObject facts) {
    return reviews.writer().<Feedback>apply(id, current -> current == null || current.queue().isEmpty()
        ? new ReviewWriter.Applied<>(current, null)
        : new ReviewWriter.Applied<>(current.dequeue(Instant.now()), current.queue().get(0)))
      .compose(item -> item == null ? Future.succeededFuture(null) : delivered(id, item, facts));
  }

  private Future<JsonObject> delivered(String id, Feedback item, JsonObject facts) {
    Review next = reviews.get(id);
    reviews.publish(next, new JsonObject().put("type", "delivered").put("seq", item.seq()));
    reviews.publishWaiting(next);
    return results.feedback(next, item, facts);
  }
}
