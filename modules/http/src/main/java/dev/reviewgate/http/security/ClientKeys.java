package dev.reviewgate.http.security;

import dev.reviewgate.core.net.Loopback;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.Collections;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Whom the per-client limits count a request against. A remote client is its address. On loopback every local
 * agent has the same address, so a local client is its process (found through {@link LoopbackPeers}), or its
 * user when the process cannot be seen; where {@code /proc} is missing (not Linux), loopback clients share their
 * address as before. Looked up once per connection, off the event loop.
 */
public final class ClientKeys {

  private static final Logger LOG = Logger.getLogger(ClientKeys.class.getName());
  /** How long a request waits for the lookup of its connection's process. */
  private static final long LOOKUP_DEADLINE_MS = 2000;

  private final Vertx vertx;
  private final LoopbackPeers peers;
  private final boolean lookUp;
  /** Weak keys: a closed connection's entry goes with it, and no close handler of the connection is taken over. */
  private final Map<HttpConnection, Future<String>> byConnection = Collections.synchronizedMap(new WeakHashMap<>());

  public ClientKeys(Vertx vertx) {
    this(vertx, Path.of("/proc"));
  }

  ClientKeys(Vertx vertx, Path proc) {
    this.vertx = vertx;
    this.peers = new LoopbackPeers(proc);
    this.lookUp = peers.available();
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
    Future<String> key = vertx.executeBlocking(() -> peers.owner(remote.port(), local.port())
        .map(LoopbackPeers.Owner::key).orElse(address), false)
      .timeout(LOOKUP_DEADLINE_MS, TimeUnit.MILLISECONDS)
      .recover(failure -> Future.succeededFuture(address));
    byConnection.put(connection, key);
    return key;
  }
}
