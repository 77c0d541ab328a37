package dev.reviewgate.cluster;

import dev.reviewgate.core.bus.ReplyLimit;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.http.ClientAuth;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.CacheMode;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.configuration.global.ShutdownHookBehavior;
import org.infinispan.configuration.parsing.ConfigurationBuilderHolder;
import org.infinispan.conflict.MergePolicy;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.partitionhandling.PartitionHandling;
import org.infinispan.remoting.transport.jgroups.JGroupsTransport;
import org.jgroups.JChannel;

/**
 * Starts a Vert.x whose event bus spans every node of the cluster, on Vert.x's Infinispan cluster manager over a
 * JGroups stack of our own ({@link MembershipStack}): members find each other over TCP at the listed addresses (never
 * multicast), see a dead member within {@code failureDetectionMs}, merge after a split, and exchange event-bus
 * messages over Vert.x's own TCP transport on {@code host}. With a cluster key, membership is encrypted with the key's
 * AES key and the event bus runs TLS in both directions with the key's certificate, so a process without the key
 * can neither join nor send, receive or answer a message.
 */
public final class ClusterNode {

  /**
   * JGroups and Infinispan log their start-up and every rebalance at INFO in dozens of lines; an operator needs
   * their warnings (membership is in /health and on stderr at start). Held strongly: java.util.logging keeps loggers only weakly, and a collected logger loses its
   * level.
   */
  private static final List<java.util.logging.Logger> QUIETER = List.of(
    level("org.infinispan", java.util.logging.Level.WARNING),
    // "no global state enabled" (reviewgate keeps no cache on disk, by design), and a failed start with its stack
    // trace: that failure comes back as the exception start() reports in one line naming what to fix
    level("org.infinispan.CONFIG", java.util.logging.Level.OFF),
    level("org.jboss.threads", java.util.logging.Level.WARNING),
    level("org.jgroups", java.util.logging.Level.WARNING));

  private static java.util.logging.Logger level(String name, java.util.logging.Level level) {
    java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
    if (logger.getLevel() == null) {
      logger.setLevel(level);
    }
    return logger;
  }

  /** The caches Vert.x's Infinispan cluster manager uses (its default-infinispan.xml), declared here in code. */
  private static final String DEFAULT_CACHE = "distributed-cache";
  private static final List<String> REPLICATED_CACHES = List.of("__vertx.subs", "__vertx.haInfo", "__vertx.nodeInfo",
    NodeDirectory.MAP);
  private static final String DISTRIBUTED_TEMPLATE = "__vertx.distributed.cache.configuration";

  private final Vertx vertx;
  private final OwnedCachesClusterManager manager;
  private final ClusterOptions options;
  private final int port;
  private final Cache<String, String> directory;

  /**
   * The version of what nodes say to each other on the bus (addresses, bodies, headers). Part of the JGroups
   * cluster name, so a node of another version is never taken in.
   */
  public static final int BUS_VERSION = 1;

  private ClusterNode(Vertx vertx, OwnedCachesClusterManager manager, ClusterOptions options, int port) {
    this.vertx = vertx;
    this.port = port;
    this.manager = manager;
    this.directory = manager.directory();
    this.options = options;
  }

  public Vertx vertx() {
    return vertx;
  }

  /** The JGroups member port this node listens on (the one others list in {@code --join}). */
  public int port() {
    return port;
  }

  public ClusterOptions options() {
    return options;
  }

  /**
   * Records in the cluster which roles this node has and which addresses it serves (for every node's /health), and
   * records it again every few heartbeats: a node that was out of the others' view for a while (stalled, split off)
   * has been swept from their directory and must come back by itself once it merges.
   */
  public Future<Void> register(java.util.Collection<String> addresses) {
    java.util.List<String> served = java.util.List.copyOf(addresses);
    long every = Math.max(1000, options.heartbeatMs() * 2);
    return NodeDirectory.register(directory, manager, options, member(), served).onSuccess(v -> vertx.setPeriodic(every, every,
      id -> NodeDirectory.register(directory, manager, options, member(), served)));
  }

  /**
   * The cluster as this node sees it (see {@link NodeDirectory#view}); {@code expected} are the catalog's addresses.
   * Read from this node's own copy, so it answers at once whatever the other members do.
   */
  public Future<io.vertx.core.json.JsonObject> view(java.util.Collection<String> expected) {
    return Future.succeededFuture(NodeDirectory.view(directory, manager, options.name(), expected));
  }

  /** This member's {@code host:port}, the one others list in {@code --join}. */
  public String member() {
    return options.host() + ":" + port;
  }

  /** How many members the cluster has as this node sees it now (never blocks). */
  public int size() {
    return manager.getNodes().size();
  }

  /**
   * The JGroups cluster name for {@code options} and {@code key}: nodes of another name, bus version or key are not
   * even discovered. The key's part is a public fingerprint; what keeps others out is the encryption.
   */
  public static String clusterName(ClusterOptions options, ClusterKey key) {
    return options.name() + "-bus" + BUS_VERSION + (key == null ? "-open" : "-" + key.fingerprint());
  }

  /**
   * Joins the cluster (this blocks while JGroups looks for the listed members, at most {@code joinTimeoutMs}) and
   * builds the clustered Vert.x on it. When no listed member answers, this node forms the cluster and the others
   * merge with it when they come.
   *
   * @param builder a builder already given {@code vertxOptions} (and e.g. metrics)
   * @return fails with an {@link IllegalArgumentException} naming what to fix when the key, host or port is wrong
   */
  public static Future<ClusterNode> start(VertxBuilder builder, VertxOptions vertxOptions, ClusterOptions options) {
    DefaultCacheManager caches;
    int port;
    try {
      options.requireKeyBeyondLoopback();
      ClusterKey key = options.keyed() ? ClusterKey.load(options.keyFile()) : null;
      port = options.port() == 0 ? freePort(options.host()) : options.port();
      secureEventBus(vertxOptions.getEventBusOptions().setHost(options.host()).setPort(0)
        .setClusterPublicHost(options.host()), key);
      caches = startCaches(options, port, key);
    } catch (IllegalArgumentException e) {
      return Future.failedFuture(e);
    }
    OwnedCachesClusterManager manager = new OwnedCachesClusterManager(caches);
    int chosen = port;
    return builder.with(vertxOptions).withClusterManager(manager).buildClustered()
      .onFailure(failure -> caches.stop())
      .map(vertx -> {
        ReplyLimit.set(vertx, options.maxMessageBytes());
        return new ClusterNode(vertx, manager, options, chosen);
      });
  }

  /** With a key, the event bus between members is TLS that each side must pass with the key's certificate. */
  private static void secureEventBus(EventBusOptions bus, ClusterKey key) {
    if (key == null) {
      return;
    }
    bus.setSsl(true).setClientAuth(ClientAuth.REQUIRED).setKeyCertOptions(key.keyCert()).setTrustOptions(key.trust());
  }

  private static DefaultCacheManager startCaches(ClusterOptions options, int port, ClusterKey key) {
    try {
      JChannel channel = new JChannel(MembershipStack.protocols(options, port, key));
      // JGroups' diagnostics (probe) would listen on a multicast address: members talk to the listed addresses only.
      channel.getProtocolStack().getTransport().getDiagnosticsHandler().setEnabled(false);
      ConfigurationBuilderHolder holder = new ConfigurationBuilderHolder(ClusterNode.class.getClassLoader());
      GlobalConfigurationBuilder global = holder.getGlobalConfigurationBuilder();
      global.transport().defaultTransport().clusterName(clusterName(options, key)).transport(new JGroupsTransport(channel));
      global.defaultCacheName(DEFAULT_CACHE);
      global.shutdown().hookBehavior(ShutdownHookBehavior.DONT_REGISTER);
      cache(holder.newConfigurationBuilder(DEFAULT_CACHE), CacheMode.DIST_SYNC);
      REPLICATED_CACHES.forEach(name -> cache(holder.newConfigurationBuilder(name), CacheMode.REPL_SYNC));
      cache(holder.newConfigurationBuilder(DISTRIBUTED_TEMPLATE), CacheMode.DIST_SYNC).template(true);
      return new DefaultCacheManager(holder, true);
    } catch (Exception e) {
      throw startFailure(options, port, e);
    }
  }

  /**
   * After a split, both sides keep working; when they merge, an entry either side holds is kept (every node writes
   * only its own entries, so nothing is in conflict), and what left with a dead member is swept by Vert.x.
   */
  private static ConfigurationBuilder cache(ConfigurationBuilder builder, CacheMode mode) {
    builder.clustering().cacheMode(mode).partitionHandling()
      .whenSplit(PartitionHandling.ALLOW_READ_WRITES).mergePolicy(MergePolicy.PREFERRED_NON_NULL);
    return builder;
  }

  private static IllegalArgumentException startFailure(ClusterOptions options, int port, Exception failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof BindException) {
        return new IllegalArgumentException("cluster port " + port + " on " + options.host() + " is taken by another process: "
          + "choose another --cluster-port (cluster.port), or 0 for a free one");
      }
    }
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return new IllegalArgumentException("the cluster did not start on " + options.host() + ":" + port + ": " + root);
  }

  /** A port free right now on {@code host}: members list each other's port, so it is chosen before JGroups binds it. */
  private static int freePort(String host) {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot bind cluster.host " + host + ": " + e.getMessage(), e);
    }
  }
}
