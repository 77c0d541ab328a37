package dev.reviewgate.mcp.transport;

import dev.reviewgate.mcp.JsonRpc;
import dev.reviewgate.mcp.McpConnection;
import dev.reviewgate.mcp.McpServer;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * MCP over stdio: one JSON-RPC message per line on {@code in} and {@code out}. The input is read on its own
 * thread, each message handled concurrently and answered as it finishes; one writer thread serializes everything
 * written to {@code out}, so slow clients never block an event loop and lines never interleave. A line longer than
 * {@code maxLineBytes} is skipped and answered with an error; the process keeps serving. A reply longer than
 * {@code maxReplyBytes} is not written (a client closes the connection on a line over its own limit): its request is
 * answered by {@link TooLong} instead. At end of input,
 * requests in flight may finish for up to {@code drainOnEofMs}, then the connection closes.
 *
 * <p>{@code out} must carry nothing else: the launcher points {@code System.out} at stderr before starting this.
 */
public final class StdioTransport {

  private static final Logger LOG = Logger.getLogger(StdioTransport.class.getName());
  /** Ends the writer; never sent. */
  private static final JsonObject STOP = new JsonObject();

  private final McpServer server;
  private final InputStream in;
  private final OutputStream out;
  private final long maxLineBytes;
  private final long maxReplyBytes;
  private final long drainOnEofMs;
  /** Messages to write, encoded by the writer thread: a large result's encoding never holds an event loop. */
  private final BlockingQueue<JsonObject> outgoing = new LinkedBlockingQueue<>();
  private final AtomicInteger pending = new AtomicInteger();
  /** Messages queued or being written: a large reply is still going out after its request stopped counting. */
  private final AtomicInteger unwritten = new AtomicInteger();
  private volatile boolean inputEnded;
  private final Promise<Void> finished = Promise.promise();
  private final Object drained = new Object();
  private McpConnection connection;

  public StdioTransport(McpServer server, InputStream in, OutputStream out) {
    this(server, in, out, server.options().maxLineBytes(), server.options().maxReplyBytes(), server.options().drainOnEofMs());
  }

  StdioTransport(McpServer server, InputStream in, OutputStream out, long maxLineBytes, long maxReplyBytes,
                 long drainOnEofMs) {
    this.server = server;
    this.in = in;
    this.out = out;
    this.maxLineBytes = maxLineBytes;
    this.maxReplyBytes = maxReplyBytes;
    this.drainOnEofMs = drainOnEofMs;
  }

  /**
   * Starts the reader and writer threads.
   *
   * @return completes once the input has ended, the work in flight is done (or abandoned after the drain time),
   *     and every response has been written; or once the output is gone
   */
  public Future<Void> start() {
    connection = server.connect(this::send);
    Thread writer = new Thread(this::writeLoop, "reviewgate-stdout");
    Thread reader = new Thread(this::readLoop, "reviewgate-stdin");
    writer.setDaemon(true);
    reader.setDaemon(true);
    writer.start();
    reader.start();
    return finished.future();
  }

  /** Whether a request of the client is being handled, or an answer is still being written to it. */
  public boolean busy() {
    return pending.get() > 0 || unwritten.get() > 0;
  }

  /** Whether the client's input has ended (the process is on its way out). */
  public boolean inputEnded() {
    return inputEnded;
  }

  private void send(JsonObject message) {
    unwritten.incrementAndGet();
    outgoing.add(message);
  }

  private void readLoop() {
    try {
      LineReader lines = new LineReader(in, maxLineBytes);
      for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
        if (line.oversized()) {
          LOG.warning(() -> "refused a message of more than " + maxLineBytes + " bytes");
          send(JsonRpc.error(null, JsonRpc.INVALID_REQUEST, "Invalid Request: the message is longer than mcp.maxLineBytes ("
            + maxLineBytes + " bytes) and was skipped. Send less per request (e.g. narrower diff arguments) or raise mcp.maxLineBytes.",
            new JsonObject().put("maxLineBytes", maxLineBytes)));
          continue;
        }
        String text = line.text();
        if (text.isBlank()) {
          continue;
        }
        pending.incrementAndGet();
        connection.handle(text).onComplete(done -> {
          if (done.succeeded() && done.result() != null) {
            send(done.result());
          }
          if (pending.decrementAndGet() == 0) {
            synchronized (drained) {
              drained.notifyAll();
            }
          }
        });
      }
    } catch (IOException e) {
      LOG.log(Level.WARNING, "stdin failed; stopping", e);
    }
    inputEnded = true;
    connection.endOfInput();
    drainThenStop();
  }

  private void drainThenStop() {
    awaitDrained(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(drainOnEofMs));
    if (pending.get() > 0) {
      LOG.info(() -> pending.get() + " request(s) still running " + drainOnEofMs + " ms after end of input; ending them");
      connection.endInFlight("the client's input ended and this request did not finish within mcp.drainOnEofMs ("
        + drainOnEofMs + " ms); it was cancelled");
      awaitDrained(System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
    }
    connection.close();
    outgoing.add(STOP);
  }

  /** Waits until no request is in flight or {@code deadline} (System.nanoTime) has passed. */
  private void awaitDrained(long deadline) {
    synchronized (drained) {
      while (pending.get() > 0 && System.nanoTime() < deadline) {
        try {
          drained.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private void writeLoop() {
    try {
      while (true) {
        JsonObject message = outgoing.take();
        if (message == STOP) {
          break;
        }
        if (!JsonLines.writeAtMost(message, out, maxReplyBytes)) {
          LOG.warning(() -> "a reply of more than mcp.maxReplyBytes (" + maxReplyBytes + " bytes) was not sent");
          JsonLines.write(TooLong.instead(message, maxReplyBytes), out);
        }
        if (outgoing.isEmpty()) {
          out.flush();
        }
        unwritten.decrementAndGet();
      }
      out.flush();
      finished.tryComplete();
    } catch (IOException e) {
      LOG.log(Level.FINE, "stdout closed", e);
      finished.tryComplete();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      finished.tryComplete();
    }
  }

  /** Splits a byte stream at {@code \n} (dropping a {@code \r} before it), refusing lines over a limit. */
  static final class LineReader {

    record Line(String text, boolean oversized) {
    }

    private final InputStream in;
    private final long maxBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;

    LineReader(InputStream in, long maxBytes) {
      this.in = in;
      this.maxBytes = maxBytes;
    }

    /** The next line, or null at end of input (a last line without newline counts). */
    Line next() throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      boolean oversized = false;
      boolean any = false;
      while (true) {
        if (position == limit) {
          limit = in.read(buffer);
          position = 0;
          if (limit <= 0) {
            limit = 0;
            return any ? finish(line, oversized) : null;
          }
        }
        any = true;
        int start = position;
        while (position < limit && buffer[position] != '\n') {
          position++;
        }
        int length = position - start;
        if (!oversized) {
          if (line.size() + (long) length > maxBytes) {
            oversized = true;
            line = new ByteArrayOutputStream();
          } else {
            line.write(buffer, start, length);
          }
        }
        if (position < limit) {
          position++;
          return finish(line, oversized);
        }
      }
    }

    private static Line finish(ByteArrayOutputStream line, boolean oversized) {
      if (oversized) {
        return new Line(null, true);
      }
      byte[] bytes = line.toByteArray();
      int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
      return new Line(new String(bytes, 0, length, StandardCharsets.UTF_8), false);
    }
  }
}
