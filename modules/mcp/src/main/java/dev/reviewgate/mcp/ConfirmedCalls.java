package dev.reviewgate.mcp;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.catalog.ConfirmDraft;
import dev.reviewgate.core.catalog.DraftLayout;
import dev.reviewgate.core.catalog.DraftOutcome;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.UUID;
import java.util.function.Function;

/**
 * A call the person confirms before it runs: {@code confirm: true} on a tool with a {@link ConfirmDraft}. The person
 * sees the exact draft, as its catalog {@link DraftLayout} shows it, through {@link RequestContext#ask} (an
 * {@code input_required} round in 2026-07-28, {@code elicitation/create} in a session), and the tool is called, without
 * {@code confirm}, only if they accept. A declined or cancelled draft is reported back to the agent with nothing
 * called; an edited field is sent as edited and the result says so.
 *
 * <p>A client that cannot elicit has the draft handed to the backend that keeps drafts for the person's approval
 * ({@link Addresses#REVIEW_DRAFTS}, which owns their state, life and task documents): the call becomes a durable task
 * when the client negotiated the tasks extension, else it is held (with the timeout of the tool the catalog names as
 * {@code heldLike}, a wait for a person) until the person decides there; either way the agent reads the same outcome
 * as through elicitation.
 */
final class ConfirmedCalls {

  static final String KEY = "approve_review";

  private final Vertx vertx;
  private final ToolTimeouts timeouts;

  /** @param timeouts the default is a draft preview's; a call held for the person gets its {@code heldLike} tool's */
  ConfirmedCalls(Vertx vertx, ToolTimeouts timeouts) {
    this.vertx = vertx;
    this.timeouts = timeouts;
  }

  static boolean applies(Tool tool, JsonObject arguments) {
    return tool.confirmDraft() != null && Boolean.TRUE.equals(arguments.getValue(ConfirmDraft.ARGUMENT));
  }

  /** @param post calls the tool for real with the given arguments and gives its {@code CallToolResult} */
  Future<JsonObject> confirmThenCall(Tool tool, JsonObject arguments, RequestContext request,
                                     Function<JsonObject, Future<JsonObject>> post) {
    JsonObject plain = arguments.copy();
    plain.remove(ConfirmDraft.ARGUMENT);
    ConfirmDraft confirm = tool.confirmDraft();
    DraftLayout layout = confirm.layout();
    boolean bodyEditable = confirm.draftIsArguments();
    Future<JsonObject> draft = bodyEditable ? Future.succeededFuture(plain.copy())
      : BusRequests.request(vertx.eventBus(), confirm.draft(), plain, timeouts.defaultMs()).map(reply -> reply.getJsonObject("draft"));
    if (!request.canAsk(InputRequests.ELICITATION)) {
      return draft.compose(shown -> toDashboard(tool, plain, shown, bodyEditable, request));
    }
    return draft.compose(shown -> request.ask(KEY, InputRequests.elicitation(layout.describe(tool.name(), shown), schema(layout, shown, bodyEditable)))
      .compose(answer -> {
        JsonObject content = answer.getJsonObject("content", new JsonObject());
        if (!"accept".equals(answer.getString("action")) || !Boolean.TRUE.equals(content.getValue(layout.accept().name()))) {
          String how = "accept".equals(answer.getString("action")) ? "declined" : answer.getString("action", "declined");
          return Future.succeededFuture(ToolResults.error(DraftOutcome.notPosted(how, shown)));
        }
        JsonObject approved = plain.copy();
        String editable = layout.editable().name();
        boolean edited = bodyEditable && content.getValue(editable) instanceof String body && !body.equals(shown.getString(editable, ""));
        if (edited) {
          approved.put(editable, content.getString(editable));
        }
        String note = DraftOutcome.approved(edited);
        return post.apply(approved).map(result -> {
          if (!result.getBoolean("isError", false)) {
            ToolResults.withNote(result, note);
          }
          return result;
        });
      }));
  }

  /**
   * The draft goes to the dashboard for the person's decision: a {@code CreateTaskResult} at once for a client with
   * the tasks extension, else the outcome once they decided (or the draft was withdrawn when their time ran out).
   */
  private Future<JsonObject> toDashboard(Tool tool, JsonObject plain, JsonObject shown, boolean bodyEditable,
                                         RequestContext request) {
    String callId = UUID.randomUUID().toString();
    CallContext call = new CallContext(callId, null, request.tasksNegotiated());
    DeliveryOptions delivery = Caller.AGENT.stamp(call.applyTo(new DeliveryOptions().setSendTimeout(timeouts.of(tool.confirmDraft().heldLike()))));
    request.onCancel(() -> vertx.eventBus().publish(Addresses.CANCEL, new JsonObject().put("callId", callId)));
    JsonObject submit = new JsonObject().put("action", "submit").put("tool", tool.name()).put("arguments", plain)
      .put("draft", shown).put("editable", bodyEditable);
    return BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, submit, delivery).map(reply ->
      reply.getValue("task") instanceof JsonObject task
        ? TaskJson.created(TaskJson.ofDocument(task, java.util.List.of(tool.replyContent())))
        : TaskJson.callResult(reply.getJsonObject("outcome", new JsonObject()), java.util.List.of(tool.replyContent())));
  }

  /** The person's answer: accept it, and (for a draft that is the call's arguments) their edit of one field. */
  private static JsonObject schema(DraftLayout layout, JsonObject draft, boolean editable) {
    DraftLayout.Field accept = layout.accept();
    JsonObject properties = new JsonObject().put(accept.name(), new JsonObject().put("type", "boolean")
      .put("title", accept.title()).put("description", accept.description()).put("default", false));
    if (editable) {
      DraftLayout.Field field = layout.editable();
      properties.put(field.name(), new JsonObject().put("type", "string").put("title", field.title())
        .put("description", field.description()).put("default", draft.getString(field.name(), "")));
    }
    return new JsonObject().put("type", "object").put("properties", properties).put("required", new JsonArray().add(accept.name()));
  }
}
