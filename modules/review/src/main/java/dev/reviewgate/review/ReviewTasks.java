package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.logging.Logger;

/**
 * Waits for feedback kept as durable tasks, for clients that take tasks (MCP tasks extension): each is stored with its
 * review ({@link WaitTask}), so any process sharing the store answers for it ({@link Addresses#REVIEW_TASKS}) and it
 * survives restarts; the review's next feedback completes it. Confined to the review verticle's event loop.
 */
final class ReviewTasks {

  private static final Logger LOG = Logger.getLogger(ReviewTasks.class.getName());

  private final Vertx vertx;
  private final ReviewOptions options;
  private final KnownReviews reviews;
  private final FeedbackResults results;

  ReviewTasks(Vertx vertx, ReviewOptions options, KnownReviews reviews, FeedbackResults results) {
    this.vertx = vertx;
    this.options = options;
    this.reviews = reviews;
    this.results = results;
  }

  /**
   * Starts a task waiting on review {@code id}, answered at once with {@code {"task": …}}; the review's next feedback
   * completes it (now, if some is queued). It supersedes the review's other working task. The caller has ended any
   * blocking wait on the review.
   */
  Future<JsonObject> start(String id, JsonObject facts) {
    Instant now = Instant.now();
    WaitTask task = new WaitTask(WaitTask.newId(id), now, now, WaitTask.WORKING, facts, null);
    return reviews.writer().apply(id, current -> {
      if (current == null) {
        throw KnownReviews.notFound(id);
      }
      return new ReviewWriter.Applied<>(current.startTask(task, FeedbackResults.superseded(facts, current),
        options.keptTasks(), Instant.now()), task);
    }).map(started -> {
      Review saved = reviews.get(id);
      reviews.publishWaiting(saved);
      if (!saved.queue().isEmpty()) {
        deliver(id);
      }
      return new JsonObject().put("task", json(started));
    });
  }

  /**
   * Hands the oldest queued item to the review's working task, if it has one: the result is built first, then the
   * item leaves the queue and the task completes in one durable change, only if both are still as they were (another
   * process sharing the store may have handed it out). True when a task was waiting.
   */
  boolean deliver(String id) {
    Review review = reviews.get(id);
    WaitTask task = review == null ? null : review.workingTask().orElse(null);
    if (task == null) {
      return false;
    }
    if (review.queue().isEmpty()) {
      return true;
    }
    Feedback item = review.queue().get(0);
    results.feedback(review.dequeue(Instant.now()), item, task.base())
      .compose(result -> reviews.writer().apply(id, current -> {
        boolean still = current != null && !current.queue().isEmpty() && current.queue().get(0).seq() == item.seq()
          && current.task(task.id()).map(WaitTask::working).orElse(false);
        return still ? new ReviewWriter.Applied<>(current.deliverToTask(task.id(), result, Instant.now()), true)
          : new ReviewWriter.Applied<>(current, false);
      }))
      .onSuccess(done -> {
        if (done) {
          Review next = reviews.get(id);
          reviews.publish(next, new JsonObject().put("type", "delivered").put("seq", item.seq()));
          reviews.publishWaiting(next);
        }
      })
      .onFailure(failure -> LOG.warning("could not hand feedback " + item.seq() + " of review " + id + " to task "
        + task.id() + ": " + failure.getMessage() + "; it stays queued"));
    return true;
  }

  void end(String id, String taskId, String status, JsonObject result) {
    reviews.writer().apply(id, current -> new ReviewWriter.Applied<>(current == null ? null
        : current.endTask(taskId, status, result, Instant.now()), null))
      .onFailure(failure -> LOG.warning("could not end task " + taskId + ": " + failure.getMessage()));
  }

  /**
   * {@link Addresses#REVIEW_TASKS}: reads the task from the store as it is now (another process may have changed
   * it), so every node and every restart gives the same answer.
   */
  Future<JsonObject> answer(JsonObject body) {
    String taskId = body == null ? null : body.getString("task_id");
    String reviewId = WaitTask.reviewOf(taskId);
    if (reviewId == null) {
      return Future.failedFuture(ToolException.notFound("no task '" + taskId + "'"));
    }
    return vertx.executeBlocking(() -> reviews.store().loadStored(reviewId), false).compose(stored -> {
      WaitTask task = stored.flatMap(s -> s.review().task(taskId)).orElse(null);
      if (task == null || task.createdAt().plusMillis(options.taskTtlMs()).isBefore(Instant.now())) {
        return Future.failedFuture(ToolException.notFound("no task '" + taskId + "' (it may have passed its ttl_ms, "
          + "or its review was removed)"));
      }
      reviews.remember(stored.get());
      String action = body.getString("action", "get");
      if (action.equals("cancel")) {
        if (task.working()) {
          end(reviewId, taskId, WaitTask.CANCELLED, null);
        }
        return Future.succeededFuture(new JsonObject());
      }
      if (action.equals("update")) {
        return Future.succeededFuture(new JsonObject()); // a wait for a person takes no input from the client
      }
      if (task.working() && !stored.get().review().queue().isEmpty()) {
        deliver(reviewId); // e.g. feedback that came while no process serving this review ran
      }
      return Future.succeededFuture(json(task));
    });
  }

  private JsonObject json(WaitTask task) {
    JsonObject json = TaskDocument.of(task.id(), task.status(), task.createdAt(), task.updatedAt(), options.taskTtlMs(),
      options);
    if (task.result() != null) {
      json.put("result", task.result());
    } else if (task.working()) {
      // The agent may need to tell the person where to look before anything comes back.
      String reviewId = WaitTask.reviewOf(task.id());
      json.put("status_message", FeedbackText.waiting(reviewId, reviews.reviewUrl(reviewId)));
    }
    return json;
  }
}
