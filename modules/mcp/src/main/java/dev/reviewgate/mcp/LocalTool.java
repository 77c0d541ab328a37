package dev.reviewgate.mcp;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * A tool answered inside the MCP server instead of over the event bus: the conformance fixtures and other
 * protocol-level helpers. Registered with {@link McpServer.Builder#localTool}; its arguments are validated
 * against its input schema before it runs, as the backend boundary does for bus tools.
 */
@FunctionalInterface
public interface LocalTool {

  /**
   * @return a complete {@code CallToolResult} ({@code content}, optional {@code structuredContent},
   *     {@code isError}); a failed future with a {@link dev.reviewgate.core.ToolException} becomes an
   *     {@code isError} result, with a {@link JsonRpcException} a JSON-RPC error
   */
  Future<JsonObject> call(JsonObject arguments, RequestContext request);
}
