package dev.reviewgate.cluster;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.spi.cluster.ClusterManager;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.infinispan.Cache;
import org.infinispan.context.Flag;

/**
 * Who serves what across the cluster, for {@code /health}: every node writes one entry (its roles and the addresses it
 * serves) into a replicated cache at start; a reader keeps the entries of live members only, so a node that died is
 * gone from the view as soon as the cluster has noticed (within {@code cluster.failureDetectionMs}). Every member
 * holds every entry and a view reads only its own copy, so /health never waits for another member (a stopped one
 * included). Entries are JSON text: the cache stores strings, which need no marshaller of ours.
 */
public final class NodeDirectory {

  /** The replicated cache of the entries (declared by ClusterNode). */
  static final String MAP = "reviewgate.nodes";

  private NodeDirectory() {
  }

  /**
   * Records this node.
   *
   * @param member    this node's {@code host:port}
   * @param addresses the tool addresses this node's backends serve
   */
  static Future<Void> register(Cache<String, String> directory, ClusterManager manager, ClusterOptions options,
                               String member, Collection<String> addresses) {
    JsonObject entry = new JsonObject()
      .put("node", manager.getNodeId())
      .put("member", member)
      .put("roles", new JsonArray(new TreeSet<>(options.roles()).stream().toList()))
      .put("addresses", new JsonArray(new TreeSet<>(addresses).stream().toList()))
      .put("pid", ProcessHandle.current().pid());
    return Future.fromCompletionStage(directory.putAsync(manager.getNodeId(), entry.encode())).mapEmpty();
  }

  /**
   * The cluster as this node sees it: {@code members} (each with its roles; {@code local} marks this node),
   * {@code roles} (role → nodes), {@code addresses} (address → how many nodes serve it) and {@code unserved} (the
   * addresses of {@code expected} that no live node serves).
   */
  static JsonObject view(Cache<String, String> directory, ClusterManager manager, String clusterName,
                         Collection<String> expected) {
    Set<String> live = Set.copyOf(manager.getNodes());
    Map<String, JsonObject> entries = new TreeMap<>();
    directory.getAdvancedCache().withFlags(Flag.CACHE_MODE_LOCAL, Flag.SKIP_LOCKING)
      .forEach((node, json) -> entries.put(node, new JsonObject(json)));
    sweep(directory, entries, live);
    return describe(manager.getNodeId(), clusterName, live, entries, expected);
  }

  static JsonObject describe(String local, String clusterName, Set<String> live, Map<String, JsonObject> entries,
                             Collection<String> expected) {
    JsonArray members = new JsonArray();
    Map<String, JsonArray> roles = new TreeMap<>();
    Map<String, Integer> addresses = new TreeMap<>();
    for (String address : expected) {
      addresses.put(address, 0);
    }
    for (String node : new TreeSet<>(live)) {
      JsonObject entry = entries.get(node);
      if (entry == null) {
        // joined, not yet registered (still starting)
        members.add(new JsonObject().put("node", node).put("roles", new JsonArray()).put("local", node.equals(local)));
        continue;
      }
      members.add(entry.copy().put("local", node.equals(local)));
      entry.getJsonArray("roles", new JsonArray()).forEach(role -> roles.computeIfAbsent(role.toString(), r -> new JsonArray()).add(node));
      entry.getJsonArray("addresses", new JsonArray()).forEach(address -> addresses.merge(address.toString(), 1, Integer::sum));
    }
    JsonObject byAddress = new JsonObject();
    addresses.forEach(byAddress::put);
    JsonObject byRole = new JsonObject();
    roles.forEach(byRole::put);
    return new JsonObject()
      .put("name", clusterName)
      .put("local", local)
      .put("members", members)
      .put("roles", byRole)
      .put("addresses", byAddress)
      .put("unserved", new JsonArray(addresses.entrySet().stream().filter(e -> e.getValue() == 0).map(Map.Entry::getKey).toList()));
  }

  /** Entries of members that left: removed by whoever sees them first (idempotent). */
  private static void sweep(Cache<String, String> directory, Map<String, JsonObject> entries, Set<String> live) {
    for (String node : List.copyOf(entries.keySet())) {
      if (!live.contains(node)) {
        directory.removeAsync(node);
      }
    }
  }
}
