package dev.reviewgate.http.bridge.websocket;

/**
 * The WebSocket bridge's own limits, from the {@code http} section ({@code bridgeReplyTimeoutMs},
 * {@code bridgeMaxHandlersPerSocket}, {@code bridgePingTimeoutMs}, {@code bridgeMaxSockets},
 * {@code bridgeMaxSocketsPerCredential}, {@code bridgeMaxMessageBytes}, {@code bridgeWriteStallTimeoutMs}); the HTTP
 * module reads them, the bridge and the HTTP server's WebSocket options use them.
 */
public record WebSocketBridgeLimits(long replyTimeoutMs, int maxHandlersPerSocket, long pingTimeoutMs, int maxSockets,
                           int maxSocketsPerCredential, int maxMessageBytes, long writeStallTimeoutMs) {

  /** The largest WebSocket frame: Netty's usual 64 KiB, or less when messages are smaller. */
  public int maxFrameBytes() {
    return Math.min(65_536, maxMessageBytes);
  }
}
