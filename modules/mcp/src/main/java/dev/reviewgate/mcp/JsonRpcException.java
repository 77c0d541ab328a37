package dev.reviewgate.mcp;

/**
 * A protocol-level failure that becomes a JSON-RPC error response (unknown method, malformed params, ...).
 * Tool failures are not this: they become {@code isError} results. No stack trace: it is an expected outcome.
 */
public final class JsonRpcException extends RuntimeException {

  private final int code;
  private final transient Object data;

  public JsonRpcException(int code, String message) {
    this(code, message, null);
  }

  public JsonRpcException(int code, String message, Object data) {
    super(message, null, false, false);
    this.code = code;
    this.data = data;
  }

  public int code() {
    return code;
  }

  public Object data() {
    return data;
  }

  public static JsonRpcException invalidParams(String message) {
    return new JsonRpcException(JsonRpc.INVALID_PARAMS, message);
  }

  public static JsonRpcException methodNotFound(String method, String hint) {
    return new JsonRpcException(JsonRpc.METHOD_NOT_FOUND, "Method not found: " + method + (hint == null ? "" : ". " + hint));
  }
}
