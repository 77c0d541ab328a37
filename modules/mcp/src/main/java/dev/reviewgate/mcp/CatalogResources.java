package dev.reviewgate.mcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ResourceTemplate;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code resources/*} for the catalog's resource templates: a URI is read by the first template it follows, through
 * that template's tool. There are no direct resources; everything is reached through the templates.
 */
final class CatalogResources {

  private final ToolCatalog catalog;
  private final ToolCaller tools;
  private final int pageSize;

  CatalogResources(ToolCatalog catalog, ToolCaller tools, int pageSize) {
    this.catalog = catalog;
    this.tools = tools;
    this.pageSize = pageSize;
  }

  JsonObject list(JsonObject params) {
    return Pages.page(params, List.<JsonObject>of(), pageSize, "resources", item -> item);
  }

  JsonObject templates(JsonObject params) {
    return Pages.page(params, catalog.resourceTemplates(), pageSize, "resourceTemplates", ResourceTemplate::toMcpJson);
  }

  Future<JsonObject> read(RequestContext request, JsonObject params) {
    List<ResourceTemplate> templates = catalog.resourceTemplates();
    if (!(params.getValue("uri") instanceof String uri)) {
      throw JsonRpcException.invalidParams("Invalid params: resources/read needs \"uri\""
        + (templates.isEmpty() ? "" : ", e.g. " + templates.get(0).uriTemplate().example()) + ".");
    }
    for (ResourceTemplate template : templates) {
      Optional<JsonObject> arguments = template.arguments(uri);
      if (arguments.isPresent()) {
        return read(request, uri, template, arguments.get());
      }
    }
    String readable = templates.stream().map(template -> template.uriTemplate().text()).collect(Collectors.joining(" or "));
    throw notFound(request, uri, "no resource " + uri + "; " + (templates.isEmpty() ? "no resource templates are offered."
      : "readable URIs follow " + readable + " (see resources/templates/list)"));
  }

  private Future<JsonObject> read(RequestContext request, String uri, ResourceTemplate template, JsonObject arguments) {
    Tool tool = catalog.require(template.tool());
    return tools.call(tool, arguments)
      .recover(failure -> Future.failedFuture(toRpc(request, uri, BusRequests.toToolException(tool.address(), failure))))
      .map(reply -> {
        JsonObject content = new JsonObject().put("uri", uri);
        template.text(reply).ifPresentOrElse(text -> content.put("mimeType", template.mimeType()).put("text", text),
          () -> content.put("mimeType", "application/json").put("text", reply.encode()));
        return new JsonObject().put("contents", new JsonArray().add(content));
      });
  }

  private static JsonRpcException toRpc(RequestContext request, String uri, ToolException failure) {
    return switch (failure.code()) {
      case Failure.NOT_FOUND -> notFound(request, uri, failure.getMessage());
      case Failure.INVALID_ARGUMENTS, Failure.NOT_ALLOWED, Failure.TOO_LARGE ->
        new JsonRpcException(JsonRpc.INVALID_PARAMS, failure.getMessage(), new JsonObject().put("uri", uri));
      default -> new JsonRpcException(JsonRpc.INTERNAL_ERROR, failure.getMessage(), new JsonObject().put("uri", uri));
    };
  }

  /** Resource not found: -32002 in the session era, -32602 from 2026-07-28 on. */
  private static JsonRpcException notFound(RequestContext request, String uri, String message) {
    int code = request.era() == ProtocolEra.SESSION ? JsonRpc.RESOURCE_NOT_FOUND_LEGACY : JsonRpc.INVALID_PARAMS;
    return new JsonRpcException(code, "Resource not found: " + message, new JsonObject().put("uri", uri));
  }
}
