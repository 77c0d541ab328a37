package dev.reviewgate.conformance;

import dev.reviewgate.mcp.InputRequests;
import dev.reviewgate.mcp.JsonRpcException;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.ProtocolEra;
import dev.reviewgate.mcp.RequestContext;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The conformance suite's fixture resources ({@code test://…}), prompts ({@code test_…_prompt…}) and completions,
 * answered before the catalog's resource templates and prompts. Registered with the fixture tools, so only
 * under {@code mcp.conformanceTools}.
 */
final class ConformanceContent {

  private static final Pattern TEMPLATE = Pattern.compile("test://template/([^/]+)/data");

  private ConformanceContent() {
  }

  static void register(McpServer.Builder builder) {
    builder.localMethod("resources/read", ConformanceContent::read);
    builder.localMethod("prompts/get", ConformanceContent::prompt);
    builder.localMethod("completion/complete", ConformanceContent::complete);
    builder.localMethod("resources/subscribe", ConformanceContent::subscription);
    builder.localMethod("resources/unsubscribe", ConformanceContent::subscription);
  }

  /** Accepted for the fixture resources in the session era (2026-07-28 removed these methods). */
  private static Future<JsonObject> subscription(RequestContext request, JsonObject params) {
    if (request.era() != ProtocolEra.SESSION || !(params.getValue("uri") instanceof String uri) || !uri.startsWith("test://")) {
      return null;
    }
    return Future.succeededFuture(new JsonObject());
  }

  private static Future<JsonObject> read(RequestContext request, JsonObject params) {
    if (!(params.getValue("uri") instanceof String uri) || !uri.startsWith("test://")) {
      return null;
    }
    JsonObject content = new JsonObject().put("uri", uri);
    Matcher template = TEMPLATE.matcher(uri);
    if (uri.equals("test://static-text")) {
      content.put("mimeType", "text/plain").put("text", "This is the content of the static text resource.");
    } else if (uri.equals("test://static-binary")) {
      content.put("mimeType", "image/png").put("blob", ConformanceTools.PNG);
    } else if (template.matches()) {
      content.put("mimeType", "application/json").put("text", new JsonObject().put("id", template.group(1))
        .put("templateTest", true).put("data", "Data for ID: " + template.group(1)).encode());
    } else if (uri.equals("test://watched-resource")) {
      content.put("mimeType", "text/plain").put("text", "Watched resource content.");
    } else {
      return null;
    }
    return Future.succeededFuture(new JsonObject().put("contents", new JsonArray().add(content)));
  }

  private static Future<JsonObject> prompt(RequestContext request, JsonObject params) {
    if (!(params.getValue("name") instanceof String name) || !name.startsWith("test_")) {
      return null;
    }
    JsonObject arguments = params.getValue("arguments") instanceof JsonObject a ? a : new JsonObject();
    JsonArray messages = new JsonArray();
    switch (name) {
      case "test_simple_prompt" -> messages.add(user(text("This is a simple prompt for testing.")));
      case "test_prompt_with_arguments" -> messages.add(user(text("Prompt with arguments: arg1='"
        + arguments.getString("arg1", "") + "', arg2='" + arguments.getString("arg2", "") + "'")));
      case "test_prompt_with_embedded_resource" -> {
        String uri = arguments.getString("resourceUri");
        if (uri == null) {
          return Future.failedFuture(JsonRpcException.invalidParams("Invalid params: test_prompt_with_embedded_resource needs resourceUri"));
        }
        messages.add(user(new JsonObject().put("type", "resource").put("resource", new JsonObject().put("uri", uri)
            .put("mimeType", "text/plain").put("text", "Embedded resource content for testing."))))
          .add(user(text("Please process the embedded resource above.")));
      }
      case "test_input_required_result_prompt" -> {
        JsonObject ask = InputRequests.elicitation("What context should the prompt use?", new JsonObject().put("type", "object")
          .put("properties", new JsonObject().put("context", new JsonObject().put("type", "string")))
          .put("required", new JsonArray().add("context")));
        return request.ask("user_context", ask).map(answer -> new JsonObject().put("messages", new JsonArray()
          .add(user(text("Use this context: " + answer.getJsonObject("content", new JsonObject()).getString("context", ""))))));
      }
      case "test_prompt_with_image" -> messages
        .add(user(new JsonObject().put("type", "image").put("data", ConformanceTools.PNG).put("mimeType", "image/png")))
        .add(user(text("Please analyze the image above.")));
      default -> {
        return null;
      }
    }
    return Future.succeededFuture(new JsonObject().put("messages", messages));
  }

  private static Future<JsonObject> complete(RequestContext request, JsonObject params) {
    JsonObject ref = params.getValue("ref") instanceof JsonObject r ? r : new JsonObject();
    String name = ref.getString("name", ref.getString("uri", ""));
    if (!name.startsWith("test_") && !name.startsWith("test://")) {
      return null;
    }
    return Future.succeededFuture(new JsonObject().put("completion",
      new JsonObject().put("values", new JsonArray()).put("total", 0).put("hasMore", false)));
  }

  private static JsonObject user(JsonObject content) {
    return new JsonObject().put("role", "user").put("content", content);
  }

  private static JsonObject text(String text) {
    return new JsonObject().put("type", "text").put("text", text);
  }
}
