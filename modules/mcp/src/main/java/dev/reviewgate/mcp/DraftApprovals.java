package dev.reviewgate.mcp;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.catalog.DraftOutcome;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.UUID;
import java.util.function.Function;

/**
 * {@code confirm: true} on a tool with a {@code confirmDraft} (a review to be posted on a forge): the person sees the
 * exact draft (verdict, body, every comment with path, line and side) through {@link RequestContext#ask} (an
 * {@code input_required} round in 2026-07-28, {@code elicitation/create} in a session), and the tool is called, without
 * {@code confirm}, only if they accept. A declined or cancelled draft is reported back to the agent with nothing
 * posted; an edited body is posted as edited and the result says so.
 *
 * <p>A client that cannot elicit has the draft sent to the dashboard instead ({@link Addresses#REVIEW_DRAFTS}): the
 * call becomes a durable task when the client negotiated the tasks extension, else it is held (like a review wait,
 * up to {@code review.maxWaitMs}) until the person approves or declines it there; the backend posts an approved draft
 * and either way the agent reads the same outcome as through elicitation.
 */
final class DraftApprovals {

  static final String KEY = "approve_review";
  private static final int MAX_SHOWN_BODY = 2000;

  private final Vertx vertx;
  private final long timeoutMs;
  private final long personTimeoutMs;

  /**
   * @param timeoutMs       send timeout of a draft preview
   * @param personTimeoutMs send timeout of a call held until the person decides in the dashboard
   */
  DraftApprovals(Vertx vertx, long timeoutMs, long personTimeoutMs) {
    this.vertx = vertx;
    this.timeoutMs = timeoutMs;
    this.personTimeoutMs = personTimeoutMs;
  }

  static boolean applies(Tool tool, JsonObject arguments) {
    return tool.confirmDraft() != null && Boolean.TRUE.equals(arguments.getValue("confirm"));
  }

  /** @param post calls the tool for real with the given arguments and gives its {@code CallToolResult} */
  Future<JsonObject> confirmThenPost(Tool tool, JsonObject arguments, RequestContext request,
                                     Function<JsonObject, Future<JsonObject>> post) {
    JsonObject plain = arguments.copy();
    plain.remove("confirm");
    boolean bodyEditable = Tool.DRAFT_IS_ARGUMENTS.equals(tool.confirmDraft());
    Future<JsonObject> draft = bodyEditable ? Future.succeededFuture(plain.copy())
      : BusRequests.request(vertx.eventBus(), tool.confirmDraft(), plain, timeoutMs).map(reply -> reply.getJsonObject("draft"));
    if (!request.canAsk(InputRequests.ELICITATION)) {
      return draft.compose(shown -> toDashboard(tool, plain, shown, bodyEditable, request));
    }
    return draft.compose(shown -> request.ask(KEY, InputRequests.elicitation(describe(tool, shown), schema(shown, bodyEditable)))
      .compose(answer -> {
        JsonObject content = answer.getJsonObject("content", new JsonObject());
        if (!"accept".equals(answer.getString("action")) || !Boolean.TRUE.equals(content.getValue("post"))) {
          String how = "accept".equals(answer.getString("action")) ? "declined" : answer.getString("action", "declined");
          return Future.succeededFuture(ToolResults.error(DraftOutcome.notPosted(how, shown)));
        }
        JsonObject approved = plain.copy();
        boolean edited = bodyEditable && content.getValue("body") instanceof String body && !body.equals(shown.getString("body", ""));
        if (edited) {
          approved.put("body", content.getString("body"));
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
    DeliveryOptions delivery = Caller.AGENT.stamp(call.applyTo(new DeliveryOptions().setSendTimeout(personTimeoutMs)));
    request.onCancel(() -> vertx.eventBus().publish(Addresses.CANCEL, new JsonObject().put("callId", callId)));
    JsonObject submit = new JsonObject().put("action", "submit").put("tool", tool.name()).put("arguments", plain)
      .put("draft", shown).put("editable", bodyEditable);
    return BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, submit, delivery).map(reply ->
      reply.getValue("task") instanceof JsonObject task
        ? TaskJson.created(BusTasks.detailed(task))
        : BusTasks.callResult(reply.getJsonObject("outcome", new JsonObject())));
  }

  /** The draft in words, exactly as it would be posted. */
  private static String describe(Tool tool, JsonObject draft) {
    StringBuilder text = new StringBuilder("Post this review");
    if (draft.getValue("pr_number") != null) {
      text.append(" to pull request #").append(draft.getValue("pr_number"));
    }
    text.append(" (").append(tool.name()).append(")?\nVerdict: ").append(draft.getString("verdict", "comment"))
      .append("\nBody: ").append(cut(draft.getString("body", "")));
    JsonArray comments = draft.getJsonArray("comments", new JsonArray());
    text.append("\nComments (").append(comments.size()).append("):");
    for (int i = 0; i < comments.size(); i++) {
      JsonObject comment = comments.getJsonObject(i);
      text.append("\n").append(i + 1).append(". ").append(comment.getString("path"));
      if (comment.getValue("line") != null) {
        text.append(":").append(comment.getValue("start_line") == null ? "" : comment.getValue("start_line") + "-")
          .append(comment.getValue("line")).append(" (").append(comment.getString("side", "new")).append(" side)");
      } else {
        text.append(" (file)");
      }
      text.append(": ").append(cut(comment.getString("body", "")));
    }
    return text.toString();
  }

  private static JsonObject schema(JsonObject draft, boolean bodyEditable) {
    JsonObject properties = new JsonObject().put("post", new JsonObject().put("type", "boolean").put("title", "Post it")
      .put("description", "Post this review exactly as shown").put("default", false));
    if (bodyEditable) {
      properties.put("body", new JsonObject().put("type", "string").put("title", "Body")
        .put("description", "The review's body; edit it to post your words instead").put("default", draft.getString("body", "")));
    }
    return new JsonObject().put("type", "object").put("properties", properties).put("required", new JsonArray().add("post"));
  }

  private static String cut(String text) {
    return text.length() <= MAX_SHOWN_BODY ? text : text.substring(0, MAX_SHOWN_BODY) + "…";
  }
}
