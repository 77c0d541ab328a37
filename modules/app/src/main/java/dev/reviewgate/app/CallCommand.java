package dev.reviewgate.app;

import dev.reviewgate.core.json.JsonErrors;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.NearestNames;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.mcp.McpOptions;
import io.vertx.core.Vertx;
import dev.reviewgate.core.json.JsonString;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code reviewgate call TOOL 'JSON'}: one tool through the same event bus and catalog as every front-end. The
 * structured result goes to stdout (with {@code --text}, its diff, stat or file text as it is); a failure's text to
 * stderr with exit 1, or exit 2 for invalid arguments. The backends' start-up log is shown only with {@code --verbose}:
 * a command in a script says nothing but its answer.
 */
final class CallCommand {

  static final int TOOL_FAILED = 1;
  static final int INVALID_ARGUMENTS = 2;

  /** The members that hold a result's text, in the order {@code --text} looks for one. */
  private static final List<String> TEXT_MEMBERS = List.of("diff", "text", "content", "instructions");

  private CallCommand() {
  }

  static int run(ReviewgateConfig config, String toolName, String json, Set<String> switches, PrintStream out,
                 PrintStream err) throws Exception {
    ToolCatalog catalog = ToolCatalog.standard();
    Tool tool = catalog.byName(toolName).orElse(null);
    if (tool == null) {
      List<String> known = catalog.tools().stream().map(Tool::name).toList();
      err.println("reviewgate: unknown tool '" + toolName + "'." + NearestNames.suggestion(toolName, known)
        + " Tools: " + String.join(", ", known));
      return INVALID_ARGUMENTS;
    }
    if (!switches.contains("--verbose")) {
      Logger.getLogger("").setLevel(Level.WARNING);
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
      if (switches.contains("--text")) {
        printText(toolName, result, out, err);
      } else {
        out.println(result.encodePrettily());
      }
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

  /** The result's text as it is, its warnings on stderr; a result without text is printed as JSON, saying so. */
  private static void printText(String toolName, JsonObject result, PrintStream out, PrintStream err) {
    String member = TEXT_MEMBERS.stream().filter(name -> result.getValue(name) instanceof CharSequence
      || result.getValue(name) instanceof JsonString).findFirst().orElse(null);
    if (member == null) {
      err.println("reviewgate: " + toolName + " answers no text (--text prints a diff, a stat or a file); its JSON follows");
      out.println(result.encodePrettily());
      return;
    }
    String text = String.valueOf(result.getValue(member));
    if (text.isEmpty() && member.equals("diff")) {
      err.println("reviewgate: the diff is empty: nothing differs between the two sides in the files asked for");
    }
    out.print(text);
    if (result.getValue("warnings") instanceof JsonArray warnings) {
      warnings.forEach(warning -> err.println("reviewgate: warning: " + warning));
    }
  }
}
