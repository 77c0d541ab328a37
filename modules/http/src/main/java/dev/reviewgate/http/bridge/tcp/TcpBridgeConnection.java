package dev.reviewgate.http.bridge.tcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.http.bridge.BridgeCalls;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One TCP bridge connection kept within its bounds, whatever its client does ({@link TcpBridge.Bounds}). Frames
 * are read only while the connection may take more: its calls in flight and its unwritten output are under their
 * limits, and the shared {@link TcpBridgeBudget} has room for the declared frame; otherwise the socket is paused (the
 * client's own writes then back up in its kernel buffers, not in ours). Closed, with an {@code err} frame saying why
 * where it can still be read, when: a frame is longer than allowed (a few KB until a frame carried a credential), a
 * frame is not finished in time, no credential came in time, or output stayed over its limit past a deadline.
 *
 * <p>Everything here runs on the connection's own context, except {@link #evict} and {@link #wake}, which hop to it.
 */
final class TcpBridgeConnection implements TcpBridgeBudget.Member {

  private static final Logger LOG = Logger.getLogger(TcpBridgeConnection.class.getName());

  private final Vertx vertx;
  private final Context context;
  private final NetSocket socket;
  private final TcpBridge.Options options;
  private final TcpBridge.Bounds bounds;
  private final TcpBridgeBudget budget;
  private final BiConsumer<TcpBridgeConnection, Buffer> frames;
  private final FrameDecoder decoder = new FrameDecoder();
  /** Event addresses this connection registered for, and their consumers. */
  final Map<String, MessageConsumer<Object>> registrations = new HashMap<>();
  /** Calls waiting for replies, so that a wait of a client that went away is cancelled rather than fed. */
  final BridgeCalls calls = new BridgeCalls();

  private Caller caller;
  private boolean closed;
  private boolean paused;
  private boolean reading;
  /** A frame's header was accepted and its body is being read. */
  private boolean inFrame;
  /** Bytes of the frame being read that the budget holds for it (0 between frames, and for small frames). */
  private long reserved;
  private int inFlight;
  /** Bytes handed to the socket and not yet written to the client. */
  private long unwritten;
  private long authTimer = -1;
  private long frameTimer = -1;
  private long stallTimer = -1;

  TcpBridgeConnection(Vertx vertx, NetSocket socket, TcpBridge.Options options, TcpBridgeBudget budget,
                    BiConsumer<TcpBridgeConnection, Buffer> frames) {
    this.vertx = vertx;
    this.context = vertx.getOrCreateContext();
    this.socket = socket;
    this.options = options;
    this.bounds = options.bounds();
    this.budget = budget;
    this.frames = frames;
  }

  /** Takes the socket over; false when the bridge has no place for it (the socket is then closed). */
  boolean start() {
    if (!budget.connected(this)) {
      closeWith(Failure.BUSY, "too many connections (busBridge.maxConnections = " + bounds.maxConnections()
        + "); retry later");
      return false;
    }
    authTimer = vertx.setTimer(bounds.authTimeoutMs(), id -> {
      authTimer = -1;
      if (caller == null) {
        closeWith(Failure.NOT_ALLOWED, "access_denied: no frame carried a credential within "
          + bounds.authTimeoutMs() + " ms of connecting (busBridge.authTimeoutMs); closing the connection");
      }
    });
    socket.handler(chunk -> {
      decoder.feed(chunk);
      read();
    });
    socket.exceptionHandler(failure -> LOG.log(Level.FINE, "bus bridge connection failed", failure));
    socket.closeHandler(v -> closed());
    return true;
  }

  /** The service this connection authenticated as, or null before a frame carried a credential. */
  Caller caller() {
    return caller;
  }

  /**
   * A frame carried {@code who}'s credential. The first one binds the connection to it, within the per-credential
   * connection limit.
   *
   * @return false: over that limit; the connection is being closed
   */
  boolean authenticated(Caller who) {
    if (caller != null) {
      return true;
    }
    if (!budget.authenticated(this, who)) {
      closeWith(Failure.BUSY, "too many connections for the service '" + who.name()
        + "' (busBridge.maxConnectionsPerCredential = " + bounds.maxConnectionsPerCredential() + "); retry later");
      return false;
    }
    caller = who;
    cancel(authTimer);
    authTimer = -1;
    return true;
  }

  /**
   * A call is about to be sent for this client: counted until {@link #callEnded()}, in this connection and in the
   * bridge. Reading stops while either is at its limit (checked before each frame is read, so the shared limit may be
   * passed by one call per connection reading at that moment).
   */
  void callStarted() {
    inFlight++;
    budget.startCall();
  }

  void callEnded() {
    inFlight--;
    budget.endCall();
    read();
  }

  boolean isClosed() {
    return closed;
  }

  /** Writes a frame, counted as buffered until the socket has written it to the client. */
  void write(JsonObject frame) {
    if (closed) {
      return;
    }
    Buffer json = frame.toBuffer();
    Buffer bytes = Buffer.buffer(json.length() + 4).appendInt(json.length()).appendBuffer(json);
    long length = bytes.length();
    unwritten += length;
    budget.written(length);
    socket.write(bytes).onComplete(done -> {
      unwritten -= length;
      budget.release(length);
      if (unwritten <= bounds.maxQueuedBytesPerConnection() && stallTimer >= 0) {
        cancel(stallTimer);
        stallTimer = -1;
      }
      read();
    });
    if (unwritten > bounds.maxQueuedBytesPerConnection() && stallTimer < 0) {
      stallTimer = vertx.setTimer(bounds.writeStallTimeoutMs(), id -> {
        stallTimer = -1;
        if (unwritten > bounds.maxQueuedBytesPerConnection()) {
          LOG.fine(() -> "bus bridge client read nothing of " + unwritten + " bytes for " + bounds.writeStallTimeoutMs()
            + " ms; closing it");
          abort();
        }
      });
    }
  }

  /** An {@code err} frame with no reply address. */
  void writeErr(int code, String text) {
    write(new JsonObject().put("type", "err").put("failureCode", code).put("message", text));
  }

  /** Says why in an {@code err} frame (the client reads it if it still reads), then closes. */
  void closeWith(int code, String text) {
    if (closed) {
      return;
    }
    writeErr(code, text);
    socket.close();
    closed();
  }

  /**
   * Closes at once, dropping unwritten output: a graceful close waits until what was written has been flushed, which
   * a client that does not read never lets happen (and its output would be held all that time, in the server and in
   * the kernel).
   */
  private void abort() {
    if (closed) {
      return;
    }
    closed();
    if (socket instanceof NetSocketInternal internal) {
      // A reset, not a FIN queued behind the megabytes the kernel still holds for this client: both are freed now.
      io.netty.channel.Channel channel = internal.channelHandlerContext().channel();
      channel.config().setOption(io.netty.channel.ChannelOption.SO_LINGER, 0);
      channel.close();
    } else {
      socket.close();
    }
  }

  @Override
  public void evict(String reason) {
    context.runOnContext(v -> closeWith(Failure.BUSY, reason));
  }

  @Override
  public void wake() {
    context.runOnContext(v -> read());
  }

  /** Reads whole frames while this connection may take more; pauses the socket when it may not. */
  private void read() {
    if (reading) {
      // A write completed while a frame was being handled: the loop below goes on by itself.
      return;
    }
    reading = true;
    try {
      while (!closed) {
        if (!mayTakeMore()) {
          pause();
          return;
        }
        if (!inFrame) {
          long length = decoder.peekLength();
          if (length < 0) {
            break;
          }
          if (!withinLimit(length)) {
            return;
          }
          // A small frame is always read (connections times a few KB is bounded): calls and pings get through
          // while large frames wait for room in the shared budget.
          if (length > bounds.maxFrameBytesBeforeAuth() && !budget.reserve(this, length)) {
            pause();
            return;
          }
          reserved = length > bounds.maxFrameBytesBeforeAuth() ? length : 0;
          inFrame = true;
          decoder.accept();
        }
        Buffer frame = decoder.takeFrame();
        if (frame == null) {
          break;
        }
        inFrame = false;
        budget.release(reserved);
        reserved = 0;
        cancel(frameTimer);
        frameTimer = -1;
        frames.accept(this, frame);
      }
      resume();
    } finally {
      reading = false;
    }
  }

  /**
   * False, and the connection closed, when a declared length is too long (or zero): the stream cannot be
   * resynchronised past a frame left unread.
   */
  private boolean withinLimit(long length) {
    long limit = caller == null ? bounds.maxFrameBytesBeforeAuth() : options.maxFrameBytes();
    if (length > 0 && length <= limit) {
      return true;
    }
    closeWith(length == 0 ? Failure.INVALID_ARGUMENTS : Failure.TOO_LARGE, "a frame of " + length + " bytes is " + (length == 0 ? "empty"
      : "larger than the " + limit + " bytes this bridge accepts " + (caller == null
        ? "before a frame has carried a credential (busBridge.maxFrameBytesBeforeAuth; send a small frame first, "
          + "e.g. a ping with headers.authorization)"
        : "(busBridge.maxFrameBytes)")) + "; closing the connection");
    return false;
  }

  private boolean mayTakeMore() {
    return inFlight < bounds.maxInFlightPerConnection() && unwritten <= bounds.maxQueuedBytesPerConnection()
      && budget.mayCall(this);
  }

  /** Stops reading; a frame deadline does not run while the bridge, not the client, is the reason for the wait. */
  private void pause() {
    if (!paused && !closed) {
      paused = true;
      socket.pause();
      cancel(frameTimer);
      frameTimer = -1;
    }
  }

  private void resume() {
    if (closed) {
      return;
    }
    if (paused) {
      paused = false;
      socket.resume();
    }
    if (decoder.midFrame() && frameTimer < 0) {
      startFrameTimer();
    } else if (!decoder.midFrame()) {
      cancel(frameTimer);
      frameTimer = -1;
    }
  }

  /** Each frame has its own deadline, from its first byte to its last. */
  private void startFrameTimer() {
    frameTimer = vertx.setTimer(bounds.frameTimeoutMs(), id -> {
      frameTimer = -1;
      if (!paused) {
        closeWith(Failure.TIMED_OUT, "a frame was not finished within " + bounds.frameTimeoutMs()
          + " ms of its first byte (busBridge.frameTimeoutMs); closing the connection");
      }
    });
  }

  private void closed() {
    if (closed) {
      return;
    }
    closed = true;
    cancel(authTimer);
    cancel(frameTimer);
    cancel(stallTimer);
    authTimer = frameTimer = stallTimer = -1;
    registrations.values().forEach(MessageConsumer::unregister);
    registrations.clear();
    calls.abandonAll(vertx);
    if (reserved > 0) {
      budget.release(reserved);
      reserved = 0;
    }
    budget.closed(this, caller);
  }

  private void cancel(long timer) {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }
}
