package dev.reviewgate.mcp;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.Placeholders;
import dev.reviewgate.core.catalog.Prompt;
import dev.reviewgate.core.catalog.PromptArgument;
import dev.reviewgate.core.catalog.PromptMessage;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code prompts/*} for the catalog's prompts: {@code prompts/get} calls the prompt's tool with the given arguments
 * and fills the prompt's messages with them, embedding the reply where a message asks for it.
 */
final class CatalogPrompts {

  private final ToolCatalog catalog;
  private final ToolCaller tools;
  private final int pageSize;

  CatalogPrompts(ToolCatalog catalog, ToolCaller tools, int pageSize) {
    this.catalog = catalog;
    this.tools = tools;
    this.pageSize = pageSize;
  }

  JsonObject list(JsonObject params) {
    return Pages.page(params, catalog.prompts(), pageSize, "prompts", Prompt::toMcpJson);
  }

  Future<JsonObject> get(RequestContext request, JsonObject params) {
    Prompt prompt = catalog.prompts().stream().filter(p -> p.name().equals(params.getValue("name"))).findFirst()
      .orElseThrow(() -> JsonRpcException.invalidParams("Invalid params: unknown prompt " + params.getValue("name") + offered()));
    Map<String, String> values = values(prompt, params.getValue("arguments") instanceof JsonObject given ? given : new JsonObject());
    JsonObject arguments = new JsonObject();
    for (PromptArgument argument : prompt.arguments()) {
      if (values.containsKey(argument.name())) {
        arguments.put(argument.argument(), values.get(argument.name()));
      }
    }
    Tool tool = catalog.require(prompt.tool());
    return tools.call(tool, arguments)
      .recover(failure -> Future.failedFuture(JsonRpcException.invalidParams(Placeholders.fill(prompt.failure(), values)
        + ": " + BusRequests.toToolException(tool.address(), failure).getMessage())))
      .map(reply -> built(prompt, values, reply));
  }

  private static JsonObject built(Prompt prompt, Map<String, String> values, JsonObject reply) {
    JsonArray messages = new JsonArray();
    for (PromptMessage message : prompt.messages()) {
      JsonObject content = message.embedsReply()
        ? new JsonObject().put("type", "resource").put("resource", new JsonObject()
          .put("uri", Placeholders.fill(message.resourceUri(), values)).put("mimeType", message.mimeType())
          .put("text", prompt.text(reply)))
        : ToolResults.text(Placeholders.fill(message.text(), values));
      messages.add(new JsonObject().put("role", message.role()).put("content", content));
    }
    JsonObject result = new JsonObject();
    if (prompt.resultDescription() != null) {
      result.put("description", Placeholders.fill(prompt.resultDescription(), values));
    }
    return result.put("messages", messages);
  }

  /** Each given or defaulted argument's value; a required one must be a non-blank string, a given one a string. */
  private static Map<String, String> values(Prompt prompt, JsonObject given) {
    Map<String, String> values = new LinkedHashMap<>();
    for (PromptArgument argument : prompt.arguments()) {
      Object value = given.getValue(argument.name());
      if (value == null && !argument.required()) {
        if (argument.defaultValue() != null) {
          values.put(argument.name(), argument.defaultValue());
        }
      } else if (value instanceof String text && !text.isBlank()) {
        values.put(argument.name(), text);
      } else {
        throw JsonRpcException.invalidParams("Invalid params: prompt " + prompt.name() + " needs argument \""
          + argument.name() + "\" (a string).");
      }
    }
    return values;
  }

  private String offered() {
    List<String> names = catalog.prompts().stream().map(Prompt::name).toList();
    return switch (names.size()) {
      case 0 -> "; no prompts are offered.";
      case 1 -> "; the prompt offered is " + names.get(0) + ".";
      default -> "; the prompts offered are " + String.join(", ", names) + ".";
    };
  }
}
