package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.JsonRpc;
import dev.reviewgate.mcp.McpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.Optional;

/**
 * The 2026-07-28 HTTP rules checked before the protocol sees a request: the routing headers must repeat what the
 * body says (intermediaries route on them without parsing bodies), and the body must carry its protocol version.
 */
final class StatelessRules {

  static final String METHOD_HEADER = "Mcp-Method";
  static final String NAME_HEADER = "Mcp-Name";

  /** A refusal: HTTP 400 with this JSON-RPC error. */
  record Problem(int code, String message, Object data) {
  }

  private StatelessRules() {
  }

  static Optional<Problem> check(HttpServerRequest request, JsonObject message) {
    if (!(message.getValue("method") instanceof String method)) {
      return Optional.empty();
    }
    String methodHeader = HttpTransport.trim(request.getHeader(METHOD_HEADER));
    if (methodHeader == null) {
      return mismatch("the " + METHOD_HEADER + " header is missing; it must repeat the body's method '" + method + "'");
    }
    if (!methodHeader.equals(method)) {
      return mismatch("the " + METHOD_HEADER + " header '" + methodHeader + "' does not match the body's method '" + method + "'");
    }
    JsonObject params = message.getValue("params") instanceof JsonObject p ? p : null;
    String nameField = switch (method) {
      case "tools/call", "prompts/get" -> "name";
      case "resources/read" -> "uri";
      default -> null;
    };
    if (nameField != null && params != null && params.getValue(nameField) instanceof String name) {
      String nameHeader = HttpTransport.trim(request.getHeader(NAME_HEADER));
      if (nameHeader == null) {
        return mismatch("the " + NAME_HEADER + " header is missing; for " + method + " it must repeat params." + nameField + " '" + name + "'");
      }
      if (!nameHeader.equals(name)) {
        return mismatch("the " + NAME_HEADER + " header '" + nameHeader + "' does not match params." + nameField + " '" + name + "'");
      }
    }
    if (!message.containsKey("id")) {
      return Optional.empty();
    }
    JsonObject meta = params == null || !(params.getValue("_meta") instanceof JsonObject m) ? null : m;
    if (meta == null || !meta.containsKey(McpConnection.META_PROTOCOL_VERSION)) {
      return Optional.of(new Problem(JsonRpc.INVALID_PARAMS, "Invalid params: 2026-07-28 requests carry params._meta[\""
        + McpConnection.META_PROTOCOL_VERSION + "\"] and [\"" + McpConnection.META_CLIENT_CAPABILITIES + "\"]", null));
    }
    String headerVersion = HttpTransport.trim(request.getHeader(HttpTransport.VERSION_HEADER));
    String bodyVersion = String.valueOf(meta.getValue(McpConnection.META_PROTOCOL_VERSION));
    if (headerVersion == null || !headerVersion.equals(bodyVersion)) {
      return mismatch("the " + HttpTransport.VERSION_HEADER + " header '" + headerVersion
        + "' does not match _meta protocol version '" + bodyVersion + "'");
    }
    return Optional.empty();
  }

  private static Optional<Problem> mismatch(String detail) {
    return Optional.of(new Problem(JsonRpc.HEADER_MISMATCH, "Header mismatch: " + detail, null));
  }
}
