package dev.reviewgate.http;

import dev.reviewgate.http.bridge.BridgeLimits;
import io.vertx.core.json.JsonArray;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code http} section of the configuration as the HTTP server and the bridge use it (the MCP transport's
 * session and SSE keys are read by {@code HttpTransportOptions}). Defaults live only in {@code config/reviewgate.json}; a
 * missing key here is a configuration error, reported with its name.
 *
 * @param token the bearer token read from the environment variable named by {@code tokenEnv}; empty when unset
 */
public record HttpOptions(
  String host,
  int port,
  long maxBodyBytes,
  int maxConcurrentPerClient,
  int maxConcurrent,
  int retryAfterSeconds,
  List<String> allowedOrigins,
  List<String> allowedHosts,
  Optional<String> token,
  long bridgeReplyTimeoutMs,
  int bridgeMaxHandlersPerSocket,
  long bridgePingTimeoutMs) {

  public static HttpOptions from(JsonObject section, Map<String, String> environment) {
    String tokenEnv = require(section, "tokenEnv").toString();
    String token = environment.get(tokenEnv);
    return new HttpOptions(
      require(section, "host").toString(),
      ((Number) require(section, "port")).intValue(),
      ((Number) require(section, "maxBodyBytes")).longValue(),
      ((Number) require(section, "maxConcurrentPerClient")).intValue(),
      ((Number) require(section, "maxConcurrent")).intValue(),
      ((Number) require(section, "retryAfterSeconds")).intValue(),
      strings(section, "allowedOrigins"),
      strings(section, "allowedHosts"),
      token == null || token.isBlank() ? Optional.empty() : Optional.of(token),
      ((Number) require(section, "bridgeReplyTimeoutMs")).longValue(),
      ((Number) require(section, "bridgeMaxHandlersPerSocket")).intValue(),
      ((Number) require(section, "bridgePingTimeoutMs")).longValue());
  }

  /** The same options listening elsewhere (the {@code --host} / {@code --port} flags). */
  public HttpOptions withAddress(String newHost, int newPort) {
    return new HttpOptions(newHost, newPort, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, token, bridgeReplyTimeoutMs, bridgeMaxHandlersPerSocket, bridgePingTimeoutMs);
  }

  /** The same options with a bearer token (tests; production reads it from the environment). */
  public HttpOptions withToken(String newToken) {
    return new HttpOptions(host, port, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, Optional.ofNullable(newToken), bridgeReplyTimeoutMs, bridgeMaxHandlersPerSocket,
      bridgePingTimeoutMs);
  }

  /** The same options with other concurrency limits (tests). */
  public HttpOptions withLimits(int perClient, int global, long bodyBytes) {
    return new HttpOptions(host, port, bodyBytes, perClient, global, retryAfterSeconds, allowedOrigins, allowedHosts,
      token, bridgeReplyTimeoutMs, bridgeMaxHandlersPerSocket, bridgePingTimeoutMs);
  }

  private static Object require(JsonObject section, String key) {
    return ReviewgateConfig.require(section, "http", key);
  }

  private static List<String> strings(JsonObject section, String key) {
    JsonArray array = (JsonArray) require(section, key);
    return array.stream().map(Object::toString).toList();
  }

  /** The bridge's limits from this section. */
  public BridgeLimits bridgeLimits() {
    return new BridgeLimits(bridgeReplyTimeoutMs, bridgeMaxHandlersPerSocket, bridgePingTimeoutMs);
  }
}
