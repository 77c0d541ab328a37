package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * A prompt built from one call of {@code tool}: its arguments go to the tool, and its {@code messages} are filled
 * with the argument values, embedding the reply's {@code textField} (or the whole reply as JSON).
 * {@code resultDescription} (may be null) describes the built prompt; {@code failure} leads the error text when
 * the tool fails. Declared in {@code reviewgate/catalog/prompts/<name>.json}.
 */
public record Prompt(
  String name,
  String title,
  String description,
  String tool,
  String textField,
  List<PromptArgument> arguments,
  String resultDescription,
  String failure,
  List<PromptMessage> messages) {

  /** The text embedded for a reply of the tool: its text field, else the reply as JSON. */
  public String text(JsonObject reply) {
    return ReplyText.of(reply, textField).orElseGet(reply::encode);
  }

  /** Completion source name by argument name, for the arguments that have one. */
  public Map<String, String> completions() {
    return Completable.sources(arguments);
  }

  /** The MCP {@code Prompt} object as {@code prompts/list} returns it. */
  public JsonObject toMcpJson() {
    JsonArray list = new JsonArray();
    arguments.forEach(argument -> list.add(argument.toMcpJson()));
    return new JsonObject().put("name", name).put("title", title).put("description", description).put("arguments", list);
  }
}
