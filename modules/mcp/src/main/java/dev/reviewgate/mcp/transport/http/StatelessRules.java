package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.mcp.JsonRpc;
import dev.reviewgate.mcp.McpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The 2026-07-28 HTTP rules checked before the protocol sees a request: the routing headers must repeat what the
 * body says (intermediaries route on them without parsing bodies), and the body must carry its protocol version.
 */
final class StatelessRules {

  static final String METHOD_HEADER = "Mcp-Method";
  static final String NAME_HEADER = "Mcp-Name";
  static final String PARAM_HEADER_PREFIX = "Mcp-Param-";
  private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/]*={0,2}");

  /** A refusal: HTTP 400 with this JSON-RPC error. */
  record Problem(int code, String message, Object data) {
  }

  private StatelessRules() {
  }

  static Optional<Problem> check(HttpServerRequest request, JsonObject message, ToolCatalog catalog) {
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
      case "tasks/get", "tasks/update", "tasks/cancel" -> "taskId";
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
      if (method.equals("tools/call")) {
        Optional<Problem> parameters = catalog.byName(name)
          .flatMap(tool -> checkParameterHeaders(request, tool.inputSchema(), params.getValue("arguments")));
        if (parameters.isPresent()) {
          return parameters;
        }
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

  /**
   * Arguments whose schema names an {@code x-mcp-header} travel in {@code Mcp-Param-<name>} too (SEP-2243), as
   * text or {@code =?base64?…?=}; the header must be there when the body has the argument, and say the same.
   */
  private static Optional<Problem> checkParameterHeaders(HttpServerRequest request, JsonObject schema, Object argumentsValue) {
    JsonObject properties = schema.getJsonObject("properties");
    JsonObject arguments = argumentsValue instanceof JsonObject a ? a : new JsonObject();
    if (properties == null) {
      return Optional.empty();
    }
    for (String argument : properties.fieldNames()) {
      Object property = properties.getValue(argument);
      if (!(property instanceof JsonObject p) || !(p.getValue("x-mcp-header") instanceof String suffix)
        || !arguments.containsKey(argument) || arguments.getValue(argument) == null) {
        continue;
      }
      String header = PARAM_HEADER_PREFIX + suffix;
      String raw = HttpTransport.trim(request.getHeader(header));
      if (raw == null) {
        return mismatch("the " + header + " header is missing; it must repeat argument '" + argument + "'");
      }
      Optional<String> value = decodeParameter(raw);
      if (value.isEmpty()) {
        return mismatch("the " + header + " header is not valid: =?base64?…?= must wrap padded standard Base64");
      }
      if (!value.get().equals(String.valueOf(arguments.getValue(argument)))) {
        return mismatch("the " + header + " header does not match argument '" + argument + "'");
      }
    }
    return Optional.empty();
  }

  private static Optional<String> decodeParameter(String raw) {
    if (!raw.startsWith("=?base64?") || !raw.endsWith("?=")) {
      return Optional.of(raw);
    }
    String encoded = raw.substring("=?base64?".length(), raw.length() - 2);
    if (encoded.length() % 4 != 0 || !BASE64.matcher(encoded).matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static Optional<Problem> mismatch(String detail) {
    return Optional.of(new Problem(JsonRpc.HEADER_MISMATCH, "Header mismatch: " + detail, null));
  }
}
