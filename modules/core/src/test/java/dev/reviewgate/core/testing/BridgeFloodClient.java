package dev.reviewgate.core.testing;

import io.vertx.core.json.JsonObject;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The two floods of issue #21 against a running TCP event-bus bridge, with plain blocking sockets (what an attacker on
 * the same machine would write), plus what measures them: a timed call of a well-behaved client, and the peak resident
 * memory of the server process. Shared by the integration test that runs the real jar and the {@code BridgeFlood}
 * benchmark.
 */
public final class BridgeFloodClient {

  private final String host;
  private final int port;

  public BridgeFloodClient(String host, int port) {
    this.host = host;
    this.port = port;
  }

  /** A {@code send} frame with a reply address, carrying {@code token} (null: none). */
  public static JsonObject send(String address, JsonObject body, String token) {
    JsonObject frame = new JsonObject().put("type", "send").put("address", address).put("replyAddress", "flood")
      .put("body", body);
    return token == null ? frame : frame.put("headers", new JsonObject().put("authorization", "Bearer " + token));
  }

  public static byte[] frame(JsonObject message) {
    byte[] json = message.encode().getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[json.length + 4];
    bytes[0] = (byte) (json.length >>> 24);
    bytes[1] = (byte) (json.length >>> 16);
    bytes[2] = (byte) (json.length >>> 8);
    bytes[3] = (byte) json.length;
    System.arraycopy(json, 0, bytes, 4, json.length);
    return bytes;
  }

  public static JsonObject readFrame(Socket socket) throws IOException {
    DataInputStream in = new DataInputStream(socket.getInputStream());
    int length = in.readInt();
    if (length <= 0 || length > 64 * 1024 * 1024) {
      throw new IOException("implausible frame length " + length);
    }
    return new JsonObject(new String(in.readNBytes(length), StandardCharsets.UTF_8));
  }

  /** One call on a fresh connection; the reply (or err) frame and how long it took. */
  public Timed call(JsonObject message) throws IOException {
    long started = System.nanoTime();
    try (Socket socket = new Socket(host, port)) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(frame(message));
      socket.getOutputStream().flush();
      JsonObject reply = readFrame(socket);
      return new Timed(reply, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }
  }

  public record Timed(JsonObject reply, long millis) {
  }

  /**
   * Flood 1: {@code connections} connections, each announcing a frame of {@code frameBytes} and sending all of it but
   * the last byte; with {@code token}, each first sends a ping carrying it (so the frame comes after authentication).
   * The connections stay open until {@link Held#close()}; this returns when every connection has sent or was dropped,
   * or after {@code waitMs}.
   */
  public Held holdUnfinishedFrames(int connections, int frameBytes, String token, long waitMs) throws Exception {
    Held held = new Held();
    ExecutorService pool = Executors.newFixedThreadPool(connections, daemon -> {
      Thread thread = new Thread(daemon, "flood-connection");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<?>> opened = new ArrayList<>();
      byte[] body = new byte[64 * 1024];
      java.util.Arrays.fill(body, (byte) ' ');
      for (int i = 0; i < connections; i++) {
        opened.add(pool.submit(() -> {
          Socket socket;
          try {
            socket = new Socket(host, port);
          } catch (IOException refused) {
            held.refused.incrementAndGet();
            return null;
          }
          held.sockets.add(socket);
          try {
            OutputStream out = socket.getOutputStream();
            if (token != null) {
              out.write(frame(new JsonObject().put("type", "ping")
                .put("headers", new JsonObject().put("authorization", "Bearer " + token))));
            }
            out.write(new byte[] {(byte) (frameBytes >>> 24), (byte) (frameBytes >>> 16), (byte) (frameBytes >>> 8),
              (byte) frameBytes});
            int left = frameBytes - 1;
            while (left > 0) {
              int n = Math.min(left, body.length);
              out.write(body, 0, n);
              held.bytesSent.addAndGet(n);
              left -= n;
            }
            out.flush();
            held.complete.incrementAndGet();
          } catch (IOException closedByTheServer) {
            held.dropped.incrementAndGet();
          }
          return null;
        }));
      }
      // A write the server no longer reads blocks: past the deadline such a connection counts as held, not sent.
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
      for (Future<?> f : opened) {
        try {
          f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException stillBlocked) {
          held.blocked.incrementAndGet();
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return held;
  }

  /** The connections of flood 1 and what became of them. */
  public static final class Held implements AutoCloseable {
    final List<Socket> sockets = java.util.Collections.synchronizedList(new ArrayList<>());
    public final AtomicInteger refused = new AtomicInteger();
    public final AtomicInteger dropped = new AtomicInteger();
    public final AtomicInteger complete = new AtomicInteger();
    public final AtomicInteger blocked = new AtomicInteger();
    public final AtomicLong bytesSent = new AtomicLong();

    /** How many of the connections the server has closed: a read finds their end (after any err frame). */
    public int closedByServer() {
      int closed = 0;
      byte[] sink = new byte[4096];
      synchronized (sockets) {
        for (Socket socket : sockets) {
          try {
            socket.setSoTimeout(200);
            while (socket.getInputStream().read(sink) >= 0) {
              // the err frame saying why, then the end
            }
            closed++;
          } catch (java.net.SocketTimeoutException open) {
            // still open
          } catch (IOException reset) {
            closed++;
          }
        }
      }
      return closed;
    }

    @Override
    public void close() {
      synchronized (sockets) {
        for (Socket socket : sockets) {
          try {
            socket.close();
          } catch (IOException ignored) {
            // closing anyway
          }
        }
      }
    }

    @Override
    public String toString() {
      return "{refused: " + refused + ", dropped by the server: " + dropped + ", sent all but the last byte: " + complete
        + ", still writing: " + blocked + ", bytes sent: " + bytesSent + "}";
    }
  }

  /**
   * Flood 2: one connection that sends {@code requests} copies of {@code request} and never reads a byte. Runs on
   * its own thread until all are written or the server closes the connection.
   */
  public Greedy neverRead(JsonObject request, int requests) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(64 * 1024); // before connecting, so the window stays small
    socket.connect(new java.net.InetSocketAddress(host, port));
    return new Greedy(socket, frame(request), requests);
  }

  /** The connection of flood 2. */
  public static final class Greedy implements AutoCloseable {
    private final Socket socket;
    private final Thread writer;
    public final AtomicInteger written = new AtomicInteger();
    public final AtomicBoolean closedByServer = new AtomicBoolean();

    Greedy(Socket socket, byte[] frame, int requests) {
      this.socket = socket;
      this.writer = new Thread(() -> {
        try {
          OutputStream out = socket.getOutputStream();
          for (int i = 0; i < requests; i++) {
            out.write(frame);
            written.incrementAndGet();
          }
          out.flush();
        } catch (IOException closed) {
          closedByServer.set(true);
        }
      }, "never-reading-client");
      writer.setDaemon(true);
      writer.start();
    }

    /** Waits at most {@code millis} for the writer to finish or be stopped; true when it did. */
    public boolean awaitWriter(long millis) throws InterruptedException {
      writer.join(millis);
      return !writer.isAlive();
    }

    /**
     * Reads what the server still holds for this client and says whether the connection then ends (end of stream or
     * reset) within {@code maxBytes} and {@code millis}. Call it once the server should have closed the connection:
     * reading turns this into a client that reads, so a server that had not closed it would go on sending replies
     * (1,500 of about 1 MB), past {@code maxBytes}.
     */
    public boolean endsWithin(long maxBytes, long millis) throws IOException {
      long deadline = System.currentTimeMillis() + millis;
      long read = 0;
      byte[] sink = new byte[256 * 1024];
      socket.setSoTimeout(1_000);
      while (System.currentTimeMillis() < deadline && read <= maxBytes) {
        try {
          int n = socket.getInputStream().read(sink);
          if (n < 0) {
            return true;
          }
          read += n;
        } catch (java.net.SocketTimeoutException quiet) {
          // nothing now
        } catch (IOException reset) {
          return true;
        }
      }
      return false;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /** Samples a process's resident memory (VmRSS, Linux) every {@code periodMs} on a daemon thread; keeps the peak. */
  public static final class RssSampler implements AutoCloseable {
    private final Path status;
    private final AtomicLong peakKb = new AtomicLong();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;

    public RssSampler(long pid, long periodMs) {
      this.status = Path.of("/proc/" + pid + "/status");
      this.thread = new Thread(() -> {
        while (running.get()) {
          peakKb.accumulateAndGet(rssKb(status), Math::max);
          try {
            Thread.sleep(periodMs);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "rss-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    public long peakMb() {
      return Math.max(peakKb.get(), rssKb(status)) / 1024;
    }

    @Override
    public void close() throws InterruptedException {
      running.set(false);
      thread.join(5_000);
    }

    /** The resident memory of process {@code pid} now, in MB. */
    public static long rssMb(long pid) {
      return rssKb(Path.of("/proc/" + pid + "/status")) / 1024;
    }

    private static long rssKb(Path status) {
      try {
        for (String line : Files.readAllLines(status)) {
          if (line.startsWith("VmRSS:")) {
            return Long.parseLong(line.replaceAll("[^0-9]", ""));
          }
        }
      } catch (IOException | NumberFormatException gone) {
        // the process ended
      }
      return 0;
    }
  }
}
