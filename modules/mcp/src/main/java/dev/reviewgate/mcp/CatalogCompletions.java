package dev.reviewgate.mcp;

import dev.reviewgate.core.catalog.CompletionSource;
import dev.reviewgate.core.catalog.Prompt;
import dev.reviewgate.core.catalog.ResourceTemplate;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code completion/complete} for the arguments of the catalog's prompts and resource templates, from the
 * completion source each argument names. Completion is a convenience: when the source's tool cannot answer, the
 * list is empty rather than an error.
 */
final class CatalogCompletions {

  private final ToolCatalog catalog;
  private final ToolCaller tools;
  /** Values in one result ({@code mcp.maxCompletionValues}); {@code hasMore} says when there were more. */
  private final int maxValues;

  CatalogCompletions(ToolCatalog catalog, ToolCaller tools, int maxValues) {
    this.catalog = catalog;
    this.tools = tools;
    this.maxValues = maxValues;
  }

  Future<JsonObject> complete(RequestContext request, JsonObject params) {
    if (!(params.getValue("ref") instanceof JsonObject ref) || !(ref.getValue("type") instanceof String type)) {
      throw JsonRpcException.invalidParams("Invalid params: completion/complete needs \"ref\" ({type: ref/prompt, name} or {type: ref/resource, uri}).");
    }
    if (!(params.getValue("argument") instanceof JsonObject argument) || !(argument.getValue("name") instanceof String name)) {
      throw JsonRpcException.invalidParams("Invalid params: completion/complete needs \"argument\": {name, value}.");
    }
    Map<String, String> sources = sources(type, ref).orElseThrow(() -> JsonRpcException.invalidParams(
      "Invalid params: nothing to complete for " + ref.encode() + "; completion covers " + covered() + "."));
    String prefix = argument.getValue("value") instanceof String value ? value : "";
    JsonObject context = params.getValue("context") instanceof JsonObject c && c.getValue("arguments") instanceof JsonObject a ? a : new JsonObject();
    Future<List<String>> candidates = Optional.ofNullable(sources.get(name)).flatMap(catalog::completionSource)
      .map(source -> values(source, context)).orElse(Future.succeededFuture(List.of()));
    return candidates.otherwise(List.of()).map(all -> {
      List<String> matching = all.stream().filter(v -> v != null && v.startsWith(prefix)).distinct().toList();
      JsonArray values = new JsonArray(new ArrayList<>(matching.subList(0, Math.min(maxValues, matching.size()))));
      return new JsonObject().put("completion", new JsonObject().put("values", values)
        .put("total", matching.size()).put("hasMore", matching.size() > maxValues));
    });
  }

  /** The completion source of each argument of the prompt or template {@code ref} names, or empty if it names none. */
  private Optional<Map<String, String>> sources(String type, JsonObject ref) {
    return switch (type) {
      case "ref/prompt" -> catalog.prompts().stream().filter(prompt -> prompt.name().equals(ref.getValue("name")))
        .findFirst().map(Prompt::completions);
      case "ref/resource" -> catalog.resourceTemplates().stream()
        .filter(template -> template.uriTemplate().text().equals(ref.getValue("uri"))).findFirst().map(ResourceTemplate::completions);
      default -> Optional.empty();
    };
  }

  private Future<List<String>> values(CompletionSource source, JsonObject context) {
    String filter = source.filterBy() != null && context.getValue(source.filterBy()) instanceof String value ? value : null;
    return tools.call(catalog.require(source.tool()), new JsonObject()).map(reply -> source.values(reply, filter));
  }

  /** What has completions, for the message to a client that asked about something else. */
  private String covered() {
    List<String> parts = new ArrayList<>();
    List<String> prompts = catalog.prompts().stream().map(Prompt::name).toList();
    if (!prompts.isEmpty()) {
      parts.add((prompts.size() == 1 ? "prompt " : "prompts ") + String.join(", ", prompts));
    }
    List<String> schemes = catalog.resourceTemplates().stream().map(template -> template.uriTemplate().scheme()).distinct().toList();
    if (!schemes.isEmpty()) {
      parts.add("the " + String.join(", ", schemes) + " resource template" + (catalog.resourceTemplates().size() == 1 ? "" : "s"));
    }
    return parts.isEmpty() ? "nothing on this server" : String.join(" and ", parts);
  }
}
