package dev.reviewgate.cluster;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code cluster} section of the configuration. Defaults live only in {@code config/reviewgate.json}.
 *
 * @param enabled            whether this node joins a cluster at all; when false nothing of Infinispan starts
 * @param name               nodes join only nodes of the same name (and the same {@link ClusterNode#BUS_VERSION})
 * @param host               the address this node binds and announces (JGroups member and event-bus transport)
 * @param port               the JGroups member port; 0 picks a free one
 * @param join               members to contact at start (TCP/IP, never multicast); this node's own address may be in it
 * @param roles              what this node serves: {@code front} and the backend roles of the deployment table
 * @param joinTimeoutMs      how long start waits for a listed member to answer before it fails
 * @param heartbeatMs        how often members tell each other they live
 * @param failureDetectionMs silence after which a member is taken for dead and its addresses leave the cluster
 * @param maxMessageBytes    the largest reply a backend sends between nodes; larger results fail with 413
 * @param keyFile            the cluster key every member holds ({@link ClusterKey}), or null: then loopback only
 * @param suspectVerifyMs    how long a suspected member has to answer before it is taken for dead
 * @param mergeCheckMs       how often a coordinator compares the views it heard of and merges them when they differ
 */
public record ClusterOptions(boolean enabled, String name, String host, int port, List<Member> join, Set<String> roles,
                             long joinTimeoutMs, long heartbeatMs, long failureDetectionMs, long maxMessageBytes,
                             Path keyFile, long suspectVerifyMs, long mergeCheckMs) {

  /** The role of the front-ends (HTTP MCP, bridges, dashboard, stdio); the rest are backend roles. */
  public static final String FRONT = "front";

  /** One {@code HOST:PORT} of the join list. */
  public record Member(String host, int port) {
    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  /**
   * @param backendRoles the roles of the deployment table; with {@link #FRONT} they are every valid role
   * @throws IllegalArgumentException naming the key and what is wrong with it
   */
  public static ClusterOptions from(JsonObject section, List<String> backendRoles) {
    Set<String> known = new LinkedHashSet<>();
    known.add(FRONT);
    known.addAll(backendRoles);
    Set<String> roles = roles(require(section, "roles").toString(), known);
    String name = require(section, "name").toString();
    if (name.isBlank() || !name.matches("[A-Za-z0-9._-]{1,64}")) {
      throw new IllegalArgumentException("cluster.name must be 1 to 64 letters, digits, '.', '_' or '-' (got '" + name + "')");
    }
    String host = require(section, "host").toString();
    String keyFile = require(section, "keyFile").toString();
    boolean enabled = (Boolean) require(section, "enabled");
    return new ClusterOptions(
      enabled,
      name,
      host,
      port("cluster.port", ((Number) require(section, "port")).intValue()),
      members(require(section, "join").toString()),
      roles,
      positive(section, "joinTimeoutMs"),
      positive(section, "heartbeatMs"),
      positive(section, "failureDetectionMs"),
      positive(section, "maxMessageBytes"),
      keyFile.isBlank() ? null : Path.of(keyFile).toAbsolutePath().normalize(),
      positive(section, "suspectVerifyMs"),
      positive(section, "mergeCheckMs"));
  }

  /** Whether members authenticate each other and encrypt what they say (a key file is given). */
  public boolean keyed() {
    return keyFile != null;
  }

  /**
   * Without a key, a cluster stays on this machine: nothing outside it could be told from a member. Checked when the
   * node starts (so that the launcher reports it as one line, like every start failure).
   *
   * @throws IllegalArgumentException saying how to make a key
   */
  public void requireKeyBeyondLoopback() {
    if (!keyed() && !isLoopback(host)) {
      throw new IllegalArgumentException("cluster.host " + host + " is not a loopback address and no cluster key is given: "
        + "create one with 'reviewgate cluster-key FILE', copy it to every member and start each with --cluster-key FILE "
        + "(cluster.keyFile)");
    }
  }

  static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("cluster.host " + host + " cannot be resolved: " + e.getMessage());
    }
  }

  /** Whether this node serves {@code role}. */
  public boolean serves(String role) {
    return roles.contains(role);
  }

  static Set<String> roles(String text, Set<String> known) {
    Set<String> roles = new LinkedHashSet<>();
    for (String item : text.split(",")) {
      String role = item.trim();
      if (role.isEmpty()) {
        continue;
      }
      if (!known.contains(role)) {
        throw new IllegalArgumentException("unknown role '" + role + "' in --roles / cluster.roles; the roles are "
          + String.join(", ", known));
      }
      roles.add(role);
    }
    if (roles.isEmpty()) {
      throw new IllegalArgumentException("--roles / cluster.roles names no role; give one or more of " + String.join(", ", known));
    }
    return Set.copyOf(roles);
  }

  static List<Member> members(String text) {
    List<Member> members = new ArrayList<>();
    for (String item : text.split(",")) {
      String member = item.trim();
      if (member.isEmpty()) {
        continue;
      }
      int colon = member.lastIndexOf(':');
      if (colon <= 0 || colon == member.length() - 1) {
        throw new IllegalArgumentException("--join / cluster.join takes HOST:PORT[,HOST:PORT...] (got '" + member + "')");
      }
      int port;
      try {
        port = Integer.parseInt(member.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--join / cluster.join: '" + member + "' has no port number after the ':'");
      }
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("--join / cluster.join: port " + port + " of '" + member + "' is not 1 to 65535");
      }
      String host = member.substring(0, colon);
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      members.add(new Member(host, port));
    }
    return List.copyOf(members);
  }

  private static int port(String key, int port) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(key + " must be 0 to 65535 (0 picks a free port); got " + port);
    }
    return port;
  }

  private static long positive(JsonObject section, String key) {
    long value = ((Number) require(section, key)).longValue();
    if (value <= 0) {
      throw new IllegalArgumentException("cluster." + key + " must be positive (got " + value + ")");
    }
    return value;
  }

  private static Object require(JsonObject section, String key) {
    return ReviewgateConfig.require(section, "cluster", key);
  }
}
