package dev.reviewgate.mcp;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * An in-process answer to some requests of one method (a resource URI, a prompt name), tried before the built-in
 * handling of that method: the conformance suite's fixture resources and prompts. Registered with
 * {@link McpServer.Builder#localMethod}.
 */
@FunctionalInterface
public interface LocalMethod {

  /** @return the result, or null when this request is not one of the handler's (the built-in handling runs) */
  Future<JsonObject> handle(RequestContext request, JsonObject params);
}
