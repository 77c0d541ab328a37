package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.McpConnection;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.OnContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A session-era session: one {@link McpConnection} (negotiated version, log level, server-to-client requests) and
 * its SSE streams, kept for resumption. Touched by each request; closed on DELETE or after the idle time.
 * Its requests arrive on whichever event loop their HTTP connection has: its connection works on its home loop (the
 * one that opened it, {@link #onHome}), each request's HTTP side stays on its own loop, and the stream table is
 * locked for the moments both touch it.
 */
final class HttpSession {

  private final String id;
  /** The client that opened it, as the server's per-client limits know it. */
  private final String client;
  private final HttpTransportOptions options;
  private final McpConnection connection;
  private final Context home;
  private final Map<String, SseStream> streams = new LinkedHashMap<>();
  private final SseStream.ReplayBudget replayBudget;
  private final JsonBody.Encoders encoders;
  private SseStream standalone;
  private long streamCounter;
  private volatile long lastUsed = System.nanoTime();
  /** Whether any request followed initialize: sessions opened and never used are the first to make room. */
  private volatile boolean used;
  private final AtomicInteger inFlight = new AtomicInteger();
  private String version;

  HttpSession(String id, String client, McpServer server, HttpTransportOptions options, JsonBody.Encoders encoders) {
    this.id = id;
    this.replayBudget = new SseStream.ReplayBudget(options.sseReplayChars());
    this.encoders = encoders;
    this.client = client;
    this.options = options;
    this.home = Vertx.currentContext();
    // Messages not tied to a request go to the GET stream when one is open, else they are kept for it.
    this.connection = server.connect(this::sendStandalone).writesRepliesApart();
  }

  String id() {
    return id;
  }

  String client() {
    return client;
  }

  McpConnection connection() {
    return connection;
  }

  /** Runs {@code action} on the session's home event loop (at once when already there). */
  void onHome(Runnable action) {
    OnContext.run(home, action);
  }

  /** A request of the client's in this session (not the initialize that opened it). */
  void touch() {
    lastUsed = System.nanoTime();
    used = true;
  }

  boolean used() {
    return used;
  }

  long lastUsed() {
    return lastUsed;
  }

  /** A call still running or a GET stream a client is reading: ending the session now would cut someone off. */
  synchronized boolean busy() {
    return inFlight.get() > 0 || (standalone != null && standalone.attached());
  }

  boolean idleLongerThan(long ms) {
    return System.nanoTime() - lastUsed > ms * 1_000_000L;
  }

  /** Brackets one request's handling, for {@link #busy()}. */
  void started() {
    inFlight.incrementAndGet();
  }

  void ended() {
    inFlight.decrementAndGet();
  }

  void version(String negotiated) {
    this.version = negotiated;
  }

  /** Priming events (an id and a retry time before data) belong to 2025-11-25; older clients may choke on them. */
  boolean primes() {
    return "2025-11-25".equals(version);
  }

  /** Characters of events kept for reconnects across this session's streams (tests). */
  long replayCharsKept() {
    return replayBudget.used();
  }

  synchronized SseStream newStream() {
    SseStream stream = new SseStream(id.substring(0, 8) + "s" + (++streamCounter), options.sseReplayEvents(), replayBudget,
      encoders);
    streams.put(stream.id(), stream);
    if (streams.size() > options.sseStreamsPerSession()) {
      Iterator<SseStream> oldest = streams.values().iterator();
      while (streams.size() > options.sseStreamsPerSession() && oldest.hasNext()) {
        SseStream candidate = oldest.next();
        if (candidate.complete() || !candidate.attached()) {
          oldest.remove();
          candidate.release();
        }
      }
    }
    return stream;
  }

  synchronized Optional<SseStream> stream(String streamId) {
    return Optional.ofNullable(streams.get(streamId));
  }

  /** The GET stream, created on first use so that early messages are kept until the client opens it. */
  synchronized SseStream standalone() {
    if (standalone == null) {
      standalone = newStream();
    }
    return standalone;
  }

  private void sendStandalone(JsonObject message) {
    onHome(() -> standalone().send(message)); // the GET stream is written on the home loop only
  }

  synchronized void keepAlive() {
    streams.values().forEach(SseStream::keepAlive);
  }

  synchronized void close() {
    connection.close();
    streams.values().forEach(stream -> {
      stream.close();
      stream.release();
    });
    streams.clear();
  }
}
