package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.transport.JsonLines;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A JSON response body written as it is encoded, never first built as one String or Buffer of its full size. A body
 * without a long string is encoded on the event loop and goes out whole with its length. One carrying a big diff is
 * encoded on a worker of {@link Encoders}, in chunks of {@value #CHUNK} bytes with chunked transfer, at the pace the
 * client reads: at most {@value #IN_FLIGHT} chunks wait for the socket, so a 37 MB reply holds a quarter of a MiB of
 * output at a time (not the whole encoded body queued in the connection), and the event loop is not held for the
 * second it takes to encode it. A client that reads nothing for {@code http.responseWriteStallMs} has its response reset.
 */
final class JsonBody extends OutputStream {

  private static final Logger LOG = Logger.getLogger(JsonBody.class.getName());
  static final int CHUNK = 64 * 1024;
  private static final int FIRST_BUFFER = 1024;
  /** Strings longer than this (in chars) send a body to a worker: below it, encoding takes well under a millisecond. */
  static final int LONG_BODY_CHARS = 256 * 1024;
  static final int IN_FLIGHT = 4;

  /** The workers that encode long bodies, one pool per transport; a stalled client holds one until its stall limit. */
  static final class Encoders {
    private final WorkerExecutor executor;
    private final long stallMs;

    Encoders(Vertx vertx, int threads, long stallMs) {
      this.executor = vertx.createSharedWorkerExecutor("reviewgate-http-encode", threads);
      this.stallMs = stallMs;
    }

    void close() {
      executor.close();
    }
  }

  private final HttpServerResponse response;
  private final Context context;
  private final Semaphore room = new Semaphore(IN_FLIGHT);
  private final long stallMs;
  private volatile boolean gone;
  /** Chunks written to a full queue whose room comes back at the next drain. */
  private final java.util.concurrent.atomic.AtomicInteger owed = new java.util.concurrent.atomic.AtomicInteger();
  /**
   * Starts small and grows: most answers are a few hundred bytes, and a 64 KiB buffer for each of them was most of a
   * small call's garbage (a young collection every few dozen milliseconds under load). Buffers after a spill are
   * whole chunks, since a body that spilled once is long.
   */
  private Buffer pending = Buffer.buffer(FIRST_BUFFER);

  private JsonBody(HttpServerResponse response, Context context, long stallMs) {
    this.response = response;
    this.context = context;
    this.stallMs = stallMs;
  }

  /** Ends {@code response} with {@code body}; status and headers must already be set. Call on the response's context. */
  static void end(HttpServerResponse response, JsonObject body, Encoders encoders) {
    end(response, body, encoders, "", "");
  }

  /**
   * Ends {@code response} with {@code prefix}, {@code body} as JSON and {@code suffix} (an SSE event's frame), all
   * ASCII; status and headers must already be set. Call on the response's context.
   */
  static void end(HttpServerResponse response, JsonObject body, Encoders encoders, String prefix, String suffix) {
    end(response, body, isLong(body), encoders, prefix, suffix);
  }

  /** Whether {@code body} holds a string long enough to be encoded on a worker (and not kept for SSE replay). */
  static boolean isLong(JsonObject body) {
    return JsonLines.holdsStringLongerThan(body, LONG_BODY_CHARS);
  }

  /** As {@link #end(HttpServerResponse, JsonObject, Encoders, String, String)}, with {@link #isLong} already known. */
  static void end(HttpServerResponse response, JsonObject body, boolean isLong, Encoders encoders, String prefix,
                  String suffix) {
    Context context = Vertx.currentContext();
    if (encoders == null || context == null || !isLong) {
      endHere(response, body, prefix, suffix);
      return;
    }
    if (!response.isChunked()) {
      response.setChunked(true); // an SSE stream already is, and may have its head written
    }
    JsonBody out = new JsonBody(response, context, encoders.stallMs);
    response.exceptionHandler(e -> out.leave());
    encoders.executor.executeBlocking(() -> {
      out.write(prefix.getBytes(StandardCharsets.US_ASCII));
      JsonLines.encode(body, out);
      out.write(suffix.getBytes(StandardCharsets.US_ASCII));
      return null;
    }, false).onComplete(done -> {
      if (done.succeeded()) {
        out.send(out.pending, true);
      } else {
        if (!out.gone) { // a client that left or stalled needs no log line: that is its own doing
          LOG.log(Level.SEVERE, "a response could not be encoded", done.cause());
        }
        context.runOnContext(v -> {
          if (!response.ended() && !response.closed()) {
            response.reset(); // part of the body may be out: the client must see a broken response, not a short one
          }
        });
      }
    });
  }

  /** A body encoded on the event loop: whole with its length when it fits a chunk, else chunked as it is encoded. */
  private static void endHere(HttpServerResponse response, JsonObject body, String prefix, String suffix) {
    JsonBody out = new JsonBody(response, null, 0);
    try {
      out.write(prefix.getBytes(StandardCharsets.US_ASCII));
      JsonLines.encode(body, out);
      out.write(suffix.getBytes(StandardCharsets.US_ASCII));
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.SEVERE, "a response could not be encoded", e);
      if (response.isChunked()) {
        response.reset();
      } else {
        response.setStatusCode(500).end(new JsonObject().put("jsonrpc", "2.0").put("id", body.getValue("id"))
          .put("error", new JsonObject().put("code", -32603).put("message", "internal error: the response could not be encoded"))
          .encode());
      }
      return;
    }
    response.end(out.pending);
  }

  @Override
  public void write(int b) throws IOException {
    pending.appendByte((byte) b);
    spill();
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    pending.appendBytes(bytes, offset, length);
    spill();
  }

  private void spill() throws IOException {
    if (pending.length() < CHUNK) {
      return;
    }
    Buffer chunk = pending;
    pending = Buffer.buffer(CHUNK);
    if (context == null) {
      if (!response.isChunked()) {
        response.setChunked(true);
      }
      response.write(chunk);
      return;
    }
    try {
      if (!room.tryAcquire(stallMs, TimeUnit.MILLISECONDS)) {
        leave();
        throw new IOException("the client read nothing for " + stallMs + " ms");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    if (gone) {
      throw new IOException("the client is gone");
    }
    send(chunk, false);
  }

  /** On the response's context: writes {@code chunk} (or ends with it) and gives its room back once the socket drains. */
  private void send(Buffer chunk, boolean last) {
    context.runOnContext(v -> {
      if (response.ended() || response.closed()) {
        leave();
        return;
      }
      if (last) {
        response.end(chunk);
        return;
      }
      response.write(chunk);
      if (response.writeQueueFull()) {
        // One drain handler stands for every chunk written while the queue was full: each gives its room back. The
        // handler may run on the connection's own event loop, and the queue may have drained before it was set.
        owed.incrementAndGet();
        response.drainHandler(d -> room.release(owed.getAndSet(0)));
        if (!response.writeQueueFull()) {
          room.release(owed.getAndSet(0));
        }
      } else {
        room.release();
      }
    });
  }

  /** The client is gone or stalled: the encoder stops at its next chunk. */
  private void leave() {
    gone = true;
    room.release(IN_FLIGHT);
  }
}
