package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.DashboardLocation;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.DraftLayout;
import dev.reviewgate.core.catalog.DraftOutcome;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;

/**
 * The dashboard approval path of {@code confirm: true} (a review to be posted on a forge) for MCP clients that cannot
 * ask their user: the draft is stored ({@link DraftStore}), the person sees it in the dashboard and approves (it is
 * posted, with their edited body if they changed it) or declines (nothing is posted), and the agent's call ends with
 * that outcome. A client that takes tasks gets a durable task at once ({@code draft.<id>}, answered from the store, so
 * it survives restarts); any other caller's request is held, like a review wait, until the decision or until
 * {@code review.maxWaitMs}, when the undecided draft is withdrawn so that it is never posted behind the agent's back.
 * Only the person decides: {@code review_draft_decide} is a person-only tool.
 */
public final class DraftApprovalVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(DraftApprovalVerticle.class.getName());

  private final ReviewOptions options;
  private final ToolCatalog catalog;
  /** Held requests of callers without tasks, by draft id; confined to this verticle's event loop. */
  private final Map<String, PendingWait> held = new HashMap<>();
  private DraftStore store;
  private Runnable stopListening;
  private long syncTimer = -1;
  private boolean syncing;

  public DraftApprovalVerticle(ReviewOptions options, ToolCatalog catalog) {
    this.options = options;
    this.catalog = catalog;
  }

  @Override
  public Future<?> start() {
    return vertx.executeBlocking(() -> new DraftStore(StorageLocation.resolve(options)), false).compose(opened -> {
      store = opened;
      syncTimer = vertx.setPeriodic(options.syncIntervalMs(), id -> sync());
      return Future.all(List.of(
        ToolEndpoint.serve(vertx, catalog, "review_draft_list", this::list),
        ToolEndpoint.serve(vertx, catalog, "review_draft_decide", this::decide),
        vertx.eventBus().<JsonObject>consumer(Addresses.REVIEW_DRAFTS, this::internal).completion(),
        CancelSignals.of(vertx).listen(vertx, this::callerLeft).onSuccess(stop -> stopListening = stop)));
    });
  }

  @Override
  public Future<?> stop() {
    vertx.cancelTimer(syncTimer);
    if (stopListening != null) {
      stopListening.run();
    }
    // A held caller is about to lose its answer: its draft is withdrawn (it ends the call with that), so that it is
    // never approved and posted without the agent hearing of it.
    List<Future<DraftApproval>> withdrawn = List.copyOf(held.keySet()).stream()
      .map(id -> withdraw(id, "was not asked to decide (the server stopped) on", false)).toList();
    return Future.join(withdrawn).eventually(() -> {
      held.values().forEach(wait -> wait.fail(new ToolException(Failure.UNAVAILABLE, "the review service stopped "
        + "while the draft was being posted; look at the pull request before posting again")));
      held.clear();
      return Future.succeededFuture();
    });
  }

  // --- the agent's side (internal address, from the MCP front-end) ---------------------------------------------

  private void internal(Message<JsonObject> message) {
    JsonObject body = message.body() == null ? new JsonObject() : message.body();
    Future<JsonObject> answer;
    try {
      String action = body.getString("action", "");
      answer = action.equals("submit") ? submit(body, CallContext.from(message.headers())) : task(action, body.getString("task_id"));
    } catch (RuntimeException e) {
      answer = Future.failedFuture(e);
    }
    InternalReplies.answer(message, answer, "the draft store");
  }

  /** A new draft: {@code {"task": …}} at once for a caller that takes tasks, else {@code {"outcome": …}} once decided. */
  private Future<JsonObject> submit(JsonObject body, CallContext context) {
    Tool tool = catalog.byName(body.getString("tool")).filter(t -> t.confirmDraft() != null).orElseThrow(() ->
      ToolException.invalid("'" + body.getString("tool") + "' is not a tool whose draft the person approves"));
    if (!(body.getValue("arguments") instanceof JsonObject arguments) || !(body.getValue("draft") instanceof JsonObject draft)) {
      throw ToolException.invalid("a draft needs \"arguments\" (what is posted) and \"draft\" (what the person sees)");
    }
    Instant now = Instant.now();
    // A held call's draft is decidable only while its caller listens (review.maxWaitMs, and its send timeout), less
    // the time the post may take: an approval's outcome must still reach the caller.
    long window = context.acceptsTask() ? options.draftTtlMs() : context.replyBy() <= 0 ? options.maxWaitMs()
      : Math.min(options.maxWaitMs(), context.replyBy() - options.replyTransitMs() - now.toEpochMilli());
    long decidable = context.acceptsTask() ? window : window - postTimeoutMs();
    DraftApproval created = DraftApproval.create(tool.name(), arguments, draft, body.getBoolean("editable", false), now,
      now.plusMillis(Math.max(1, decidable)));
    // A held call is registered before its draft is written: the draft is visible (listed) as soon as it is on disk,
    // and a stop from then on must answer this call rather than leave it waiting for its timeout.
    PendingWait wait = context.acceptsTask() ? null : new PendingWait(vertx, context, new JsonObject(), options.replyTransitMs());
    if (wait != null) {
      held.put(created.id(), wait);
    }
    return vertx.executeBlocking(() -> {
      store.create(created);
      return created;
    }, false).onFailure(failed -> {
      if (wait != null) {
        held.remove(created.id());
      }
    }).compose(saved -> {
      announce(saved);
      if (wait == null) {
        return Future.succeededFuture(new JsonObject().put("task", taskJson(saved)));
      }
      if (wait.future().isComplete()) {
        return wait.future().map(outcome -> new JsonObject().put("outcome", outcome)); // ended while being written
      }
      wait.heartbeatEvery(options.heartbeatMs(), waitingText(saved));
      wait.deadline(options.maxWaitMs(), () -> withdraw(saved.id(), "did not decide within "
        + options.maxWaitMs() / 1000 + " s on", false));
      return wait.future().map(outcome -> new JsonObject().put("outcome", outcome));
    });
  }

  /** tasks/get, tasks/update and tasks/cancel of a draft's task, answered from the store as it is now. */
  private Future<JsonObject> task(String action, String taskId) {
    String id = DraftApproval.ofTask(taskId);
    return load(id).compose(found -> {
      DraftApproval draft = found.filter(this::alive).orElseThrow(() -> ToolException.notFound("no task '" + taskId
        + "' (it may have passed its ttl_ms)"));
      return switch (action) {
        case "get" -> Future.succeededFuture(taskJson(draft));
        case "update" -> Future.succeededFuture(new JsonObject()); // the person answers in the dashboard, not the client
        case "cancel" -> withdraw(id, "was not asked to decide (the agent cancelled its task) on", true).map(new JsonObject());
        default -> Future.failedFuture(ToolException.invalid("unknown task action '" + action + "'"));
      };
    });
  }

  /**
   * Ends a pending draft unposted; a draft already decided keeps its decision, and one being posted ends the held
   * request once the post is done.
   */
  private Future<DraftApproval> withdraw(String id, String how, boolean byCancel) {
    return change(id, current -> current.pending()
      ? current.ended(DraftApproval.WITHDRAWN, DraftOutcome.notPostedOutcome(DraftOutcome.notPosted(how, current.draft())),
        byCancel, Instant.now())
      : current);
  }

  private void callerLeft(String callId) {
    held.entrySet().stream().filter(entry -> callId.equals(entry.getValue().callId())).map(Map.Entry::getKey).findFirst()
      .ifPresent(id -> {
        PendingWait wait = held.remove(id);
        withdraw(id, "was not asked to decide (the agent's client cancelled the call) on", false);
        wait.fail(ToolException.conflict("the call was cancelled; draft " + id + " was withdrawn and nothing was posted"));
      });
  }

  // --- the person's side (dashboard tools) ---------------------------------------------------------------------

  private Future<JsonObject> list(JsonObject args) {
    Instant oldest = Instant.now().minusMillis(options.draftTtlMs());
    return vertx.executeBlocking(() -> store.loadSince(oldest), false).map(drafts -> new JsonObject().put("drafts",
      new JsonArray(drafts.stream().filter(d -> args.getString("draft_id") == null || d.id().equals(args.getString("draft_id")))
        .map(this::view).toList())));
  }

  private Future<JsonObject> decide(JsonObject args) {
    String id = args.getString("draft_id");
    boolean approve = "approve".equals(args.getString("decision"));
    String body = args.getString("body");
    return load(id).compose(found -> {
      DraftApproval draft = found.filter(this::alive).orElseThrow(() -> ToolException.notFound("no draft '" + id
        + "' awaits a decision; it may have expired (review.draftTtlMs). The list shows the drafts there are."));
      if (draft.pending() && !draft.decidable(Instant.now())) {
        // Its agent stopped listening and nobody withdrew it (e.g. the process holding the call was killed).
        return withdraw(id, "did not decide in time on", false).compose(withdrawn -> Future.failedFuture(
          ToolException.conflict("draft " + id + " was withdrawn: the agent that asked for it stopped waiting; nothing "
            + "was posted. The agent can ask again.")));
      }
      if (body != null && !draft.editable()) {
        throw ToolException.invalid("draft " + id + " (" + draft.tool() + ") has no editable body; approve or decline "
          + "it as shown, without body");
      }
      return change(id, current -> {
        if (!current.decidable(Instant.now())) {
          throw ToolException.conflict("draft " + id + " can no longer be decided: it is " + current.status()
            + (current.pending() ? " but its agent stopped waiting" : "") + "; nothing changed");
        }
        if (!approve) {
          return current.ended(DraftApproval.DECLINED,
            DraftOutcome.notPostedOutcome(DraftOutcome.notPosted("declined", current.draft())), false, Instant.now());
        }
        // The person's text replaces the field the tool's draft layout lets them edit (a review's body, a merge's message).
        String field = editableField(current);
        boolean edited = body != null && !body.equals(current.draft().getString(field, ""));
        JsonObject approved = current.arguments().copy();
        if (edited) {
          approved.put(field, body);
        }
        return current.posting(approved, edited, Instant.now());
      });
    }).compose(decided -> decided.pending() || !DraftApproval.POSTING.equals(decided.status())
      ? Future.succeededFuture(decided) : post(decided))
      .map(done -> new JsonObject().put("draft", view(done)));
  }

  /** Posts an approved draft through its tool, as the agent asked for it, and records how that went. */
  private Future<DraftApproval> post(DraftApproval approved) {
    Tool tool = catalog.require(approved.tool());
    DeliveryOptions delivery = Caller.AGENT.stamp(new DeliveryOptions().setSendTimeout(postTimeoutMs()));
    return BusRequests.request(vertx.eventBus(), tool.address(), approved.arguments(), delivery)
      .map(reply -> approved.ended(DraftApproval.POSTED, DraftOutcome.posted(reply, approved.edited()), false, Instant.now()))
      .recover(failure -> {
        ToolException problem = BusRequests.toToolException(tool.address(), failure);
        return Future.succeededFuture(approved.ended(DraftApproval.FAILED, DraftOutcome.notPostedOutcome("["
          + Failure.label(problem.code()) + "] The person approved the draft, but " + tool.name() + " refused to post it: "
          + problem.getMessage()), false, Instant.now()));
      })
      .compose(result -> change(approved.id(), current -> DraftApproval.POSTING.equals(current.status()) ? result : current));
  }

  // --- state -------------------------------------------------------------------------------------------------------

  /** Applies a change under the store's lock, then tells the dashboards and ends a held request the change decided. */
  private Future<DraftApproval> change(String id, UnaryOperator<DraftApproval> change) {
    return vertx.executeBlocking(() -> store.update(id, change), false).map(updated -> {
      DraftApproval draft = updated.orElseThrow(() -> ToolException.notFound("no draft '" + id + "'"));
      announce(draft);
      settle(draft);
      return draft;
    });
  }

  private Future<Optional<DraftApproval>> load(String id) {
    return vertx.executeBlocking(() -> store.load(id), false);
  }

  /** Ends the held request of a decided draft with what the agent reads. */
  private void settle(DraftApproval draft) {
    if (draft.ended()) {
      PendingWait wait = held.remove(draft.id());
      if (wait != null) {
        wait.end(draft.outcome());
      }
    }
  }

  /** Picks up decisions taken by other processes sharing the store, for the requests held here. */
  private void sync() {
    if (syncing || held.isEmpty()) {
      return;
    }
    syncing = true;
    List<String> ids = List.copyOf(held.keySet());
    vertx.executeBlocking(() -> ids.stream().map(store::load).flatMap(Optional::stream).toList(), false)
      .onComplete(done -> {
        syncing = false;
        if (done.succeeded()) {
          done.result().forEach(this::settle);
        }
      });
  }

  /**
   * How long the post of an approved draft may take: longer than the forge call inside it (review_publish posts through
   * pr_review with review.gitTimeoutMs), so that a late success is never recorded as a failure.
   */
  private long postTimeoutMs() {
    return 2 * options.gitTimeoutMs();
  }

  private boolean alive(DraftApproval draft) {
    return draft.createdAt().plusMillis(options.draftTtlMs()).isAfter(Instant.now());
  }

  private void announce(DraftApproval draft) {
    vertx.eventBus().publish(Addresses.DRAFT_EVENTS, new JsonObject().put("type", "draft").put("draft_id", draft.id())
      .put("status", draft.status()));
  }

  /** A draft as the agent's task reports it ({@link TaskDocument}). */
  private JsonObject taskJson(DraftApproval draft) {
    boolean interrupted = DraftApproval.POSTING.equals(draft.status())
      && draft.updatedAt().plusMillis(postTimeoutMs() + options.draftPostGraceMs()).isBefore(Instant.now());
    String status = draft.cancelled() ? TaskDocument.CANCELLED
      : draft.ended() || interrupted ? TaskDocument.COMPLETED : TaskDocument.WORKING;
    JsonObject json = TaskDocument.of(draft.taskId(), status, draft.createdAt(), draft.updatedAt(), options.draftTtlMs(),
      options);
    if (interrupted) {
      return json.mergeIn(DraftOutcome.notPostedOutcome("[UNAVAILABLE] The person approved the draft, but the server "
        + "stopped while posting it: whether it reached the forge is unknown. Look at the pull request (pr_list_threads) "
        + "before posting again."));
    }
    if (draft.ended() && !draft.cancelled()) {
      return json.mergeIn(draft.outcome());
    }
    if (!draft.ended()) {
      json.put("status_message", waitingText(draft));
    }
    return json;
  }

  /** What the agent is told while the person has not decided: where to look, with no credential in it. */
  private String waitingText(DraftApproval draft) {
    String page = options.dashboardUrl() != null ? options.dashboardUrl() : DashboardLocation.lookup(vertx);
    String url = page == null ? null : (page.endsWith("/") ? page : page + "/") + "#/drafts/" + draft.id();
    return "waiting for the person to approve or decline draft " + draft.id() + " in the dashboard"
      + (url == null ? "" : " at " + url) + " (they sign in with 'reviewgate open'); nothing is posted unless they approve";
  }

  private DraftLayout layout(DraftApproval draft) {
    return catalog.require(draft.tool()).confirmDraft().layout();
  }

  /** The draft field the person may edit, as its tool's layout names it. */
  private String editableField(DraftApproval draft) {
    return layout(draft).editable().name();
  }

  /** A draft as the dashboard shows it: its fields, and its text as the person is asked to approve it. */
  private JsonObject view(DraftApproval draft) {
    String status = draft.pending() && !draft.decidable(Instant.now()) ? DraftApproval.WITHDRAWN : draft.status();
    JsonObject json = new JsonObject().put("draft_id", draft.id()).put("tool", draft.tool()).put("status", status)
      .put("created_at", draft.createdAt().toString()).put("updated_at", draft.updatedAt().toString())
      .put("expires_at", draft.decideBy().toString())
      .put("editable", draft.editable()).put("edited", draft.edited()).put("draft", draft.draft())
      .put("editable_field", editableField(draft)).put("shown", layout(draft).describe(draft.tool(), draft.draft()));
    if (draft.ended()) {
      json.put("outcome", draft.outcome().getValue("error_text") instanceof String text ? text : draft.outcome().getString("note"));
      if (draft.outcome().getValue("result") instanceof JsonObject result && result.getValue("url") instanceof String url) {
        json.put("url", url);
      }
    }
    return json;
  }
}
