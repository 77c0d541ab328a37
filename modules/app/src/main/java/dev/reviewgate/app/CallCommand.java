package dev.reviewgate.app;

import dev.reviewgate.core.json.JsonErrors;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.mcp.McpOptions;
import io.vertx.core.Vertx;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;

/**
 * {@code reviewgate call TOOL 'JSON'}: one tool through the same event bus and catalog as every front-end. The
 * structured result goes to stdout; a failure's text to stderr with exit 1, or exit 2 for invalid arguments.
 */
final class CallCommand {

  static final int TOOL_FAILED = 1;
  static final int INVALID_ARGUMENTS = 2;

  private CallCommand() {
  }

  static int run(ReviewgateConfig config, String toolName, String json, PrintStream out, PrintStream err) throws Exception {
    ToolCatalog catalog = ToolCatalog.standard();
    Tool tool = catalog.byName(toolName).orElse(null);
    if (tool == null) {
      err.println("reviewgate: unknown tool '" + toolName + "'; tools: "
        + catalog.tools().stream().map(Tool::name).collect(Collectors.joining(", ")));
      return INVALID_ARGUMENTS;
    }
    JsonObject arguments;
    try {
      arguments = new JsonObject(json);
    } catch (DecodeException | ClassCastException e) {
      err.println("reviewgate: the arguments of " + toolName + " must be one JSON object, e.g. '{\"name\": \"value\"}' ("
        + (e instanceof DecodeException ? JsonErrors.reason(e) : "not an object") + ")");
      return INVALID_ARGUMENTS;
    }
    long timeoutMs = McpOptions.from(config).toolTimeouts().of(toolName);
    Vertx vertx = VertxRuntime.start(config, false).vertx();
    try {
      JsonObject result = VertxRuntime.await(BusRequests.request(vertx.eventBus(), tool.address(), arguments, timeoutMs), timeoutMs + 5_000);
      out.println(result.encodePrettily());
      out.flush();
      return 0;
    } catch (ExecutionException e) {
      ToolException failure = BusRequests.toToolException(tool.address(), e.getCause());
      err.println("reviewgate: " + toolName + " failed: [" + Failure.label(failure.code()) + "] " + failure.getMessage());
      return failure.code() == Failure.INVALID_ARGUMENTS ? INVALID_ARGUMENTS : TOOL_FAILED;
    } finally {
      VertxRuntime.close(vertx);
    }
  }
}
