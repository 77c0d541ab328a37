package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A resource template read through a tool: a URI following {@code uriTemplate} is read by calling {@code tool}
 * with the URI's variables as arguments; the reply's {@code textField} is the resource's text (of
 * {@code mimeType}), and a reply without it is given whole as JSON. Declared in
 * {@code reviewgate/catalog/resource-templates/<name>.json}.
 */
public record ResourceTemplate(
  UriTemplate uriTemplate,
  String name,
  String title,
  String description,
  String mimeType,
  String tool,
  String textField,
  List<UriVariable> variables) {

  /** The tool's arguments for {@code uri}, percent-decoded, or empty when {@code uri} is not one of this template's. */
  public Optional<JsonObject> arguments(String uri) {
    return uriTemplate.match(uri).flatMap(written -> {
      JsonObject arguments = new JsonObject();
      for (UriVariable variable : variables) {
        String value = written.get(variable.name());
        if (!variable.accepts(value)) {
          return Optional.empty();
        }
        arguments.put(variable.argument(), UriTemplate.decode(value));
      }
      return Optional.of(arguments);
    });
  }

  /** The resource's text in a reply of the tool, if the reply has it. */
  public Optional<String> text(JsonObject reply) {
    return ReplyText.of(reply, textField);
  }

  /** Completion source name by variable name, for the variables that have one. */
  public Map<String, String> completions() {
    return Completable.sources(variables);
  }

  /** The MCP {@code ResourceTemplate} object as {@code resources/templates/list} returns it. */
  public JsonObject toMcpJson() {
    return new JsonObject().put("uriTemplate", uriTemplate.text()).put("name", name).put("title", title)
      .put("description", description).put("mimeType", mimeType);
  }
}
