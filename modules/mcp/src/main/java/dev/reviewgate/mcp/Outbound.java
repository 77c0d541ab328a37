package dev.reviewgate.mcp;

import io.vertx.core.json.JsonObject;

/**
 * Where a transport receives server-to-client messages that are not the response itself:
 * {@code notifications/progress}, {@code notifications/message}, and server-sent requests (session era).
 * Called on the connection's Vert.x context; an implementation must not block (queue, or write asynchronously).
 */
@FunctionalInterface
public interface Outbound {

  void send(JsonObject message);

  /** Drops everything; for transports that have no channel for unsolicited messages. */
  Outbound NONE = message -> {
  };
}
