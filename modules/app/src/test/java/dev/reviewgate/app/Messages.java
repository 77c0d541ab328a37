package dev.reviewgate.app;

import io.vertx.core.json.JsonObject;

/** JSON-RPC messages as a client of either era writes them. */
final class Messages {

  static final String MODERN = "2026-07-28";

  private Messages() {
  }

  static JsonObject request(Object id, String method, JsonObject params) {
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("id", id).put("method", method);
    return params == null ? message : message.put("params", params);
  }

  static JsonObject notification(String method, JsonObject params) {
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("method", method);
    return params == null ? message : message.put("params", params);
  }

  static JsonObject initialize(Object id, String version) {
    return request(id, "initialize", new JsonObject().put("protocolVersion", version).put("capabilities", new JsonObject())
      .put("clientInfo", new JsonObject().put("name", "reviewgate-it").put("version", "1")));
  }

  /** A 2026-07-28 request: protocol version, capabilities and client info in {@code _meta}. */
  static JsonObject modern(Object id, String method, JsonObject params) {
    JsonObject p = params == null ? new JsonObject() : params.copy();
    JsonObject meta = p.getJsonObject("_meta", new JsonObject())
      .put("io.modelcontextprotocol/protocolVersion", MODERN)
      .put("io.modelcontextprotocol/clientCapabilities", new JsonObject())
      .put("io.modelcontextprotocol/clientInfo", new JsonObject().put("name", "reviewgate-it").put("version", "1"));
    return request(id, method, p.put("_meta", meta));
  }

  static JsonObject call(String tool, JsonObject arguments) {
    return new JsonObject().put("name", tool).put("arguments", arguments);
  }
}
