package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.BoundedLru;
import dev.reviewgate.core.DashboardLocation;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Synthetic pull requests: serves {@code reviewgate.review.*}, keeps every review in memory and on disk
 * ({@link ReviewStore}), and turns the person's comments and completion into answers for waiting agents.
 *
 * <p>A wait is a pending reply, not a thread: it ends when feedback arrives (an event), when
 * {@code review.maxWaitMs} passes (result outcome {@code no_feedback}, not an error), when a newer wait on the same
 * review starts (the older one ends with outcome {@code superseded}; feedback always goes to the newest wait), or when
 * the caller cancels through its {@link CallContext} cancel address. Feedback that arrives while nobody waits stays in
 * the review's durable queue and is handed out one item per wait, oldest first. All state lives on this verticle's
 * event loop; disk writes run on worker threads through {@link ReviewWriter}.
 */
public final class ReviewVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(ReviewVerticle.class.getName());
  /** Suggested poll interval of a wait kept as a task: feedback is a person's, seconds apart. */

  private final ReviewOptions options;
  private final ToolCatalog catalog;
  private final Map<String, Review> reviews = new HashMap<>();
  /** Version of each review's document as this process last saw it; a higher one on disk is another process's change. */
  private final Map<String, Long> versions = new HashMap<>();
  private Map<String, ReviewStore.Stamp> seen = Map.of();
  private boolean syncing;
  private long syncTimer = -1;
  private final Map<String, PendingWait> waits = new HashMap<>();
  private Runnable stopListening;
  private final BoundedLru<String, DiffView> diffs;
  private ReviewStore store;
  private ReviewWriter writer;
  private GitSource git;

  public ReviewVerticle(ReviewOptions options, ToolCatalog catalog) {
    this.options = options;
    this.catalog = catalog;
    this.diffs = BoundedLru.ofEntries(options.diffCacheEntries());
  }

  @Override
  public Future<?> start() {
    git = new GitSource(vertx.eventBus(), options.gitTimeoutMs(), options.maxLinesPerFile());
    return vertx.executeBlocking(() -> {
      ReviewStore opened = new ReviewStore(StorageLocation.resolve(options));
      Map<String, ReviewStore.Stamp> stamps = opened.stamps();
      return new Opened(opened, stamps, opened.loadAllStored());
    }, false).compose(opened -> {
      store = opened.store();
      seen = opened.stamps();
      opened.reviews().forEach(this::remember);
      writer = new ReviewWriter(vertx, store, this::remember);
      syncTimer = vertx.setPeriodic(options.syncIntervalMs(), id -> sync());
      LOG.info("reviews stored in " + store.dir() + " (" + reviews.size() + " loaded)");
      return Future.all(List.of(
        ToolEndpoint.serve(vertx, catalog, "review_request", this::request),
        ToolEndpoint.serve(vertx, catalog, "review_update", this::update),
        ToolEndpoint.serve(vertx, catalog, "review_status", args -> review(args).map(this::status)),
        ToolEndpoint.serve(vertx, catalog, "review_list", this::list),
        ToolEndpoint.serve(vertx, catalog, "review_get", this::get),
        ToolEndpoint.serve(vertx, catalog, "review_comment", this::comment),
        ToolEndpoint.serve(vertx, catalog, "review_complete", this::complete),
        ToolEndpoint.serve(vertx, catalog, "review_publish", this::publishOutcome),
        vertx.eventBus().<JsonObject>consumer(Addresses.REVIEW_PUBLISH_PREVIEW, message -> draft(message.body())
          .onSuccess(draft -> message.reply(new JsonObject().put("draft", draft.call())))
          .onFailure(failure -> message.fail(failure instanceof ToolException t ? t.code() : Failure.INTERNAL,
            failure.getMessage()))).completion(),
        vertx.eventBus().<JsonObject>consumer(Addresses.REVIEW_TASKS,
          message -> InternalReplies.answer(message, task(message.body()), "the review task store")).completion(),
        CancelSignals.of(vertx).listen(vertx, this::cancel).onSuccess(stop -> stopListening = stop)));
    });
  }

  private record Opened(ReviewStore store, Map<String, ReviewStore.Stamp> stamps, List<ReviewStore.Stored> reviews) {
  }

  @Override
  public Future<?> stop() {
    vertx.cancelTimer(syncTimer);
    if (stopListening != null) {
      stopListening.run();
    }
    waits.values().forEach(wait -> wait.fail(new ToolException(Failure.UNAVAILABLE, "the review service is stopping; call "
      + "review_update with action wait_for_feedback again once it is back. Queued feedback is kept.")));
    waits.clear();
    return writer == null ? Future.succeededFuture() : writer.drain();
  }

  // --- agent tools --------------------------------------------------------------------------------------------

  private Future<JsonObject> request(JsonObject args, CallContext context) {
    String repo = args.getString("repo");
    String range = args.getString("commit_range", "HEAD");
    return git.open(repo, range).map(fetched -> {
      DiffView view = fetched.view();
      PinnedRange pinned = fetched.range();
      String id = newId();
      Review review = Review.create(id, pinned.repo(), args.getString("title"), args.getString("description", ""),
        range, pinned.base(), pinned.head(), view.fileStats(), view.markers(options.maxMarkerChars()), Instant.now());
      diffs.put(id, view);
      return review;
    }).compose(review -> writer.apply(review.id(), stored -> {
      if (stored != null) {
        throw ToolException.conflict("review id " + review.id() + " is taken; send review_request again");
      }
      return new ReviewWriter.Applied<>(review, review);
    })).compose(review -> {
      publish(review, new JsonObject().put("type", "created"));
      String url = reviewUrl(review.id());
      JsonObject facts = new JsonObject()
        .put("review_id", review.id())
        .put("url", url)
        .put("base", review.base())
        .put("head", review.head())
        .put("files", array(review.files().stream().map(ReviewJson::toJson).toList()))
        .put("markers", array(review.markers().stream().map(ReviewJson::toJson).toList()));
      if (!args.getBoolean("wait", true)) {
        return Future.succeededFuture(facts.put("status", review.status().wire()).put("outcome", "created")
          .put("feedback", null).put("pending", 0).put("instructions", FeedbackText.created(review, url)));
      }
      return awaitFeedback(review.id(), context, facts);
    });
  }

  private Future<JsonObject> update(JsonObject args, CallContext context) {
    return review(args).compose(review -> update(review, args, context));
  }

  private Future<JsonObject> update(Review review, JsonObject args, CallContext context) {
    String action = args.getString("action");
    JsonObject facts = new JsonObject().put("review_id", review.id());
    return switch (action) {
      case "wait_for_feedback" -> awaitFeedback(review.id(), context, facts);
      case "add_comment" -> agentComment(review, args);
      case "approve", "request_changes" -> {
        ReviewStatus status = action.equals("approve") ? ReviewStatus.APPROVED : ReviewStatus.CHANGES_REQUESTED;
        yield change(review.id(), current -> {
          Review next = current.withStatus(status, Instant.now());
          return new ReviewWriter.Applied<>(next, next);
        }, next -> new JsonObject().put("type", "status")).map(saved -> facts
          .put("status", saved.status().wire()).put("outcome", "status_set").put("pending", saved.queue().size())
          .put("instructions", FeedbackText.statusSet(saved)));
      }
      default -> Future.failedFuture(ToolException.invalid("unknown action '" + action + "'"));
    };
  }

  private Future<JsonObject> agentComment(Review review, JsonObject args) {
    String body = args.getString("body");
    if (body == null || body.isBlank()) {
      return Future.failedFuture(ToolException.invalid("add_comment needs body: the text of your answer. Give "
        + "thread_id to reply in a thread, or file and line to start one."));
    }
    return change(review.id(), current -> {
      Review.Commented done = current.comment(Author.AGENT, body, args.getString("thread_id"), args.getString("file"),
        args.getInteger("line"), args.getString("side"), Instant.now());
      return new ReviewWriter.Applied<>(done.review(), done);
    }, ReviewVerticle::commentEvent).map(done -> {
      Review saved = reviews.get(review.id());
      return new JsonObject()
        .put("review_id", saved.id()).put("status", saved.status().wire()).put("outcome", "comment_added")
        .put("thread_id", done.thread().id()).put("comment_id", done.comment().id()).put("pending", saved.queue().size())
        .put("instructions", FeedbackText.commentAdded(saved, done.thread().id()));
    });
  }

  private Future<JsonObject> list(JsonObject args) {
    String repo = args.getString("repo");
    String status = args.getString("status");
    List<Review> selected = new ArrayList<>(reviews.values().stream()
      .filter(r -> repo == null || repo.equals(r.repo()))
      .filter(r -> status == null || status.equals(r.status().wire()))
      .toList());
    selected.sort(Comparator.comparing(Review::createdAt).reversed());
    return Future.succeededFuture(new JsonObject()
      .put("reviews", array(selected.stream().map(this::summary).toList())));
  }

  // --- dashboard tools ----------------------------------------------------------------------------------------

  private Future<JsonObject> get(JsonObject args) {
    return review(args).compose(review -> diff(review).map(view -> new JsonObject()
      .put("review", ReviewJson.toJson(review).put("url", reviewUrl(review.id())))
      .put("diff", view.toJson())
      .put("agent_waiting", agentWaiting(review))));
  }

  private Future<JsonObject> comment(JsonObject args) {
    return review(args).compose(review -> personComment(review, args));
  }

  private Future<JsonObject> personComment(Review review, JsonObject args) {
    String file = args.getString("file");
    Integer line = args.getInteger("line");
    if (line != null && file == null) {
      return Future.failedFuture(ToolException.invalid("line needs file: name the file the line belongs to, or "
        + "omit line to comment on the review as a whole."));
    }
    return change(review.id(), current -> {
      Review.Commented done = current.comment(Author.PERSON, args.getString("body"), args.getString("thread_id"), file,
        line, args.getString("side"), Instant.now());
      return new ReviewWriter.Applied<>(done.review(), done);
    }, ReviewVerticle::commentEvent).map(done -> new JsonObject()
      .put("review_id", review.id())
      .put("thread", ReviewJson.toJson(done.thread()))
      .put("comment", ReviewJson.toJson(done.comment()))
      .put("delivered", deliverIfWaiting(review.id())));
  }

  private Future<JsonObject> complete(JsonObject args) {
    CompletionAction action = CompletionAction.fromWire(args.getString("action"));
    return review(args).compose(review -> change(review.id(), current -> {
      Review next = current.complete(action, args.getString("notes"), Instant.now());
      return new ReviewWriter.Applied<>(next, next);
    }, next -> new JsonObject().put("type", "completed").put("completion", ReviewJson.toJson(next.completion()))))
      .map(saved -> new JsonObject()
        .put("review_id", saved.id())
        .put("status", saved.status().wire())
        .put("completion", ReviewJson.toJson(saved.completion()))
        .put("delivered", deliverIfWaiting(saved.id())));
  }

  // --- waits --------------------------------------------------------------------------------------------------

  private Future<JsonObject> awaitFeedback(String id, CallContext context, JsonObject facts) {
    Review queued = reviews.get(id);
    if (context.acceptsTask() && !(queued.completion() != null && queued.queue().isEmpty())) {
      return startTask(id, facts);
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
      return Future.succeededFuture(facts.put("status", review.status().wire()).put("outcome", "closed")
        .put("feedback", null).put("pending", 0).put("instructions", FeedbackText.closed(review)));
    }
    PendingWait older = waits.remove(id);
    if (older != null) {
      older.end(superseded(older.base(), review));
    }
    review.workingTask().ifPresent(task -> endTask(id, task.id(), WaitTask.COMPLETED, superseded(task.base(), review)));
    PendingWait wait = new PendingWait(vertx, context, facts, options.replyTransitMs());
    waits.put(id, wait);
    String url = reviewUrl(id);
    wait.heartbeatEvery(options.heartbeatMs(), FeedbackText.waiting(id, url));
    wait.deadline(options.maxWaitMs(), () -> {
      if (waits.remove(id, wait)) {
        endWithoutFeedback(id, wait);
      }
    });
    publishWaiting(review);
    return wait.future();
  }

  /** Ends a wait with "no feedback yet" (its time is up); whatever is queued stays for the next wait. */
  private void endWithoutFeedback(String id, PendingWait wait) {
    Review now = reviews.get(id);
    wait.end(wait.base().put("status", now.status().wire()).put("outcome", "no_feedback").put("feedback", null)
      .put("pending", now.queue().size()).put("instructions", FeedbackText.noFeedback(now, wait.waitedMs(), reviewUrl(id))));
    publishWaiting(now);
  }

  /** A front-end abandoned a call: if it is a pending wait, end it and keep the queue as it is. */
  private void cancel(String callId) {
    waits.entrySet().removeIf(entry -> {
      PendingWait wait = entry.getValue();
      if (!callId.equals(wait.callId())) {
        return false;
      }
      wait.fail(ToolException.conflict("the wait on review " + entry.getKey() + " was cancelled by the caller; "
        + "queued feedback is kept for the next wait."));
      vertx.runOnContext(v -> publishWaiting(reviews.get(entry.getKey())));
      return true;
    });
  }

  /** Hands the oldest queued item to the waiting agent, if one waits; true when one waited. */
  private boolean deliverIfWaiting(String id) {
    PendingWait wait = waits.remove(id);
    if (wait == null) {
      return deliverToTask(id);
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
        wait.end(superseded(wait.base(), reviews.get(id)));
      }
    });
    return true;
  }

  /**
   * Takes the oldest queued item off the review as stored (under the store's lock, so that of several processes
   * sharing the store exactly one hands it out) and builds the wait result; null when the queue was empty.
   */
  private Future<JsonObject> take(String id, JsonObject facts) {
    return writer.<Feedback>apply(id, current -> current == null || current.queue().isEmpty()
        ? new ReviewWriter.Applied<>(current, null)
        : new ReviewWriter.Applied<>(current.dequeue(Instant.now()), current.queue().get(0)))
      .compose(item -> item == null ? Future.succeededFuture(null) : delivered(id, item, facts));
  }

  private Future<JsonObject> delivered(String id, Feedback item, JsonObject facts) {
    Review next = reviews.get(id);
    publish(next, new JsonObject().put("type", "delivered").put("seq", item.seq()));
    publishWaiting(next);
    return resultFor(next, item, facts);
  }

  /** The wait result that hands {@code item} to the agent; {@code next} is the review once the item left the queue. */
  private Future<JsonObject> resultFor(Review next, Feedback item, JsonObject facts) {
    String id = next.id();
    int pending = next.queue().size();
    JsonObject result = facts.put("status", next.status().wire()).put("feedback", ReviewJson.toJson(item))
      .put("pending", pending);
    if (item.kind() == Feedback.Kind.COMPLETION) {
      return Future.succeededFuture(result.put("outcome", "completion").put("code_context", null)
        .put("instructions", FeedbackText.completion(next, item, pending)));
    }
    Future<JsonObject> context = item.file() == null || item.line() == null
      ? Future.succeededFuture(null)
      : diff(next).map(view -> view.context(item.file(), item.line(), item.side(), options.contextLines()))
        .otherwise(failure -> {
          LOG.fine(() -> "no code context for feedback " + item.seq() + " on review " + id + ": " + failure.getMessage());
          return null;
        });
    return context.map(code -> result.put("outcome", "comment").put("code_context", code)
      .put("instructions", FeedbackText.comment(next, item, code, pending, options.maxQuotedChars())));
  }

  // --- waits as durable tasks --------------------------------------------------------------------------------

  /**
   * A wait for a client that takes tasks (MCP tasks extension): stored with the review as a working task and
   * answered at once with {@code {"task": …}}; the review's next feedback completes it (now, if some is queued).
   * It supersedes any other wait on the review, which is told so.
   */
  private Future<JsonObject> startTask(String id, JsonObject facts) {
    PendingWait older = waits.remove(id);
    Review review = reviews.get(id);
    if (older != null) {
      older.end(superseded(older.base(), review));
    }
    Instant now = Instant.now();
    WaitTask task = new WaitTask(WaitTask.newId(id), now, now, WaitTask.WORKING, facts, null);
    return writer.apply(id, current -> {
      if (current == null) {
        throw notFound(id);
      }
      return new ReviewWriter.Applied<>(current.startTask(task, superseded(facts, current), Instant.now()), task);
    }).map(started -> {
      Review saved = reviews.get(id);
      publishWaiting(saved);
      if (!saved.queue().isEmpty()) {
        deliverToTask(id);
      }
      return new JsonObject().put("task", taskJson(started));
    });
  }

  /**
   * Hands the oldest queued item to the review's working task, if it has one: the result is built first, then the
   * item leaves the queue and the task completes in one durable change, only if both are still as they were (another
   * process sharing the store may have handed it out). True when a task was waiting.
   */
  private boolean deliverToTask(String id) {
    Review review = reviews.get(id);
    WaitTask task = review == null ? null : review.workingTask().orElse(null);
    if (task == null) {
      return false;
    }
    if (review.queue().isEmpty()) {
      return true;
    }
    Feedback item = review.queue().get(0);
    resultFor(review.dequeue(Instant.now()), item, task.base())
      .compose(result -> writer.apply(id, current -> {
        boolean still = current != null && !current.queue().isEmpty() && current.queue().get(0).seq() == item.seq()
          && current.task(task.id()).map(WaitTask::working).orElse(false);
        return still ? new ReviewWriter.Applied<>(current.deliverToTask(task.id(), result, Instant.now()), true)
          : new ReviewWriter.Applied<>(current, false);
      }))
      .onSuccess(done -> {
        if (done) {
          Review next = reviews.get(id);
          publish(next, new JsonObject().put("type", "delivered").put("seq", item.seq()));
          publishWaiting(next);
        }
      })
      .onFailure(failure -> LOG.warning("could not hand feedback " + item.seq() + " of review " + id + " to task "
        + task.id() + ": " + failure.getMessage() + "; it stays queued"));
    return true;
  }

  private void endTask(String id, String taskId, String status, JsonObject result) {
    writer.apply(id, current -> new ReviewWriter.Applied<>(current == null ? null
        : current.endTask(taskId, status, result, Instant.now()), null))
      .onFailure(failure -> LOG.warning("could not end task " + taskId + ": " + failure.getMessage()));
  }

  /**
   * {@link Addresses#REVIEW_TASKS}: reads the task from the store as it is now (another process may have changed
   * it), so every node and every restart gives the same answer.
   */
  private Future<JsonObject> task(JsonObject body) {
    String taskId = body == null ? null : body.getString("task_id");
    String reviewId = WaitTask.reviewOf(taskId);
    if (reviewId == null) {
      return Future.failedFuture(ToolException.notFound("no task '" + taskId + "'"));
    }
    return vertx.executeBlocking(() -> store.loadStored(reviewId), false).compose(stored -> {
      WaitTask task = stored.flatMap(s -> s.review().task(taskId)).orElse(null);
      if (task == null || task.createdAt().plusMillis(options.taskTtlMs()).isBefore(Instant.now())) {
        return Future.failedFuture(ToolException.notFound("no task '" + taskId + "' (it may have passed its ttl_ms, "
          + "or its review was removed)"));
      }
      remember(stored.get());
      String action = body.getString("action", "get");
      if (action.equals("cancel")) {
        if (task.working()) {
          endTask(reviewId, taskId, WaitTask.CANCELLED, null);
        }
        return Future.succeededFuture(new JsonObject());
      }
      if (action.equals("update")) {
        return Future.succeededFuture(new JsonObject()); // a wait for a person takes no input from the client
      }
      if (task.working() && !stored.get().review().queue().isEmpty()) {
        deliverToTask(reviewId); // e.g. feedback that came while no process serving this review ran
      }
      return Future.succeededFuture(taskJson(task));
    });
  }

  private JsonObject taskJson(WaitTask task) {
    JsonObject json = new JsonObject().put("task_id", task.id()).put("status", task.status())
      .put("created_at", task.createdAt().toString()).put("updated_at", task.updatedAt().toString())
      .put("ttl_ms", options.taskTtlMs()).put("poll_interval_ms", options.taskPollIntervalMs());
    if (task.result() != null) {
      json.put("result", task.result());
    } else if (task.working()) {
      // The agent may need to tell the person where to look before anything comes back.
      String reviewId = WaitTask.reviewOf(task.id());
      String url = reviewUrl(reviewId);
      json.put("status_message", FeedbackText.waiting(reviewId, url));
    }
    return json;
  }

  private static JsonObject superseded(JsonObject base, Review review) {
    return base.copy().put("status", review.status().wire()).put("outcome", "superseded").put("feedback", null)
      .put("pending", 0).put("instructions", FeedbackText.superseded(review));
  }

  private boolean agentWaiting(Review review) {
    return waits.containsKey(review.id()) || review.workingTask().isPresent();
  }

  // --- state, events ------------------------------------------------------------------------------------------

  /**
   * Applies a change to the review as stored, persists it, then tells the dashboards; completes with the change's
   * value. Fails with 404 when the review is gone, or with the change's own failure (nothing saved).
   */
  private <T> Future<T> change(String id, Function<Review, ReviewWriter.Applied<T>> change, Function<T, JsonObject> event) {
    return writer.apply(id, current -> {
      if (current == null) {
        throw notFound(id);
      }
      return change.apply(current);
    }).map(value -> {
      publish(reviews.get(id), event.apply(value));
      return value;
    });
  }

  /** Keeps a stored review as this process's current view of it. */
  private void remember(ReviewStore.Stored stored) {
    Long known = versions.get(stored.review().id());
    if (known == null || stored.version() >= known) {
      reviews.put(stored.review().id(), stored.review());
      versions.put(stored.review().id(), stored.version());
    }
  }

  /**
   * Picks up what other processes sharing the store changed: new reviews, comments, completions, deliveries. The
   * dashboards this process serves hear of them as events, and an agent waiting here gets new feedback.
   */
  private void sync() {
    if (syncing) {
      return;
    }
    syncing = true;
    Map<String, ReviewStore.Stamp> before = seen;
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
      return new Opened(store, now, changed);
    }, false).onComplete(done -> {
      syncing = false;
      if (done.failed()) {
        LOG.fine(() -> "could not look for changes in the review store: " + done.cause().getMessage());
        return;
      }
      seen = done.result().stamps();
      done.result().reviews().forEach(this::changedElsewhere);
    });
  }

  private void changedElsewhere(ReviewStore.Stored stored) {
    String id = stored.review().id();
    Long known = versions.get(id);
    if (known != null && stored.version() <= known) {
      return; // this process's own write, or one it has seen
    }
    Review before = reviews.get(id);
    remember(stored);
    Review after = stored.review();
    if (vertx.isClustered()) {
      // The node that wrote it published its events to the whole cluster already: only a waiting agent here
      // needs to hear of it (several review nodes may share one store).
      if (!after.queue().isEmpty() && agentWaiting(after)) {
        deliverIfWaiting(id);
      }
      return;
    }
    if (before == null) {
      publish(after, new JsonObject().put("type", "created"));
    } else {
      Map<String, ReviewThread> threads = new HashMap<>();
      before.threads().forEach(thread -> threads.put(thread.id(), thread));
      for (ReviewThread thread : after.threads()) {
        ReviewThread old = threads.get(thread.id());
        int seenComments = old == null ? 0 : old.comments().size();
        for (ReviewComment comment : thread.comments().subList(Math.min(seenComments, thread.comments().size()), thread.comments().size())) {
          publish(after, commentEvent(new Review.Commented(after, thread, comment)));
        }
      }
      if (before.completion() == null && after.completion() != null) {
        publish(after, new JsonObject().put("type", "completed").put("completion", ReviewJson.toJson(after.completion())));
      } else if (before.status() != after.status()) {
        publish(after, new JsonObject().put("type", "status"));
      }
    }
    if (!after.queue().isEmpty() && agentWaiting(after)) {
      deliverIfWaiting(id);
    }
  }

  private void publish(Review review, JsonObject event) {
    event.put("review_id", review.id()).put("status", review.status().wire()).put("updated_at",
      review.updatedAt().toString());
    vertx.eventBus().publish(Addresses.reviewEvents(review.id()), event);
    vertx.eventBus().publish(Addresses.REVIEW_EVENTS, summary(review).put("type", event.getString("type")));
  }

  private void publishWaiting(Review review) {
    boolean waiting = agentWaiting(review);
    vertx.eventBus().publish(Addresses.reviewEvents(review.id()), new JsonObject().put("type", "agent_waiting")
      .put("review_id", review.id()).put("waiting", waiting).put("status", review.status().wire()));
  }

  private static JsonObject commentEvent(Review.Commented done) {
    return new JsonObject().put("type", "comment").put("thread", ReviewJson.toJson(done.thread()))
      .put("comment", ReviewJson.toJson(done.comment()));
  }

  /** review_status: the summary every listing shows, plus the threads, markers, completion and pending feedback. */
  private JsonObject status(Review review) {
    return summary(review)
      .put("completion", review.completion() == null ? null : ReviewJson.toJson(review.completion()))
      .put("threads", array(review.threads().stream().map(ReviewJson::toJson).toList()))
      .put("markers", array(review.markers().stream().map(ReviewJson::toJson).toList()))
      .put("pending_feedback", array(review.queue().stream().map(ReviewJson::toJson).toList()));
  }


  private JsonObject summary(Review review) {
    return new JsonObject()
      .put("review_id", review.id())
      .put("repo", review.repo())
      .put("title", review.title())
      .put("status", review.status().wire())
      .put("commit_range", review.commitRange())
      .put("base", review.base())
      .put("head", review.head())
      .put("created_at", review.createdAt().toString())
      .put("updated_at", review.updatedAt().toString())
      .put("url", reviewUrl(review.id()))
      .put("counts", counts(review))
      .put("agent_waiting", agentWaiting(review));
  }

  private static JsonObject counts(Review review) {
    long person = review.threads().stream().flatMap(t -> t.comments().stream())
      .filter(c -> c.author() == Author.PERSON).count();
    return new JsonObject()
      .put("files", review.files().size())
      .put("additions", review.files().stream().mapToInt(FileStat::additions).sum())
      .put("deletions", review.files().stream().mapToInt(FileStat::deletions).sum())
      .put("markers", review.markers().size())
      .put("threads", review.threads().size())
      .put("person_comments", person)
      .put("agent_comments", review.commentCount() - person)
      .put("pending_feedback", review.queue().size());
  }

  private Future<DiffView> diff(Review review) {
    DiffView cached = diffs.get(review.id());
    if (cached != null) {
      return Future.succeededFuture(cached);
    }
    return git.diff(new PinnedRange(review.repo(), review.base(), review.head())).map(view -> {
      diffs.put(review.id(), view);
      return view;
    });
  }

  /** The page of one review in the dashboard, or null when no dashboard is served. */
  private String reviewUrl(String reviewId) {
    String page = options.dashboardUrl() != null ? options.dashboardUrl() : DashboardLocation.lookup(vertx);
    if (page == null) {
      return null;
    }
    return (page.endsWith("/") ? page : page + "/") + "#/reviews/" + reviewId;
  }

  /** The review named by {@code review_id}: as this process knows it, else as stored (made by another process). */
  /**
   * Posts a completed review's outcome to the matching pull request through {@code pr_review}: the person's verdict
   * (request changes → request_changes, checkpoint → approve, return → comment), the completion notes as the body,
   * and the first comment of every thread the person opened, on its line, at the reviewed head. {@code pr_review}
   * checks every anchor first and refuses the whole review when one does not fit the pull request's diff.
   */
  private Future<JsonObject> publishOutcome(JsonObject args) {
    if (Boolean.TRUE.equals(args.getValue("confirm"))) {
      return Future.failedFuture(ToolException.invalid(dev.reviewgate.core.catalog.Tool.CONFIRM_NEEDS_MCP));
    }
    return draft(args).compose(draft -> BusRequests.request(vertx.eventBus(), Addresses.PR_REVIEW, draft.call(),
        options.gitTimeoutMs())
      .map(reply -> reply.put("review_id", draft.reviewId()).put("verdict", draft.call().getString("verdict"))
        .put("published_comments", draft.call().getJsonArray("comments").size())));
  }

  /** What review_publish posts: the pr_review call, for the review named in {@code args}. */
  private record Draft(String reviewId, JsonObject call) {
  }

  private Future<Draft> draft(JsonObject args) {
    return review(args).map(review -> {
      if (review.completion() == null) {
        throw ToolException.conflict("review " + review.id() + " is not complete yet: its outcome is published once the person "
          + "completes it in the dashboard");
      }
      String verdict = switch (review.completion().action()) {
        case REQUEST_CHANGES -> "request_changes";
        case CHECKPOINT -> "approve";
        case RETURN -> "comment";
      };
      JsonArray comments = new JsonArray();
      for (ReviewThread thread : review.threads()) {
        ReviewComment first = thread.comments().isEmpty() ? null : thread.comments().get(0);
        if (thread.file() == null || first == null || first.author() != Author.PERSON) {
          continue;
        }
        JsonObject comment = new JsonObject().put("path", thread.file()).put("body", first.body());
        if (thread.line() != null) {
          comment.put("line", thread.line()).put("side", thread.side() == null ? "new" : thread.side());
        }
        comments.add(comment);
      }
      String notes = review.completion().notes();
      JsonObject call = new JsonObject().put("commit_id", review.head()).put("verdict", verdict)
        .put("body", (notes == null || notes.isBlank() ? "" : notes + "\n\n") + "(" + review.title() + ": reviewed in reviewgate, "
          + review.completion().action().label() + ")")
        .put("comments", comments);
      for (String key : List.of("forge", "owner", "repo", "project", "repository", "pr_number", "allow_moved_head")) {
        if (args.containsKey(key)) {
          call.put(key, args.getValue(key));
        }
      }
      return new Draft(review.id(), call);
    });
  }

  private Future<Review> review(JsonObject args) {
    String id = args.getString("review_id");
    Review known = reviews.get(id);
    if (known != null) {
      return Future.succeededFuture(known);
    }
    if (!ReviewStore.isId(id)) {
      return Future.failedFuture(notFound(id));
    }
    return vertx.executeBlocking(() -> store.loadStored(id), false).map(stored -> {
      if (stored.isEmpty()) {
        throw notFound(id);
      }
      boolean news = !reviews.containsKey(id);
      remember(stored.get());
      if (news) {
        publish(stored.get().review(), new JsonObject().put("type", "created"));
      }
      return reviews.get(id);
    });
  }

  private static ToolException notFound(String id) {
    return ToolException.notFound("review '" + id + "' not found; review_list shows the reviews this server knows.");
  }

  private String newId() {
    String id;
    do {
      id = "r" + UUID.randomUUID().toString().substring(0, 8);
    } while (reviews.containsKey(id));
    return id;
  }

  private static JsonArray array(List<JsonObject> items) {
    return new JsonArray(new ArrayList<>(items));
  }
}
