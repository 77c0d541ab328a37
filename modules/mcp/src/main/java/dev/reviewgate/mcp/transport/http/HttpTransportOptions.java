package dev.reviewgate.mcp.transport.http;

import io.vertx.core.json.JsonObject;

/**
 * The parts of the {@code http} configuration section that the Streamable HTTP transport uses (defaults in
 * {@code config/reviewgate.json}; the server-wide limits such as body size are enforced before it).
 *
 * @param sessionIdleMs   a session-era session unused this long is closed; its id then answers 404
 * @param maxSessions     open sessions at most; an {@code initialize} beyond it gets 503
 * @param maxSessionsPerClient open sessions one client may hold; its {@code initialize} beyond it ends its own
 *                        least recently used idle session, or gets 429 when all of them are busy
 * @param sseReplayEvents events kept per SSE stream for resumption with {@code Last-Event-ID}
 * @param sseRetryMs      the {@code retry} field of the priming event (how long a client waits to reconnect)
 * @param sseKeepAliveMs  comment lines on idle streams, so proxies and clients do not time them out
 * @param sseReplayChars  characters of events one session keeps for resumption, across its streams; an event beyond
 *                        them (and any final result holding a long string, such as a big diff) is sent but not kept
 * @param responseWriteStallMs a response with a long body (a big diff) whose client reads none of it for this long is reset
 * @param sseStreamsPerSession SSE streams one session keeps for resumption; beyond it the oldest finished ones go first
 */
public record HttpTransportOptions(long sessionIdleMs, int maxSessions, int sseReplayEvents, long sseRetryMs,
                                   long sseKeepAliveMs, int maxSessionsPerClient, long responseWriteStallMs,
                                   long sseReplayChars, int sseStreamsPerSession) {

  public static HttpTransportOptions from(JsonObject http) {
    return new HttpTransportOptions(
      positive(http, "sessionIdleMs"),
      (int) positive(http, "maxSessions"),
      (int) positive(http, "sseReplayEvents"),
      positive(http, "sseRetryMs"),
      positive(http, "sseKeepAliveMs"),
      (int) positive(http, "maxSessionsPerClient"),
      positive(http, "responseWriteStallMs"),
      positive(http, "sseReplayChars"),
      (int) positive(http, "sseStreamsPerSession"));
  }

  private static long positive(JsonObject section, String key) {
    Object value = section.getValue(key);
    if (!(value instanceof Number number) || number.longValue() <= 0) {
      throw new IllegalArgumentException("http." + key + " must be a number greater than 0 (got " + value + ")");
    }
    return number.longValue();
  }
}
