package dev.reviewgate.http.security;

import dev.reviewgate.core.net.Loopback;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Whom the per-client limits count a request against. A remote client is its address. On loopback every local
 * agent has the same address, so a local client is its process (found through {@link LoopbackPeers}), or its
 * user when the process cannot be seen; where {@code /proc} is missing (not Linux), loopback clients share their
 * address as before. Looked up once per connection, off the event loop.
 *
 * <p>The lookups run in their own small worker pool: on Vert.x's shared worker pool they would queue behind whatever
 * blocking work the server has (git diffs, file writes), and exactly when it is busiest every new local connection
 * would run out its deadline and count by its address, which is when telling agents apart matters most. A request
 * waits at most {@code http.peerLookupTimeoutMs} for its lookup; the scan stops at that deadline too, and a lookup
 * that waited past it in the queue does not start.
 */
public final class ClientKeys {

  private static final Logger LOG = Logger.getLogger(ClientKeys.class.getName());
  /** Named, so every server instance in one Vert.x shares the one pool. */
  private static final String LOOKUP_POOL = "reviewgate-peer-lookup";
  /** Lookups are short file reads; two let a slow one not hold up the next. */
  private static final int LOOKUP_THREADS = 2;

  private final Vertx vertx;
  private final LoopbackPeers peers;
  private final boolean lookUp;
  private final long deadlineMs;
  private final WorkerExecutor lookups;
  /** Weak keys: a closed connection's entry goes with it, and no close handler of the connection is taken over. */
  private final Map<HttpConnection, Future<String>> byConnection = Collections.synchronizedMap(new WeakHashMap<>());

  /** @param deadlineMs how long a request waits for the lookup of its connection's process */
  public ClientKeys(Vertx vertx, long deadlineMs) {
    this(vertx, Path.of("/proc"), deadlineMs);
  }

  ClientKeys(Vertx vertx, Path proc, long deadlineMs) {
    if (deadlineMs <= 0) {
      throw new IllegalArgumentException("http.peerLookupTimeoutMs must be positive (got " + deadlineMs + ")");
    }
    this.vertx = vertx;
    this.peers = new LoopbackPeers(proc);
    this.lookUp = peers.available();
    this.deadlineMs = deadlineMs;
    this.lookups = lookUp ? vertx.createSharedWorkerExecutor(LOOKUP_POOL, LOOKUP_THREADS) : null;
    if (!lookUp) {
      LOG.info("no " + proc + "/net/tcp: local clients share the per-client limits of their address");
    }
  }

  /** The key of the request's client; already complete for every request after a connection's first. */
  public Future<String> of(HttpServerRequest request) {
    SocketAddress remote = request.remoteAddress();
    String address = remote == null || remote.hostAddress() == null ? "unknown" : remote.hostAddress();
    SocketAddress local = request.localAddress();
    if (!lookUp || remote == null || local == null || !Loopback.isLoopbackHost(address)) {
      return Future.succeededFuture(address);
    }
    HttpConnection connection = request.connection();
    Future<String> known = byConnection.get(connection);
    if (known != null) {
      return known;
    }
    // A lookup that fails or takes too long (a huge process table, a starved machine) must not hold the request:
    // that connection then counts by its address, as where /proc is missing.
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadlineMs);
    Future<String> key = lookups.executeBlocking(() -> System.nanoTime() - deadline > 0 ? address
        : peers.owner(remote.port(), local.port(), deadline).map(LoopbackPeers.Owner::key).orElse(address), false)
      .timeout(deadlineMs, TimeUnit.MILLISECONDS)
      .recover(failure -> Future.succeededFuture(address));
    byConnection.put(connection, key);
    return key;
  }
}
