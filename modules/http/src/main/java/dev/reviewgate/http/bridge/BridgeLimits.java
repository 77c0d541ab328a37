package dev.reviewgate.http.bridge;

/**
 * The bridge's own limits (from the {@code http} section: {@code bridgeReplyTimeoutMs},
 * {@code bridgeMaxHandlersPerSocket}, {@code bridgePingTimeoutMs}); the HTTP module reads them, the bridge uses them.
 */
public record BridgeLimits(long replyTimeoutMs, int maxHandlersPerSocket, long pingTimeoutMs) {
}
