package dev.reviewgate.mcp;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** {@code tools/list} from the catalog and {@code tools/call} as an event-bus request to the tool's address. */
final class ToolCalls {

  private static final Logger LOG = Logger.getLogger(ToolCalls.class.getName());

  private final McpServer server;

  ToolCalls(McpServer server) {
    this.server = server;
  }

  JsonObject list(JsonObject params) {
    return Pages.page(params, server.catalog().tools(Exposure.MCP), server.options().pageSize(), "tools", Tool::toMcpJson);
  }

  Future<JsonObject> call(RequestContext request, JsonObject params) {
    if (!(params.getValue("name") instanceof String name)) {
      throw JsonRpcException.invalidParams("Invalid params: tools/call needs \"name\", the tool's name as a string (see tools/list).");
    }
    Tool tool = server.catalog().byName(name).filter(t -> t.exposedTo(Exposure.MCP)).orElseThrow(() ->
      JsonRpcException.invalidParams("Unknown tool: " + name + ". Available tools: "
        + server.catalog().tools(Exposure.MCP).stream().map(Tool::name).collect(Collectors.joining(", ")) + "."));
    Object argumentsValue = params.getValue("arguments");
    if (argumentsValue != null && !(argumentsValue instanceof JsonObject)) {
      throw JsonRpcException.invalidParams("Invalid params: \"arguments\" of tools/call must be an object of named arguments.");
    }
    JsonObject arguments = argumentsValue == null ? new JsonObject() : (JsonObject) argumentsValue;
    long started = System.nanoTime();
    long heartbeat = startProgress(request, name, started);
    LocalTool local = server.localTool(name);
    Future<JsonObject> outcome = local != null ? callLocal(tool, local, arguments, request) : callBus(tool, arguments, request);
    return outcome
      .eventually(() -> {
        if (heartbeat >= 0) {
          server.vertx().cancelTimer(heartbeat);
        }
        return Future.succeededFuture();
      })
      .recover(failure -> {
        if (failure instanceof JsonRpcException) {
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
    CallContext call = new CallContext(callId, progressAddress);
    DeliveryOptions delivery = call.applyTo(new DeliveryOptions().setSendTimeout(server.options().toolTimeouts().of(tool.name())));
    request.onCancel(() -> server.vertx().eventBus().publish(Addresses.CANCEL, new JsonObject().put("callId", callId)));
    if (progressAddress == null) {
      return BusRequests.request(server.vertx().eventBus(), tool.address(), arguments, delivery).map(ToolResults::success);
    }
    MessageConsumer<JsonObject> progress = server.vertx().eventBus().consumer(progressAddress, message -> {
      JsonObject body = message.body();
      if (body != null && body.getValue("progress") instanceof Number n) {
        request.progress(n.doubleValue(), null, body.getString("message"));
      }
    });
    return progress.completion()
      .compose(ready -> BusRequests.request(server.vertx().eventBus(), tool.address(), arguments, delivery))
      .eventually(progress::unregister)
      .map(ToolResults::success);
  }

  private Future<JsonObject> callLocal(Tool tool, LocalTool local, JsonObject arguments, RequestContext request) {
    try {
      server.catalog().validate(tool.name(), arguments);
      return local.call(arguments, request);
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  /** Progress for a call with a progressToken: once at the start, then a heartbeat until it ends. */
  private long startProgress(RequestContext request, String name, long started) {
    if (!request.wantsProgress()) {
      return -1;
    }
    request.progress(0, null, name + " started");
    int[] beats = {0};
    return server.vertx().setPeriodic(server.options().progressIntervalMs(), timer -> {
      long ms = (System.nanoTime() - started) / 1_000_000;
      request.progress(++beats[0], null, name + " running for " + ms + " ms");
    });
  }
}
