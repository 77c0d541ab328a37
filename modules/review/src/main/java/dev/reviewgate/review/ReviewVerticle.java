package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * Synthetic pull requests: serves {@code reviewgate.review.*} on the event bus. Every review is kept in memory and on
 * disk ({@link KnownReviews}, {@link ReviewStore}); the person's comments and completion become answers for agents
 * waiting for them ({@link FeedbackWaits}, or {@link ReviewTasks} for a client that takes tasks); changes other
 * processes make to the shared store are picked up by {@link StoreSync}. All state lives on this verticle's event
 * loop; disk writes run on worker threads through {@link ReviewWriter}.
 */
public final class ReviewVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(ReviewVerticle.class.getName());

  private final ReviewOptions options;
  private final ToolCatalog catalog;
  private KnownReviews reviews;
  private FeedbackWaits waits;
  private ReviewTasks tasks;
  private StoreSync sync;
  private GitSource git;
  private Runnable stopListening;

  public ReviewVerticle(ReviewOptions options, ToolCatalog catalog) {
    this.options = options;
    this.catalog = catalog;
  }

  @Override
  public Future<?> start() {
    git = new GitSource(vertx.eventBus(), options.gitTimeoutMs(), options.maxLinesPerFile());
    return vertx.executeBlocking(() -> {
      ReviewStore opened = new ReviewStore(StorageLocation.resolve(options));
      Map<String, ReviewStore.Stamp> stamps = opened.stamps();
      return new Opened(opened, stamps, opened.loadAllStored());
    }, false).compose(opened -> {
      reviews = new KnownReviews(vertx, options, opened.store(), git, id -> waits.held(id));
      opened.reviews().forEach(reviews::remember);
      FeedbackResults results = new FeedbackResults(options, reviews);
      tasks = new ReviewTasks(vertx, options, reviews, results);
      waits = new FeedbackWaits(vertx, options, reviews, results, tasks);
      sync = new StoreSync(vertx, reviews, waits, opened.stamps());
      sync.start(options.syncIntervalMs());
      LOG.info("reviews stored in " + opened.store().dir() + " (" + reviews.all().size() + " loaded)");
      return Future.all(List.of(
        ToolEndpoint.serve(vertx, catalog, "review_request", this::request),
        ToolEndpoint.serve(vertx, catalog, "review_update", this::update),
        ToolEndpoint.serve(vertx, catalog, "review_status", args -> reviews.named(args).map(reviews::status)),
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
          message -> InternalReplies.answer(message, tasks.answer(message.body()), "the review task store")).completion(),
        CancelSignals.of(vertx).listen(vertx, callId -> waits.cancel(callId)).onSuccess(stop -> stopListening = stop)));
    });
  }

  private record Opened(ReviewStore store, Map<String, ReviewStore.Stamp> stamps, List<ReviewStore.Stored> reviews) {
  }

  @Override
  public Future<?> stop() {
    if (sync != null) {
      sync.stop();
    }
    if (stopListening != null) {
      stopListening.run();
    }
    if (waits != null) {
      waits.stop();
    }
    return reviews == null ? Future.succeededFuture() : reviews.writer().drain();
  }

  // --- agent tools --------------------------------------------------------------------------------------------

  private Future<JsonObject> request(JsonObject args, CallContext context) {
    String range = args.getString("commit_range", "HEAD");
    return git.open(args.getString("repo"), range)
      .map(fetched -> {
        DiffView view = fetched.view();
        PinnedRange pinned = fetched.range();
        String id = reviews.newId();
        Review review = Review.create(id, pinned.repo(), args.getString("title"), args.getString("description", ""),
          range, pinned.base(), pinned.head(), view.fileStats(), view.markers(options.maxMarkerChars()), Instant.now());
        reviews.cacheDiff(id, view);
        return review;
      }).compose(review -> reviews.writer().apply(review.id(), stored -> {
        if (stored != null) {
          throw ToolException.conflict("review id " + review.id() + " is taken; send review_request again");
        }
        return new ReviewWriter.Applied<>(review, review);
      })).compose(review -> {
        reviews.publish(review, new JsonObject().put("type", "created"));
        String url = reviews.reviewUrl(review.id());
        JsonObject facts = new JsonObject()
          .put("review_id", review.id())
          .put("url", url)
          .put("base", review.base())
          .put("head", review.head())
          .put("files", KnownReviews.array(review.files().stream().map(ReviewJson::toJson).toList()))
          .put("markers", KnownReviews.array(review.markers().stream().map(ReviewJson::toJson).toList()));
        if (!args.getBoolean("wait", true)) {
          return Future.succeededFuture(facts.put("status", review.status().wire()).put("outcome", "created")
            .put("feedback", null).put("pending", 0).put("instructions", FeedbackText.created(review, url)));
        }
        return waits.await(review.id(), context, facts);
      });
  }

  private Future<JsonObject> update(JsonObject args, CallContext context) {
    return reviews.named(args).compose(review -> update(review, args, context));
  }

  private Future<JsonObject> update(Review review, JsonObject args, CallContext context) {
    String action = args.getString("action");
    JsonObject facts = new JsonObject().put("review_id", review.id());
    return switch (action) {
      case "wait_for_feedback" -> waits.await(review.id(), context, facts);
      case "add_comment" -> agentComment(review, args);
      case "new_round" -> newRound(review, args, facts);
      case "approve", "request_changes" -> {
        ReviewStatus status = action.equals("approve") ? ReviewStatus.APPROVED : ReviewStatus.CHANGES_REQUESTED;
        yield reviews.change(review.id(), current -> {
          Review.Commented next = current.withStatus(status, args.getString("body"), Instant.now());
          return new ReviewWriter.Applied<>(next.review(), next);
        }, next -> next.thread() == null ? new JsonObject().put("type", "status")
          : KnownReviews.commentEvent(next).put("type", "status")).map(Review.Commented::review).map(saved -> facts
          .put("status", saved.status().wire()).put("outcome", "status_set").put("pending", saved.queue().size())
          .put("instructions", FeedbackText.statusSet(saved)));
      }
      default -> Future.failedFuture(ToolException.invalid("unknown action '" + action + "'"));
    };
  }

  /** The agent's new commits for the same review: the head moves to {@code head} (default HEAD), base unchanged. */
  private Future<JsonObject> newRound(Review review, JsonObject args, JsonObject facts) {
    return git.advance(review.range(), args.getString("head", "HEAD")).compose(fetched -> {
      reviews.cacheDiff(review.id(), fetched.view());
      return reviews.change(review.id(), current -> {
        Review next = current.newRound(fetched.range().head(), fetched.view().fileStats(),
          fetched.view().markers(options.maxMarkerChars()), Instant.now());
        return new ReviewWriter.Applied<>(next, next);
      }, next -> new JsonObject().put("type", "round").put("round", next.rounds().size() + 1));
    }).map(saved -> facts.put("status", saved.status().wire()).put("outcome", "round_added")
      .put("round", saved.rounds().size() + 1).put("head", saved.head()).put("pending", saved.queue().size())
      .put("instructions", FeedbackText.roundAdded(saved)));
  }

  private Future<JsonObject> agentComment(Review review, JsonObject args) {
    String body = args.getString("body");
    if (body == null || body.isBlank()) {
      return Future.failedFuture(ToolException.invalid("add_comment needs body: the text of your answer. Give "
        + "thread_id to reply in a thread, or file and line to start one."));
    }
    Anchor anchor = Anchor.of(args);
    return reviews.change(review.id(), current -> {
      Review.Commented done = current.comment(Author.AGENT, body, args.getString("thread_id"), anchor, Instant.now());
      return new ReviewWriter.Applied<>(done.review(), done);
    }, KnownReviews::commentEvent).map(done -> {
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
    List<Review> selected = new ArrayList<>(reviews.all().stream()
      .filter(r -> repo == null || repo.equals(r.repo()))
      .filter(r -> status == null || status.equals(r.status().wire()))
      .toList());
    selected.sort(Comparator.comparing(Review::createdAt).reversed());
    return Future.succeededFuture(new JsonObject()
      .put("reviews", KnownReviews.array(selected.stream().map(reviews::summary).toList())));
  }

  /**
   * Posts a completed review's outcome ({@link OutcomeDraft}) to the matching pull request through {@code pr_review},
   * which checks every anchor first and refuses the whole review when one does not fit the pull request's diff.
   */
  private Future<JsonObject> publishOutcome(JsonObject args) {
    if (Boolean.TRUE.equals(args.getValue("confirm"))) {
      return Future.failedFuture(ToolException.invalid(Tool.CONFIRM_NEEDS_MCP));
    }
    return draft(args).compose(draft -> BusRequests.request(vertx.eventBus(), Addresses.PR_REVIEW, draft.call(),
        options.gitTimeoutMs())
      .map(reply -> reply.put("review_id", draft.reviewId()).put("verdict", draft.call().getString("verdict"))
        .put("published_comments", draft.call().getJsonArray("comments").size())));
  }

  private Future<OutcomeDraft> draft(JsonObject args) {
    return reviews.named(args).map(review -> OutcomeDraft.of(review, args));
  }

  // --- dashboard tools ----------------------------------------------------------------------------------------

  /**
   * The review with its diff; with {@code file}, that file's whole diff instead (up to review.maxLoadedFileLines);
   * with {@code file}, {@code side}, {@code start_line} and {@code end_line}, those lines of the file as of that side.
   * With {@code ignore_whitespace}, the diffs are git's with {@code -w} ({@code all}), {@code -b} ({@code change}) or
   * {@code --ignore-space-at-eol} ({@code eol}), their counts git's numstat with it.
   */
  private Future<JsonObject> get(JsonObject args) {
    String file = args.getString("file");
    Integer since = args.getInteger("since_round");
    String whitespace = args.getString("ignore_whitespace");
    if (since != null) {
      return reviews.named(args).compose(review -> git.diff(new PinnedRange(review.repo(), review.headOfRound(since),
        review.head()), whitespace).map(view -> new JsonObject().put("review_id", review.id()).put("since_round", since)
        .put("diff", view.toJson())).map(reply -> withWhitespace(reply, whitespace)));
    }
    if (file == null) {
      return reviews.named(args).compose(review -> whole(review, whitespace));
    }
    return reviews.named(args).compose(review -> {
      if (!review.changes(file)) {
        throw ToolException.invalid("file '" + file + "' is not part of review " + review.id() + "; name one of its "
          + "changed files.");
      }
      Integer start = args.getInteger("start_line");
      if (start == null) {
        return git.wholeFile(review.range(), file, options.maxLoadedFileLines(), whitespace)
          .map(view -> withWhitespace(new JsonObject().put("review_id", review.id()).put("diff", view.toJson()),
            whitespace));
      }
      int end = args.getInteger("end_line", start);
      if (end < start) {
        throw ToolException.invalid("end_line " + end + " is before start_line " + start + ".");
      }
      int last = (int) Math.min(end, (long) start + options.maxLoadedFileLines() - 1);
      return git.lines(review.range(), args.getString("side", "new"), file, start, last)
        .map(lines -> new JsonObject().put("review_id", review.id()).put("lines", lines));
    });
  }

  /** The review and its diff: the one kept for it, or with whitespace ignored one asked of git now (not kept). */
  private Future<JsonObject> whole(Review review, String whitespace) {
    Future<DiffView> diff = whitespace == null ? reviews.diff(review) : git.diff(review.range(), whitespace);
    return diff.map(view -> withWhitespace(new JsonObject()
      .put("review", ReviewJson.toJson(review).put("url", reviews.reviewUrl(review.id())))
      .put("diff", view.toJson())
      .put("agent_waiting", reviews.agentWaiting(review)), whitespace));
  }

  /** A reply that says which whitespace its diff ignores, when it ignores some. */
  private static JsonObject withWhitespace(JsonObject reply, String whitespace) {
    return whitespace == null ? reply : reply.put("ignore_whitespace", whitespace);
  }

  private Future<JsonObject> comment(JsonObject args) {
    return reviews.named(args).compose(review -> personComment(review, args));
  }

  /**
   * The person's comment ({@code action} add, the default), a change to or the deletion of one not read by the agent
   * yet (edit, delete), or a thread marked resolved or not (resolve, unresolve). With {@code pending} a new comment is
   * held in the person's pending review instead; edit and delete change a held one by its id; discard drops them all.
   */
  private Future<JsonObject> personComment(Review review, JsonObject args) {
    String action = args.getString("action", "add");
    String threadId = args.getString("thread_id");
    String body = args.getString("body");
    String commentId = args.getString("comment_id");
    boolean add = action.equals("add");
    if ((add || action.equals("edit")) && (body == null || body.isBlank())) {
      throw ToolException.invalid(action + " needs body: the comment's text.");
    }
    if ((action.equals("edit") || action.equals("delete")) && commentId == null) {
      throw ToolException.invalid(action + " needs comment_id: the comment to " + action + ".");
    }
    boolean held = add ? args.getBoolean("pending", false)
      : action.equals("discard") || (commentId != null && review.held(commentId) >= 0);
    if (held) {
      return pendingComment(review, action, body, threadId, commentId, Anchor.of(args));
    }
    if (!add && threadId == null) {
      throw ToolException.invalid(action + " needs thread_id: the thread of the comment.");
    }
    Anchor anchor = Anchor.of(args);
    return reviews.change(review.id(), current -> {
      Instant now = Instant.now();
      Review.Commented done = switch (action) {
        case "add" -> current.comment(Author.PERSON, body, threadId, anchor, now);
        case "edit" -> current.revise(threadId, commentId, body, now);
        case "delete" -> current.revise(threadId, commentId, null, now);
        case "resolve", "unresolve" -> current.resolve(threadId, action.equals("resolve"), now);
        default -> throw ToolException.invalid("unknown action '" + action + "'");
      };
      return new ReviewWriter.Applied<>(done.review(), done);
    }, KnownReviews::commentEvent).map(done -> new JsonObject()
      .put("review_id", review.id())
      .put("thread", ReviewJson.toJson(done.thread()))
      .put("comment", done.comment() == null ? null : ReviewJson.toJson(done.comment()))
      .put("delivered", add && waits.deliverIfWaiting(review.id())));
  }

  /** A change to the person's pending review; nothing reaches the agent, so no wait is told. */
  private Future<JsonObject> pendingComment(Review review, String action, String body, String threadId,
                                            String commentId, Anchor anchor) {
    return reviews.change(review.id(), current -> {
      Instant now = Instant.now();
      Review.Held done = switch (action) {
        case "add" -> current.hold(body, threadId, anchor, now);
        case "edit" -> current.reviseHeld(commentId, body, now);
        case "delete" -> current.reviseHeld(commentId, null, now);
        case "discard" -> new Review.Held(current.discardHeld(now), null);
        default -> throw ToolException.invalid(action + " does not apply to a comment of your pending review; edit, "
          + "delete or discard it, or finish the review to send it.");
      };
      return new ReviewWriter.Applied<>(done.review(), done);
    }, done -> KnownReviews.pendingEvent(done.review())).map(done -> new JsonObject()
      .put("review_id", review.id())
      .put("comment", done.comment() == null ? null : ReviewJson.toJson(done.comment()))
      .put("pending", KnownReviews.array(done.review().pending().stream().map(ReviewJson::toJson).toList()))
      .put("delivered", false));
  }

  /**
   * The person completes the review, or with action comment sends their pending review and leaves it open. Their
   * pending comments, if any, go with it: the agent hears of all of them and the verdict as one item.
   */
  private Future<JsonObject> complete(JsonObject args) {
    String wire = args.getString("action");
    CompletionAction action = "comment".equals(wire) ? null : CompletionAction.fromWire(wire);
    return reviews.named(args).compose(review -> reviews.change(review.id(), current -> {
      Review next = current.finish(action, args.getString("notes"), Instant.now());
      return new ReviewWriter.Applied<>(next, next);
    }, KnownReviews::finishedEvent))
      .map(saved -> new JsonObject()
        .put("review_id", saved.id())
        .put("status", saved.status().wire())
        .put("completion", saved.completion() == null ? null : ReviewJson.toJson(saved.completion()))
        .put("delivered", waits.deliverIfWaiting(saved.id())));
  }
}
