package dev.reviewgate.mcp;

import io.vertx.core.json.JsonObject;

/**
 * JSON-RPC 2.0 message shapes and error codes, plus the MCP error codes. Builders only; the rules for
 * well-formed input live in {@link McpConnection}.
 */
public final class JsonRpc {

  public static final String VERSION = "2.0";

  public static final int PARSE_ERROR = -32700;
  public static final int INVALID_REQUEST = -32600;
  public static final int METHOD_NOT_FOUND = -32601;
  public static final int INVALID_PARAMS = -32602;
  public static final int INTERNAL_ERROR = -32603;
  /** The server ended a request it had accepted (the code LSP and several MCP SDKs use for a cancelled request). */
  public static final int REQUEST_CANCELLED = -32800;

  /** Resource not found in the session era (2025-11-25 and earlier); 2026-07-28 uses {@link #INVALID_PARAMS}. */
  public static final int RESOURCE_NOT_FOUND_LEGACY = -32002;
  /** 2026-07-28: an HTTP header disagrees with the body (used by the HTTP transport). */
  public static final int HEADER_MISMATCH = -32020;
  /** 2026-07-28: the request needs a client capability that {@code _meta} did not declare. */
  public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
  /** 2026-07-28: the version in {@code _meta} is not served here; {@code data.supported} lists what is. */
  public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

  private JsonRpc() {
  }

  public static JsonObject result(Object id, JsonObject result) {
    return new JsonObject().put("jsonrpc", VERSION).put("id", id).put("result", result);
  }

  /** An error response; {@code id} is null when the request's id could not be read. */
  public static JsonObject error(Object id, int code, String message, Object data) {
    JsonObject error = new JsonObject().put("code", code).put("message", message);
    if (data != null) {
      error.put("data", data);
    }
    return new JsonObject().put("jsonrpc", VERSION).put("id", id).put("error", error);
  }

  public static JsonObject notification(String method, JsonObject params) {
    JsonObject message = new JsonObject().put("jsonrpc", VERSION).put("method", method);
    return params == null ? message : message.put("params", params);
  }

  public static JsonObject request(Object id, String method, JsonObject params) {
    return notification(method, params).put("id", id);
  }

  /** A message with a method and an id (a request; form only, not validated). */
  public static boolean isRequest(JsonObject message) {
    return message.containsKey("method") && message.containsKey("id");
  }

  /** A message without a method that carries a result or an error: the answer to a server-sent request. */
  public static boolean isResponse(JsonObject message) {
    return !message.containsKey("method") && (message.containsKey("result") || message.containsKey("error"));
  }
}
