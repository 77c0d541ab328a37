package dev.reviewgate.http.bridge.websocket;

import dev.reviewgate.core.security.Caller;
import dev.reviewgate.http.bridge.CallerShares;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.handler.sockjs.SockJSSocket;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The WebSocket bridge's bounds, whatever its clients do: sockets in total and per caller, and back-pressure on
 * output. A socket whose client leaves output unread (its write queue is full) is not read until that output drains,
 * so it cannot ask for more; output that stays unread past {@code bridgeWriteStallTimeoutMs} resets the socket. Message
 * sizes are the HTTP server's WebSocket limits, and calls in flight per socket are the bridge's own handler limit
 * ({@code bridgeMaxHandlersPerSocket}), which counts every pending reply.
 */
final class SocketBounds {

  private final Vertx vertx;
  private final WebSocketBridgeLimits limits;
  private final CallerShares perCaller = new CallerShares();
  /** Sockets over their write queue: what waits for them to drain, and the timer that closes them if they stay so. */
  private final Map<SockJSSocket, Stall> stalled = new ConcurrentHashMap<>();
  /** Sockets reset at the stall deadline, until their close is seen: nothing more they sent is let through. */
  private final Set<SockJSSocket> reset = ConcurrentHashMap.newKeySet();
  private int sockets;

  /**
   * One per stalled socket, whoever noticed it first (a request that must wait, or output being written): every
   * request that waits shares its {@code drained}, so noticing the stall again never orphans a waiting request.
   */
  private record Stall(Promise<Void> drained, long timer) {
  }

  SocketBounds(Vertx vertx, WebSocketBridgeLimits limits) {
    this.vertx = vertx;
    this.limits = limits;
  }

  /** A socket opens for {@code caller}; false: over {@code bridgeMaxSockets} or the caller's share of it. */
  synchronized boolean opened(Caller caller) {
    if (sockets >= limits.maxSockets() || !perCaller.take(caller, limits.maxSocketsPerCredential())) {
      return false;
    }
    sockets++;
    return true;
  }

  /** A socket that {@link #opened} closed. */
  void closed(SockJSSocket socket, Caller caller) {
    reset.remove(socket);
    Stall stall = stalled.remove(socket);
    if (stall != null) {
      vertx.cancelTimer(stall.timer());
    }
    synchronized (this) {
      sockets--;
      perCaller.release(caller);
    }
  }

  /**
   * Completes when the socket may take another request: at once, or once its client has read the output it left in
   * the write queue (the socket is not read meanwhile); failed for a socket reset at its stall deadline.
   */
  Future<Void> whenDrained(SockJSSocket socket) {
    if (reset.contains(socket)) {
      return Future.failedFuture("the socket was reset: its client left its output unread past the stall deadline");
    }
    Stall stall = stalled.get(socket);
    if (stall == null && !full(socket)) {
      return Future.succeededFuture();
    }
    socket.pause();
    return (stall != null ? stall : watch(socket)).drained().future();
  }

  /** Output is about to be written to the socket: a client that has stopped reading is given the stall deadline. */
  void writing(SockJSSocket socket) {
    if (!reset.contains(socket) && full(socket)) {
      watch(socket);
    }
  }

  /**
   * Whether the socket's write queue is full; false once it is closed (a browser tab closed while its socket opened
   * asks Vert.x's WebSocket after its close, which throws, and the close's own event settles the rest).
   */
  private static boolean full(SockJSSocket socket) {
    try {
      return socket.writeQueueFull();
    } catch (IllegalStateException closed) {
      return false;
    }
  }

  /**
   * The socket's stall, started if it is new: when the socket drains, the socket is read again and what waited goes
   * on; at the deadline, a socket still full is reset and what waited is dropped.
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
          s.drainHandler(null);
          reset(s);
          drained.tryFail("reset at the stall deadline");
        } else {
          s.resume();
          drained.tryComplete();
        }
      });
      return new Stall(drained, timer);
    });
  }

  /**
   * Closes at once, dropping unwritten output. A WebSocket close sends its close frame after that output and starts
   * its closing timeout only once the frame is out, so for a client that never reads again it never ended: the socket
   * held its place among its caller's sockets, and its output, for as long as the client stayed connected. It stays
   * paused; a request of it that is handled before its close is seen is dropped by {@link #whenDrained}.
   */
  private void reset(SockJSSocket socket) {
    reset.add(socket);
    HttpConnection connection = socket.routingContext() == null ? null : socket.routingContext().request().connection();
    if (connection instanceof ConnectionBase upgraded) {
      // The upgraded request's connection is the WebSocket's channel: a reset frees it, and the kernel's copy, now.
      // Closed from the pipeline's head, past Vert.x's handler, which would turn the close into the WebSocket close.
      Channel channel = upgraded.channel();
      channel.config().setOption(ChannelOption.SO_LINGER, 0);
      ChannelHandlerContext head = channel.pipeline().firstContext();
      if (head != null) {
        head.close();
      } else {
        channel.close();
      }
    } else {
      socket.close();
    }
  }
}
