package dev.reviewgate.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.HazelcastInstance;
import dev.reviewgate.core.bus.ReplyLimit;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.InetAddress;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Starts a Vert.x whose event bus spans every node of the cluster, on Vert.x's Hazelcast cluster manager: members
 * find each other over TCP/IP at the listed addresses (never multicast), see a dead member within
 * {@code failureDetectionMs}, and exchange event-bus messages over Vert.x's own TCP transport on {@code host}.
 */
public final class ClusterNode {

  /**
   * Hazelcast logs its start-up at INFO in dozens of lines; an operator needs its warnings and the membership
   * changes. Held strongly: java.util.logging keeps loggers only weakly, and a collected logger loses its level.
   */
  private static final List<java.util.logging.Logger> QUIETER = List.of(
    level("com.hazelcast", java.util.logging.Level.WARNING),
    level("com.hazelcast.cp", java.util.logging.Level.SEVERE),
    level("com.hazelcast.internal.cluster", java.util.logging.Level.INFO),
    level("com.hazelcast.instance.impl.HazelcastInstanceFactory", java.util.logging.Level.SEVERE));

  private static java.util.logging.Logger level(String name, java.util.logging.Level level) {
    java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
    if (logger.getLevel() == null) {
      logger.setLevel(level);
    }
    return logger;
  }

  private final Vertx vertx;
  private final HazelcastClusterManager manager;
  private final ClusterOptions options;
  private final int port;

  /**
   * The version of what nodes say to each other on the bus (addresses, bodies, headers). Part of the Hazelcast
   * cluster name, so a node of another version is never taken in: it cannot join, and start says so.
   */
  public static final int BUS_VERSION = 1;

  private ClusterNode(Vertx vertx, HazelcastClusterManager manager, ClusterOptions options, int port) {
    this.vertx = vertx;
    this.port = port;
    this.manager = manager;
    this.options = options;
  }

  public Vertx vertx() {
    return vertx;
  }

  /** The Hazelcast member port this node listens on (the one others list in {@code --join}). */
  public int port() {
    return port;
  }

  public ClusterOptions options() {
    return options;
  }

  /**
   * Records in the cluster which roles this node has and which addresses it serves (for every node's /health), and
   * records it again every few heartbeats: the cluster map keeps one backup of each entry, so an entry can be lost
   * when two members die at once, and must come back by itself.
   */
  public Future<Void> register(java.util.Collection<String> addresses) {
    java.util.List<String> served = java.util.List.copyOf(addresses);
    long every = Math.max(1000, options.heartbeatMs() * 2);
    return NodeDirectory.register(vertx, manager, options, served).onSuccess(v -> vertx.setPeriodic(every, every,
      id -> NodeDirectory.register(vertx, manager, options, served)));
  }

  /** The cluster as this node sees it (see {@link NodeDirectory#view}); {@code expected} are the catalog's addresses. */
  public Future<io.vertx.core.json.JsonObject> view(java.util.Collection<String> expected) {
    return NodeDirectory.view(vertx, manager, options.name(), expected);
  }

  /** The Hazelcast cluster name for {@code options}. */
  public static String clusterName(ClusterOptions options) {
    return options.name() + "-bus" + BUS_VERSION;
  }

  /**
   * Builds the clustered Vert.x and checks that it joined what it was told to join.
   *
   * @param builder a builder already given {@code vertxOptions} (and e.g. metrics)
   */
  public static Future<ClusterNode> start(VertxBuilder builder, VertxOptions vertxOptions, ClusterOptions options) {
    int port = options.port() == 0 ? freePort(options.host()) : options.port();
    vertxOptions.getEventBusOptions().setHost(options.host()).setPort(0).setClusterPublicHost(options.host());
    HazelcastClusterManager manager = new HazelcastClusterManager(hazelcast(options, port));
    return builder.with(vertxOptions).withClusterManager(manager).buildClustered()
      .compose(vertx -> checkJoined(vertx, manager, options, port)
        .recover(failure -> vertx.close().transform(closed -> Future.<Vertx>failedFuture(failure))))
      .map(vertx -> {
        ReplyLimit.set(vertx, options.maxMessageBytes());
        return new ClusterNode(vertx, manager, options, port);
      });
  }

  static Config hazelcast(ClusterOptions options, int port) {
    // Vert.x's own defaults (the maps and locks it needs), then this node's network and timing.
    Config config = ConfigUtil.loadConfig();
    config.setClusterName(clusterName(options));
    config.setProperty("hazelcast.logging.type", "jdk");
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.setProperty("hazelcast.shutdownhook.enabled", "false");
    // Join at once: the listed members either answer or they do not (the default waits 5 s before every join).
    config.setProperty("hazelcast.wait.seconds.before.join", "0");
    config.setProperty("hazelcast.max.wait.seconds.before.join", "0");
    config.setProperty("hazelcast.max.join.seconds", Long.toString(seconds(options.joinTimeoutMs())));
    config.setProperty("hazelcast.heartbeat.interval.seconds", Long.toString(seconds(options.heartbeatMs())));
    config.setProperty("hazelcast.max.no.heartbeat.seconds", Long.toString(seconds(options.failureDetectionMs())));
    config.setProperty("hazelcast.local.localAddress", options.host());
    NetworkConfig network = config.getNetworkConfig();
    network.setPort(port).setPortAutoIncrement(false).setPublicAddress(options.host() + ":" + port);
    network.getInterfaces().setEnabled(false);
    JoinConfig join = network.getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    join.getAwsConfig().setEnabled(false);
    join.getTcpIpConfig().setEnabled(true)
      .setConnectionTimeoutSeconds((int) seconds(options.joinTimeoutMs()))
      .setMembers(options.join().stream().map(ClusterOptions.Member::toString).toList());
    return config;
  }

  /**
   * Hazelcast forms a cluster of one when no listed member answers; a node told to join others must not run alone
   * (it would split reviews and serve a part of the tools), so that is a start failure with the reason.
   */
  private static Future<Vertx> checkJoined(Vertx vertx, HazelcastClusterManager manager, ClusterOptions options, int port) {
    HazelcastInstance hazelcast = manager.getHazelcastInstance();
    List<ClusterOptions.Member> others = options.join().stream().filter(m -> !isSelf(m, options.host(), port)).toList();
    if (others.isEmpty() || hazelcast.getCluster().getMembers().size() > 1) {
      return Future.succeededFuture(vertx);
    }
    return Future.failedFuture(new IllegalArgumentException("no member of cluster '" + options.name() + "' answered at "
      + others.stream().map(Object::toString).collect(Collectors.joining(", ")) + " within " + options.joinTimeoutMs()
      + " ms (cluster.joinTimeoutMs). Check that a node runs there with the same cluster.name and the same reviewgate "
      + "version (bus version " + BUS_VERSION + "), and that the address is reachable; start the first node of a "
      + "cluster without --join."));
  }

  /** The members of the cluster this Vert.x is in, as {@code host:port}, this node's first. */
  static List<String> members(HazelcastClusterManager manager) {
    return manager.getHazelcastInstance().getCluster().getMembers().stream()
      .sorted((a, b) -> Boolean.compare(!a.localMember(), !b.localMember()))
      .map(ClusterNode::address).toList();
  }

  private static String address(Member member) {
    return member.getAddress().getHost() + ":" + member.getAddress().getPort();
  }

  private static boolean isSelf(ClusterOptions.Member member, String host, int port) {
    if (member.port() != port) {
      return false;
    }
    try {
      return InetAddress.getByName(member.host()).equals(InetAddress.getByName(host));
    } catch (IOException e) {
      return false;
    }
  }

  private static long seconds(long ms) {
    return Math.max(1, (ms + 999) / 1000);
  }

  /** A port free right now on {@code host}: Hazelcast has no "any free port" of its own. */
  private static int freePort(String host) {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot bind cluster.host " + host + ": " + e.getMessage(), e);
    }
  }
}
