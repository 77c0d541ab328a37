package dev.reviewgate.http;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Credentials;
import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.http.bridge.websocket.WebSocketBridgeLimits;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.http.security.PersonSessions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The {@code http} section of the configuration as the HTTP server and the bridge use it (the MCP transport's
 * session and SSE keys are read by {@code HttpTransportOptions}). Defaults live only in {@code config/reviewgate.json}; a
 * missing key here is a configuration error, reported with its name.
 *
 * @param token           the bearer token every door but {@code /health} asks for: the variable named by
 *                        {@code tokenEnv} when set, else the per-user secret ({@link UserSecret})
 * @param credentials     whom a bearer credential names on the bridges: the token, and the configured services
 * @param loginKey        the per-user secret, which keys the one-time login codes of {@code reviewgate open}
 * @param mcpWithoutToken {@code /mcp} asks for no token (only {@code serve --conformance-tools}, for tests)
 * @param maxStreamsPerClient long-lived work one client may hold (GET event streams, waits for a person); it does
 *                        not count against {@code maxConcurrentPerClient}
 * @param maxStreams      long-lived work all clients together may hold
 * @param peerLookupTimeoutMs how long a loopback connection's first request waits for the lookup of the local process
 *                        that holds it; past it the connection counts by its address
 * @param personSessions  bounds of the person's dashboard sessions ({@code personSessionMs}, {@code maxPersonSessions},
 *                        {@code maxUsedLoginCodes})
 * @param sessionsDirectory where the person's dashboard sessions are kept across restarts, one file per port (the
 *                        state directory's {@code person-sessions}); null keeps them in memory only
 * @param health          how long {@code /health} waits for its slow sections ({@code healthFreshWithinMs},
 *                        {@code healthSectionAbandonMs})
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
  String token,
  WebSocketBridgeLimits bridgeLimits,
  Credentials credentials,
  String loginKey,
  boolean mcpWithoutToken,
  int maxStreamsPerClient,
  int maxStreams,
  long peerLookupTimeoutMs,
  PersonSessions.Limits personSessions,
  Path sessionsDirectory,
  DeploymentHealth.Timing health) {

  public static HttpOptions from(JsonObject section, Map<String, String> environment) {
    String tokenEnv = require(section, "tokenEnv").toString();
    String token = UserSecret.effectiveToken(environment, tokenEnv);
    return new HttpOptions(
      require(section, "host").toString(),
      ((Number) require(section, "port")).intValue(),
      ((Number) require(section, "maxBodyBytes")).longValue(),
      ((Number) require(section, "maxConcurrentPerClient")).intValue(),
      ((Number) require(section, "maxConcurrent")).intValue(),
      ((Number) require(section, "retryAfterSeconds")).intValue(),
      strings(section, "allowedOrigins"),
      strings(section, "allowedHosts"),
      token,
      new WebSocketBridgeLimits(((Number) require(section, "bridgeReplyTimeoutMs")).longValue(),
        ((Number) require(section, "bridgeMaxHandlersPerSocket")).intValue(),
        ((Number) require(section, "bridgePingTimeoutMs")).longValue(),
        ((Number) require(section, "bridgeMaxSockets")).intValue(),
        ((Number) require(section, "bridgeMaxSocketsPerCredential")).intValue(),
        ((Number) require(section, "bridgeMaxMessageBytes")).intValue(),
        ((Number) require(section, "bridgeWriteStallTimeoutMs")).longValue()),
      Credentials.userToken(token),
      UserSecret.readOrCreate(UserSecret.stateDirectory(environment)),
      false,
      ((Number) require(section, "maxStreamsPerClient")).intValue(),
      ((Number) require(section, "maxStreams")).intValue(),
      ((Number) require(section, "peerLookupTimeoutMs")).longValue(),
      new PersonSessions.Limits(Duration.ofMillis(((Number) require(section, "personSessionMs")).longValue()),
        ((Number) require(section, "maxPersonSessions")).intValue(),
        ((Number) require(section, "maxUsedLoginCodes")).intValue()),
      UserSecret.stateDirectory(environment).resolve("person-sessions"),
      new DeploymentHealth.Timing(((Number) require(section, "healthFreshWithinMs")).longValue(),
        ((Number) require(section, "healthSectionAbandonMs")).longValue()));
  }

  /** The same options listening elsewhere (the {@code --host} / {@code --port} flags). */
  public HttpOptions withAddress(String newHost, int newPort) {
    return new HttpOptions(newHost, newPort, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, token, bridgeLimits,
      credentials, loginKey, mcpWithoutToken, maxStreamsPerClient, maxStreams, peerLookupTimeoutMs, personSessions, sessionsDirectory, health);
  }

  /** The same options with another bearer token (tests; production reads it from the environment or the secret). */
  public HttpOptions withToken(String newToken) {
    return new HttpOptions(host, port, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, newToken, bridgeLimits,
      Credentials.userToken(newToken), loginKey, mcpWithoutToken, maxStreamsPerClient, maxStreams, peerLookupTimeoutMs, personSessions, sessionsDirectory, health);
  }

  /** The same options accepting the service credentials of the {@code services} section as well as the token. */
  public HttpOptions withServices(JsonObject services, Map<String, String> environment) {
    return new HttpOptions(host, port, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, token, bridgeLimits,
      Credentials.from(token, services, environment), loginKey, mcpWithoutToken, maxStreamsPerClient, maxStreams,
      peerLookupTimeoutMs, personSessions, sessionsDirectory, health);
  }

  /** The same options with {@code /mcp} open without a token: {@code serve --conformance-tools} only. */
  public HttpOptions withMcpWithoutToken() {
    return new HttpOptions(host, port, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, token, bridgeLimits,
      credentials, loginKey, true, maxStreamsPerClient, maxStreams, peerLookupTimeoutMs, personSessions, sessionsDirectory, health);
  }

  /** The same options with other concurrency limits (tests). */
  public HttpOptions withLimits(int perClient, int global, long bodyBytes) {
    return new HttpOptions(host, port, bodyBytes, perClient, global, retryAfterSeconds, allowedOrigins, allowedHosts,
      token, bridgeLimits, credentials, loginKey,
      mcpWithoutToken, maxStreamsPerClient, maxStreams, peerLookupTimeoutMs, personSessions, sessionsDirectory, health);
  }

  /** The same options with other bounds on long-lived work (tests). */
  public HttpOptions withStreamLimits(int perClient, int global) {
    return new HttpOptions(host, port, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, token, bridgeLimits, credentials, loginKey, mcpWithoutToken, perClient, global,
      peerLookupTimeoutMs, personSessions, sessionsDirectory, health);
  }

  private static Object require(JsonObject section, String key) {
    return ReviewgateConfig.require(section, "http", key);
  }

  private static List<String> strings(JsonObject section, String key) {
    JsonArray array = (JsonArray) require(section, key);
    return array.stream().map(Object::toString).toList();
  }

  /** The same options with other WebSocket-bridge limits (tests). */
  public HttpOptions withBridgeLimits(WebSocketBridgeLimits limits) {
    return new HttpOptions(host, port, maxBodyBytes, maxConcurrentPerClient, maxConcurrent, retryAfterSeconds,
      allowedOrigins, allowedHosts, token, limits, credentials, loginKey, mcpWithoutToken, maxStreamsPerClient, maxStreams,
      peerLookupTimeoutMs, personSessions, sessionsDirectory, health);
  }
}
