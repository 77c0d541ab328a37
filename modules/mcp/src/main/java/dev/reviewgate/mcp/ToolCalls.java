package dev.reviewgate.mcp;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ReadOnlyResend;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.NearestNames;
import dev.reviewgate.core.catalog.TaskSupport;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code tools/list} from the catalog, as far as the {@link ToolSelection} lists it, and {@code tools/call} as an
 * event-bus request to the tool's address. A call to a tool the selection leaves out is refused with a result that
 * says how to turn it on, so every tool stays reachable.
 */
final class ToolCalls {

  private static final Logger LOG = Logger.getLogger(ToolCalls.class.getName());

  private final Vertx vertx;
  private final ToolCatalog catalog;
  private final ToolSelection selection;
  private final McpOptions options;
  private final Function<String, LocalTool> localTools;
  private final ConfirmedCalls confirmations;
  private final StrangerPolicy strangers;
  private final Spotlight spotlight;

  /** @param localTools the in-process answer of a tool, by name, or null for a call over the bus */
  ToolCalls(Vertx vertx, ToolCatalog catalog, ToolSelection selection, McpOptions options, StrangerPolicy strangers,
            Function<String, LocalTool> localTools) {
    this.vertx = vertx;
    this.catalog = catalog;
    this.selection = selection;
    this.options = options;
    this.strangers = strangers;
    this.spotlight = new Spotlight(strangers.lockdown());
    this.localTools = localTools;
    this.confirmations = new ConfirmedCalls(vertx, options.toolTimeouts());
  }

  JsonObject list(JsonObject params) {
    return Pages.page(params, selection.tools(catalog, Exposure.MCP), options.pageSize(), "tools", Tool::toMcpJson);
  }

  Future<JsonObject> call(RequestContext request, JsonObject params) {
    if (!(params.getValue("name") instanceof String name)) {
      throw JsonRpcException.invalidParams("Invalid params: tools/call needs \"name\", the tool's name as a string (see tools/list).");
    }
    Tool tool = catalog.byName(name).filter(t -> t.exposedTo(Exposure.MCP)).orElseThrow(() -> {
      List<String> known = catalog.tools(Exposure.MCP).stream().map(Tool::name).toList();
      return JsonRpcException.invalidParams("Unknown tool: " + name + "." + NearestNames.suggestion(name, known)
        + " Available tools: " + String.join(", ", known) + ".");
    });
    Object argumentsValue = params.getValue("arguments");
    if (argumentsValue != null && !(argumentsValue instanceof JsonObject)) {
      throw JsonRpcException.invalidParams("Invalid params: \"arguments\" of tools/call must be an object of named arguments.");
    }
    JsonObject arguments = argumentsValue == null ? new JsonObject() : (JsonObject) argumentsValue;
    java.util.Optional<String> refused = selection.refusal(catalog, tool);
    if (refused.isPresent()) {
      return Future.succeededFuture(ToolResults.failure(ToolException.notAllowed(refused.get())));
    }
    if (tool.taskSupport() == TaskSupport.REQUIRED && !request.tasksNegotiated()) {
      throw Tasks.notNegotiated(name + " runs only as a task");
    }
    // A write the operator's policy leaves to the person goes through the person's approval, whatever the agent asked.
    boolean forPerson = strangers.confirmWrites().covers(tool, arguments);
    if (forPerson && tool.confirmDraft() == null) {
      return Future.succeededFuture(ToolResults.failure(ToolException.notAllowed(name + " writes, and this server's policy "
        + "(mcp.confirmWrites = " + strangers.confirmWrites().setting() + ") needs the person's approval for it, which "
        + name + " has no way to ask for; nothing was sent. The operator decides with REVIEWGATE_CONFIRM_WRITES.")));
    }
    boolean confirming = forPerson || ConfirmedCalls.applies(tool, arguments);
    long started = System.nanoTime();
    // A tool that waits for a person reports its own progress, the first at once naming what the person opens.
    long heartbeat = tool.waitsForPerson() ? -1 : startProgress(request, confirming
      ? name + " is held for the person's approval (in their MCP client, or on the dashboard's drafts page)" : name + " running",
      confirming ? name + " is held for the person's approval" : name + " started", started);
    LocalTool local = localTools.apply(name);
    Future<JsonObject> outcome = confirming
      ? validated(tool, arguments).compose(valid -> confirmations.confirmThenCall(tool, arguments, request,
        approved -> callBus(tool, approved, request)))
      : local != null ? callLocal(tool, local, arguments, request) : callBus(tool, arguments, request);
    return outcome
      .eventually(() -> {
        if (heartbeat >= 0) {
          vertx.cancelTimer(heartbeat);
        }
        return Future.succeededFuture();
      })
      .recover(failure -> {
        if (failure instanceof JsonRpcException || failure instanceof InputRequired) {
          return Future.failedFuture(failure);
        }
        ToolException tool1 = failure instanceof ToolException t ? t : BusRequests.toToolException(tool.address(), failure);
        if (!(failure instanceof ToolException) && !(failure instanceof io.vertx.core.eventbus.ReplyException)) {
          LOG.log(Level.SEVERE, "tool " + name + " failed unexpectedly", failure);
        }
        request.log(tool1.code() >= Failure.INTERNAL ? LogLevel.ERROR : LogLevel.WARNING, McpServer.NAME,
          new JsonObject().put("tool", name).put("code", tool1.code()).put("message", tool1.getMessage()));
        return Future.succeededFuture(ToolResults.failure(tool1));
      })
      .onSuccess(result -> request.log(LogLevel.DEBUG, McpServer.NAME, new JsonObject().put("tool", name)
        .put("ms", (System.nanoTime() - started) / 1_000_000).put("isError", result.getBoolean("isError", false))));
  }

  private Future<JsonObject> callBus(Tool tool, JsonObject arguments, RequestContext request) {
    String callId = UUID.randomUUID().toString();
    // The backend's own progress (e.g. a review wait's heartbeat naming the dashboard URL) goes to an address only
    // this call listens on, when the client asked for progress; see CallContext.
    String progressAddress = request.wantsProgress() ? Addresses.PREFIX + "progress." + callId : null;
    // A client that negotiated tasks may get a durable task at once instead of a held call (a wait for a person).
    // The transports write a diff's UTF-8 bytes as they are (JsonLines): no String of it need be built. A result
    // written out once, apart from others, may also come while its text is still being made; a task's is kept.
    CallContext call = new CallContext(callId, progressAddress,
      tool.taskSupport() != TaskSupport.FORBIDDEN && request.tasksNegotiated(), 0, true,
      !request.inTask() && request.connection().repliesApart());
    // MCP's callers are agents, over stdio or HTTP with the token (see Caller).
    DeliveryOptions delivery = Caller.AGENT.stamp(call.applyTo(new DeliveryOptions().setSendTimeout(options.toolTimeouts().of(tool.name()))));
    request.onCancel(() -> CancelSignals.abandon(vertx, callId));
    if (progressAddress == null) {
      return ReadOnlyResend.request(vertx, tool, arguments, delivery).map(reply -> result(tool, reply));
    }
    MessageConsumer<JsonObject> progress = vertx.eventBus().consumer(progressAddress, message -> {
      JsonObject body = message.body();
      if (body != null && body.getValue("progress") instanceof Number n) {
        request.progress(n.doubleValue(), null, body.getString("message"));
      }
    });
    return progress.completion()
      .compose(ready -> ReadOnlyResend.request(vertx, tool, arguments, delivery))
      .eventually(progress::unregister)
      .map(reply -> result(tool, reply));
  }

  /**
   * A backend's reply as the call's result: a {@code CallToolResult} (its strangers' texts enclosed, or withheld in
   * lockdown), or a {@code CreateTaskResult} for a task.
   */
  private JsonObject result(Tool tool, JsonObject reply) {
    return reply.getValue("task") instanceof JsonObject task && reply.size() == 1
      ? TaskJson.created(TaskJson.ofDocument(task, java.util.List.of(tool.replyContent())))
      : spotlight.apply(reply, tool.replyContent(), r -> ToolResults.success(r, tool.replyContent()));
  }

  /** The arguments checked against the tool's schema here, before a person is shown a draft made of them. */
  private Future<JsonObject> validated(Tool tool, JsonObject arguments) {
    try {
      catalog.validate(tool.name(), arguments);
      return Future.succeededFuture(arguments);
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  private Future<JsonObject> callLocal(Tool tool, LocalTool local, JsonObject arguments, RequestContext request) {
    try {
      catalog.validate(tool.name(), arguments);
      return local.call(arguments, request);
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  /**
   * Progress for a call with a progressToken: {@code first} at the start, then a heartbeat ({@code doing} for how
   * long) until it ends.
   */
  private long startProgress(RequestContext request, String doing, String first, long started) {
    if (!request.wantsProgress()) {
      return -1;
    }
    request.progress(0, null, first);
    int[] beats = {0};
    return vertx.setPeriodic(options.progressIntervalMs(), timer -> {
      long ms = (System.nanoTime() - started) / 1_000_000;
      request.progress(++beats[0], null, doing + " for " + ms + " ms");
    });
  }
}
