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
  /** Sockets over their write queue: what waits for them to drain, and the timer that closes them if they stay so. */
  private final Map<SockJSSocket, Stall> stalled = new ConcurrentHashMap<>();
  private int sockets;

  /**
   * One per stalled socket, whoever noticed it first (a request that must wait, or output being written): every
   * request that waits shares its {@code drained}, so noticing the stall again never orphans a waiting request.
   */
  private record Stall(Promise<Void> drained, long timer) {
  }

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
    Stall stall = stalled.remove(socket);
    if (stall != null) {
      vertx.cancelTimer(stall.timer());
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
    Stall stall = stalled.get(socket);
    if (stall == null && !socket.writeQueueFull()) {
      return Future.succeededFuture();
    }
    socket.pause();
    return (stall != null ? stall : watch(socket)).drained().future();
  }

  /** Output is about to be written to the socket: a client that has stopped reading is given the stall deadline. */
  void writing(SockJSSocket socket) {
    if (socket.writeQueueFull()) {
      watch(socket);
    }
  }

  /**
   * The socket's stall, started if it is new: when the socket drains, the socket is read again and what waited goes
   * on; at the deadline, a socket still full is closed.
   */
  private Stall watch(SockJSSocket socket) {
    return stalled.computeIfAbsent(socket, s -> {
      Promise<Void> drained = Promise.promise();
      s.drainHandler(v -> {
        Stall over = stalled.remove(s);
        if (over != null) {
          vertx.cancelTimer(over.timer());
        }
        s.resume();
        drained.tryComplete();
      });
      long timer = vertx.setTimer(limits.writeStallTimeoutMs(), id -> {
        stalled.remove(s);
        if (s.writeQueueFull()) {
          // Stays paused: the WebSocket close handshake drains the queue, which must not let requests in again.
          s.drainHandler(null);
          s.close();
        } else {
          s.resume();
          drained.tryComplete();
        }
      });
      return new Stall(drained, timer);
    });
  }
}
