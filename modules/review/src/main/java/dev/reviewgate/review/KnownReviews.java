package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.BoundedLru;
import dev.reviewgate.core.DashboardLocation;
import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The reviews this process knows, each as last stored with the version it saw, the durable changes it makes to them
 * ({@link ReviewWriter}), and the events that tell the dashboards of them. Confined to the review verticle's event
 * loop.
 */
final class KnownReviews {

  private final Vertx vertx;
  private final ReviewOptions options;
  private final ReviewStore store;
  private final ReviewWriter writer;
  private final GitSource git;
  /** True when an agent's blocking wait on the review with that id is held in this process. */
  private final Predicate<String> waitHeldHere;
  private final Map<String, Review> reviews = new HashMap<>();
  /** Version of each review's document as this process last saw it; a higher one on disk is another process's change. */
  private final Map<String, Long> versions = new HashMap<>();
  private final BoundedLru<String, DiffView> diffs;

  KnownReviews(Vertx vertx, ReviewOptions options, ReviewStore store, GitSource git, Predicate<String> waitHeldHere) {
    this.vertx = vertx;
    this.options = options;
    this.store = store;
    this.git = git;
    this.waitHeldHere = waitHeldHere;
    this.diffs = BoundedLru.ofEntries(options.diffCacheEntries());
    this.writer = new ReviewWriter(vertx, store, this::remember);
  }

  ReviewStore store() {
    return store;
  }

  ReviewWriter writer() {
    return writer;
  }

  /** The review as this process knows it, or null. */
  Review get(String id) {
    return reviews.get(id);
  }

  Collection<Review> all() {
    return reviews.values();
  }

  /** Keeps a stored review as this process's current view of it. */
  void remember(ReviewStore.Stored stored) {
    Long known = versions.get(stored.review().id());
    if (known == null || stored.version() >= known) {
      reviews.put(stored.review().id(), stored.review());
      versions.put(stored.review().id(), stored.version());
    }
  }

  /** True when this process wrote or has seen this version of the review (or a newer one). */
  boolean seen(ReviewStore.Stored stored) {
    Long known = versions.get(stored.review().id());
    return known != null && stored.version() <= known;
  }

  /** The review named by {@code review_id}: as this process knows it, else as stored (made by another process). */
  Future<Review> named(JsonObject args) {
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

  /**
   * Applies a change to the review as stored, persists it, then tells the dashboards; completes with the change's
   * value. Fails with 404 when the review is gone, or with the change's own failure (nothing saved).
   */
  <T> Future<T> change(String id, Function<Review, ReviewWriter.Applied<T>> change, Function<T, JsonObject> event) {
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

  /** An agent waits on the review: a blocking wait here, or a working task (held in the store). */
  boolean agentWaiting(Review review) {
    return waitHeldHere.test(review.id()) || review.workingTask().isPresent();
  }

  void publish(Review review, JsonObject event) {
    event.put("review_id", review.id()).put("status", review.status().wire()).put("updated_at",
      review.updatedAt().toString());
    vertx.eventBus().publish(Addresses.reviewEvents(review.id()), event);
    vertx.eventBus().publish(Addresses.REVIEW_EVENTS, summary(review).put("type", event.getString("type")));
  }

  void publishWaiting(Review review) {
    boolean waiting = agentWaiting(review);
    vertx.eventBus().publish(Addresses.reviewEvents(review.id()), new JsonObject().put("type", "agent_waiting")
      .put("review_id", review.id()).put("waiting", waiting).put("status", review.status().wire()));
  }

  static JsonObject commentEvent(Review.Commented done) {
    return new JsonObject().put("type", "comment").put("thread", ReviewJson.toJson(done.thread()))
      .put("comment", done.comment() == null ? null : ReviewJson.toJson(done.comment()));
  }

  /** The person's pending review changed: the page shows it (it never reaches the agent's tools). */
  static JsonObject pendingEvent(Review review) {
    return new JsonObject().put("type", "pending")
      .put("pending", array(review.pending().stream().map(ReviewJson::toJson).toList()));
  }

  /**
   * The person completed the review ({@code completed}) or sent their pending review ({@code review_sent}, its
   * comments now in their threads; with a completion when it also completed the review).
   */
  static JsonObject finishedEvent(Review review) {
    List<Feedback> queue = review.queue();
    boolean batch = !queue.isEmpty() && queue.get(queue.size() - 1).kind() == Feedback.Kind.REVIEW;
    return new JsonObject().put("type", batch ? "review_sent" : "completed")
      .put("completion", review.completion() == null ? null : ReviewJson.toJson(review.completion()));
  }

  /** review_status: the summary every listing shows, plus the threads, markers, completion and pending feedback. */
  JsonObject status(Review review) {
    return summary(review)
      .put("completion", review.completion() == null ? null : ReviewJson.toJson(review.completion()))
      .put("threads", array(review.threads().stream().map(ReviewJson::toJson).toList()))
      .put("markers", array(review.markers().stream().map(ReviewJson::toJson).toList()))
      .put("pending_feedback", array(review.queue().stream().map(ReviewJson::toJson).toList()));
  }

  JsonObject summary(Review review) {
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

  /** Keeps the diff a new review was made from, so that its first readers need not fetch it again. */
  void cacheDiff(String id, DiffView view) {
    diffs.put(id, view);
  }

  Future<DiffView> diff(Review review) {
    DiffView cached = diffs.get(review.id());
    if (cached != null) {
      return Future.succeededFuture(cached);
    }
    return git.diff(review.range()).map(view -> {
      diffs.put(review.id(), view);
      return view;
    });
  }

  /** Lines {@code start}..{@code end} of {@code file} as of a side of the review (see {@link GitSource#lines}). */
  Future<JsonObject> fileLines(Review review, String side, String file, int start, int end) {
    return git.lines(review.range(), side, file, start, end);
  }

  /** The page of one review in the dashboard, or null when no dashboard is served. */
  String reviewUrl(String reviewId) {
    String page = options.dashboardUrl() != null ? options.dashboardUrl() : DashboardLocation.lookup(vertx);
    if (page == null) {
      return null;
    }
    return (page.endsWith("/") ? page : page + "/") + "#/reviews/" + reviewId;
  }

  String newId() {
    String id;
    do {
      id = "r" + UUID.randomUUID().toString().substring(0, 8);
    } while (reviews.containsKey(id));
    return id;
  }

  static ToolException notFound(String id) {
    return ToolException.notFound("review '" + id + "' not found; review_list shows the reviews this server knows.");
  }

  static JsonArray array(List<JsonObject> items) {
    return new JsonArray(new ArrayList<>(items));
  }
}
