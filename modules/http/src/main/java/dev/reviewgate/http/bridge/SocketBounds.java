package dev.reviewgate.http.bridge;

import dev.reviewgate.core.security.Caller;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.ext.web.handler.sockjs.SockJSSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The WebSocket bridge's bounds, whatever its clients do: sockets in total and per caller, and back-pressure on
 * output. A socket whose client leaves output unread (its write queue is full) is not read until that output drains,
 * so it cannot ask for more; output that stays unread past {@code bridgeWriteStallTimeoutMs} closes the socket. Message
 * sizes are the HTTP server's WebSocket limits, and calls in flight per socket are the bridge's own handler limit
 * ({@code bridgeMaxHandlersPerSocket}), which counts every pending reply.
 */
final class SocketBounds {

  private final Vertx vertx;
  private final BridgeLimits limits;
  private final Map<Caller, Integer> perCaller = new HashMap<>();
  /** Sockets over their write queue and the timer that closes them if they stay so. */
  private final Map<SockJSSocket, Long> stalled = new ConcurrentHashMap<>();
  private int sockets;

  SocketBounds(Vertx vertx, BridgeLimits limits) {
    this.vertx = vertx;
    this.limits = limits;
  }

  /** A socket opens for {@code caller}; false: over {@code bridgeMaxSockets} or the caller's share of it. */
  synchronized boolean opened(Caller caller) {
    int held = perCaller.getOrDefault(caller, 0);
    if (sockets >= limits.maxSockets() || held >= limits.maxSocketsPerCredential()) {
      return false;
    }
    sockets++;
    perCaller.put(caller, held + 1);
    return true;
  }

  /** A socket that {@link #opened} closed. */
  void closed(SockJSSocket socket, Caller caller) {
    Long timer = stalled.remove(socket);
    if (timer != null) {
      vertx.cancelTimer(timer);
    }
    synchronized (this) {
      sockets--;
      perCaller.computeIfPresent(caller, (c, n) -> n == 1 ? null : n - 1);
    }
  }

  /**
   * Completes when the socket may take another request: at once, or once its client has read the output it left in
   * the write queue (the socket is not read meanwhile).
   */
  Future<Void> whenDrained(SockJSSocket socket) {
    if (!socket.writeQueueFull()) {
      return Future.succeededFuture();
    }
    Promise<Void> drained = Promise.promise();
    socket.pause();
    watch(socket, drained);
    return drained.future();
  }

  /** Output is about to be written to the socket: a client that has stopped reading is given the stall deadline. */
  void writing(SockJSSocket socket) {
    if (socket.writeQueueFull()) {
      watch(socket, Promise.promise());
    }
  }

  /** Until the socket drains: completes {@code drained} then (and reads the socket again), or closes it at the deadline. */
  private void watch(SockJSSocket socket, Promise<Void> drained) {
    socket.drainHandler(v -> {
      Long timer = stalled.remove(socket);
      if (timer != null) {
        vertx.cancelTimer(timer);
      }
      socket.resume();
      drained.tryComplete();
    });
    stalled.computeIfAbsent(socket, s -> vertx.setTimer(limits.writeStallTimeoutMs(), id -> {
      stalled.remove(s);
      if (s.writeQueueFull()) {
        // Stays paused: the WebSocket close handshake drains the queue, which must not let requests in again.
        s.drainHandler(null);
        s.close();
      }
    }));
  }
}
