package dev.reviewgate.conformance;

import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.mcp.JsonRpc;
import dev.reviewgate.mcp.JsonRpcException;
import dev.reviewgate.mcp.LocalTool;
import dev.reviewgate.mcp.LogLevel;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.ProtocolEra;
import dev.reviewgate.mcp.RequestContext;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * The fixture tools the MCP conformance suite calls ({@code test_simple_text}, {@code test_tool_with_progress}, …).
 * A separate toolset, registered only when {@code mcp.conformanceTools} is on ({@code serve --conformance-tools}),
 * so real users never see them. Definitions: {@code reviewgate/conformance/tools.json}.
 */
public final class ConformanceTools {

  static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
  private static final String WAV = "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";

  private ConformanceTools() {
  }

  /** Adds every fixture tool to {@code builder}, and the fixture resources, prompts and completions. */
  public static McpServer.Builder register(McpServer.Builder builder) {
    Map<String, LocalTool> handlers = new java.util.HashMap<>(ConformanceInputsAndTasks.handlers());
    handlers.putAll(Map.ofEntries(
      Map.entry("test_simple_text", (args, request) -> done(text("This is a simple text response for testing."))),
      Map.entry("test_image_content", (args, request) -> done(content(new JsonObject()
        .put("type", "image").put("data", PNG).put("mimeType", "image/png")))),
      Map.entry("test_audio_content", (args, request) -> done(content(new JsonObject()
        .put("type", "audio").put("data", WAV).put("mimeType", "audio/wav")))),
      Map.entry("test_embedded_resource", (args, request) -> done(content(resource("test://embedded-resource",
        "text/plain", "This is an embedded resource content.")))),
      Map.entry("test_multiple_content_types", (args, request) -> done(content(
        new JsonObject().put("type", "text").put("text", "Multiple content types test:"),
        new JsonObject().put("type", "image").put("data", PNG).put("mimeType", "image/png"),
        resource("test://mixed-content-resource", "application/json", "{\"test\":\"data\",\"value\":123}")))),
      Map.entry("test_tool_with_logging", ConformanceTools::logging),
      Map.entry("test_logging_tool", ConformanceTools::logging),
      Map.entry("test_error_handling", (args, request) -> done(text("This tool intentionally returns an error for testing")
        .put("isError", true))),
      Map.entry("test_tool_with_progress", ConformanceTools::progress),
      Map.entry("test_sampling", (args, request) -> request.requestClient("sampling/createMessage", new JsonObject()
          .put("messages", new JsonArray().add(new JsonObject().put("role", "user").put("content",
            new JsonObject().put("type", "text").put("text", args.getString("prompt")))))
          .put("maxTokens", 100))
        .map(result -> text("LLM response: " + result.getJsonObject("content", new JsonObject()).getString("text", "")))),
      Map.entry("test_elicitation", (args, request) -> elicit(request, args.getString("message"), new JsonObject()
        .put("type", "object")
        .put("properties", new JsonObject()
          .put("username", new JsonObject().put("type", "string").put("description", "User's response"))
          .put("email", new JsonObject().put("type", "string").put("description", "User's email address")))
        .put("required", new JsonArray().add("username").add("email")))),
      Map.entry("test_elicitation_sep1034_defaults", (args, request) -> elicit(request,
        "Please review and update the form fields with defaults", new JsonObject().put("type", "object")
          .put("properties", new JsonObject()
            .put("name", new JsonObject().put("type", "string").put("description", "User name").put("default", "John Doe"))
            .put("age", new JsonObject().put("type", "integer").put("description", "User age").put("default", 30))
            .put("score", new JsonObject().put("type", "number").put("description", "User score").put("default", 95.5))
            .put("status", new JsonObject().put("type", "string").put("description", "User status")
              .put("enum", new JsonArray().add("active").add("inactive").add("pending")).put("default", "active"))
            .put("verified", new JsonObject().put("type", "boolean").put("description", "Verification status").put("default", true)))
          .put("required", new JsonArray()))),
      Map.entry("test_elicitation_sep1330_enums", (args, request) -> elicit(request, "Please select options from the enum fields",
        new JsonObject().put("type", "object").put("properties", new JsonObject()
          .put("untitledSingle", new JsonObject().put("type", "string").put("description", "Select one option")
            .put("enum", new JsonArray().add("option1").add("option2").add("option3")))
          .put("titledSingle", new JsonObject().put("type", "string").put("description", "Select one option with titles")
            .put("oneOf", titled("value", "First Option", "Second Option", "Third Option")))
          .put("legacyEnum", new JsonObject().put("type", "string").put("description", "Select one option (legacy)")
            .put("enum", new JsonArray().add("opt1").add("opt2").add("opt3"))
            .put("enumNames", new JsonArray().add("Option One").add("Option Two").add("Option Three")))
          .put("untitledMulti", new JsonObject().put("type", "array").put("description", "Select multiple options")
            .put("items", new JsonObject().put("type", "string").put("enum", new JsonArray().add("option1").add("option2").add("option3"))))
          .put("titledMulti", new JsonObject().put("type", "array").put("description", "Select multiple options with titles")
            .put("items", new JsonObject().put("anyOf", titled("value", "First Choice", "Second Choice", "Third Choice")))))
          .put("required", new JsonArray()))),
      Map.entry("test_missing_capability", (args, request) -> {
        if (!request.clientCapabilities().containsKey("sampling")) {
          return Future.failedFuture(new JsonRpcException(JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY,
            "Missing required client capability: this tool needs sampling",
            new JsonObject().put("requiredCapabilities", new JsonObject().put("sampling", new JsonObject()))));
        }
        return done(text("the client declared sampling"));
      }),
      Map.entry("test_streaming_elicitation", ConformanceTools::streamingElicitation),
      Map.entry("test_custom_header", (args, request) -> done(text("region: " + args.getString("region")))),
      Map.entry("json_schema_2020_12_tool", (args, request) -> done(text("received " + args.encode())))));
    JsonArray definitions = definitions();
    for (Object entry : definitions) {
      Tool tool = ToolCatalog.parseTool(ConformanceTools.class.getClassLoader(), (JsonObject) entry);
      LocalTool handler = handlers.get(tool.name());
      if (handler == null) {
        throw new IllegalStateException("conformance fixture " + tool.name() + " has no handler");
      }
      builder.localTool(tool, handler);
    }
    ConformanceContent.register(builder);
    return builder;
  }

  private static Future<JsonObject> logging(JsonObject args, RequestContext request) {
    request.log(LogLevel.INFO, "conformance", "Tool execution started");
    return delay(request, 50)
      .compose(v -> {
        request.log(LogLevel.INFO, "conformance", "Tool processing data");
        return delay(request, 50);
      })
      .map(v -> {
        request.log(LogLevel.INFO, "conformance", "Tool execution completed");
        return text("Tool with logging executed successfully");
      });
  }

  private static Future<JsonObject> progress(JsonObject args, RequestContext request) {
    request.progress(0, 100.0, null);
    return delay(request, 50)
      .compose(v -> {
        request.progress(50, 100.0, null);
        return delay(request, 50);
      })
      .map(v -> {
        request.progress(100, 100.0, null);
        return text("Tool with progress executed successfully");
      });
  }

  /**
   * 2026-07-28 has no server-to-client requests on a response stream: the server asks with an {@code input_required}
   * result naming the input it needs, and the client retries with the answers.
   */
  private static Future<JsonObject> streamingElicitation(JsonObject args, RequestContext request) {
    JsonObject confirm = new JsonObject().put("method", "elicitation/create").put("params", new JsonObject()
      .put("message", "Please confirm to continue")
      .put("requestedSchema", new JsonObject().put("type", "object").put("properties", new JsonObject()
        .put("confirmed", new JsonObject().put("type", "boolean").put("description", "Confirm?")))));
    if (request.era() == ProtocolEra.STATELESS) {
      request.progress(1, null, "waiting for confirmation");
      return done(new JsonObject().put("resultType", "input_required")
        .put("inputRequests", new JsonObject().put("confirm", confirm)));
    }
    return elicit(request, "Please confirm to continue", confirm.getJsonObject("params").getJsonObject("requestedSchema"));
  }

  private static Future<JsonObject> elicit(RequestContext request, String message, JsonObject schema) {
    if (request.era() != ProtocolEra.SESSION) {
      return done(text("elicitation needs a session-era client").put("isError", true));
    }
    return request.requestClient("elicitation/create", new JsonObject().put("message", message).put("requestedSchema", schema))
      .map(result -> text("Elicitation completed: action=" + result.getString("action") + ", content="
        + result.getJsonObject("content", new JsonObject()).encode()));
  }

  private static Future<Void> delay(RequestContext request, long ms) {
    Promise<Void> promise = Promise.promise();
    request.vertx().setTimer(ms, id -> promise.complete());
    return promise.future();
  }

  private static JsonArray titled(String prefix, String... titles) {
    JsonArray options = new JsonArray();
    for (int i = 0; i < titles.length; i++) {
      options.add(new JsonObject().put("const", prefix + (i + 1)).put("title", titles[i]));
    }
    return options;
  }

  private static JsonObject resource(String uri, String mimeType, String text) {
    return new JsonObject().put("type", "resource")
      .put("resource", new JsonObject().put("uri", uri).put("mimeType", mimeType).put("text", text));
  }

  static JsonObject text(String text) {
    return content(new JsonObject().put("type", "text").put("text", text));
  }

  private static JsonObject content(JsonObject... items) {
    JsonArray content = new JsonArray();
    for (JsonObject item : items) {
      content.add(item);
    }
    return new JsonObject().put("content", content);
  }

  private static Future<JsonObject> done(JsonObject result) {
    return Future.succeededFuture(result);
  }

  private static JsonArray definitions() {
    return ToolCatalog.readJson(ConformanceTools.class.getClassLoader(), "reviewgate/conformance/tools.json").getJsonArray("tools");
  }
}
