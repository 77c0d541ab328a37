package dev.reviewgate.git;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.AsyncMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which history each repository name stands for in a cluster. The first git node to serve a name claims it with its
 * {@link RepoIdentity} in a cluster-wide map ({@code putIfAbsent}, so of two nodes starting at once exactly one wins);
 * a later node compares its own clone with the claim and, when they disagree, withdraws the name from itself. The
 * first node with a default repository claims the cluster's default name the same way, so a call without
 * {@code repo} means one repository whichever node it reaches. A claim lasts as long as the cluster: a name keeps
 * meaning one history even while no node serves it.
 *
 * <p>Withdrawals are written to a second map with a time to live, renewed by the node while it runs, so that every
 * node's {@code /health} shows them and they leave with the node. Only Vert.x shared data is used, so this works on
 * any cluster manager.
 */
public final class RepoClaims {

  static final String CLAIMS = "reviewgate.git.repos";
  static final String WITHDRAWN = "reviewgate.git.withdrawn";
  /** Not a repository name: names start with a letter or digit. */
  static final String DEFAULT_KEY = "@default";

  private final Vertx vertx;
  private final String process = Long.toString(ProcessHandle.current().pid());
  /** How long a withdrawal stays listed without being renewed ({@code git.withdrawnTtlMs}). */
  private final long withdrawnTtlMs;

  RepoClaims(Vertx vertx, long withdrawnTtlMs) {
    this.vertx = vertx;
    this.withdrawnTtlMs = withdrawnTtlMs;
  }

  long withdrawnTtlMs() {
    return withdrawnTtlMs;
  }

  /**
   * Claims {@code name} for {@code identity}; completes with null when this node may serve it, else with why not
   * (for /health and the log).
   */
  Future<String> claim(String name, RepoIdentity identity) {
    JsonObject mine = identity.toJson().put("process", process);
    // A read first: the claim is checked again every few seconds, and a read asks one owner of the entry without a
    // lock where a putIfAbsent is a locked write to every owner; only a name nobody holds is written (putIfAbsent
    // still settles a race between two nodes).
    return claims().compose(map -> map.get(name).compose(held -> held != null ? Future.succeededFuture(held)
      : map.putIfAbsent(name, mine))).map(existing -> {
      if (existing == null) {
        return null;
      }
      RepoIdentity theirs = RepoIdentity.fromJson(existing);
      return identity.agreesWith(theirs) ? null
        : "repository '" + name + "' here (" + identity.describe() + ") is not the '" + name + "' the cluster already "
          + "serves (" + theirs.describe() + ", first served by process " + existing.getString("process") + "), so this "
          + "node does not answer for it and calls for '" + name + "' go to the nodes that serve that one. Serve it "
          + "under another name (repos.<name> in this node's configuration) or serve the same repository.";
    });
  }

  /** Claims the cluster's default repository name; completes with the name that is the default (maybe another's). */
  Future<String> claimDefault(String name) {
    return claims().compose(map -> map.get(DEFAULT_KEY).compose(held -> held != null ? Future.succeededFuture(held)
        : map.putIfAbsent(DEFAULT_KEY, new JsonObject().put("name", name))))
      .map(existing -> existing == null ? name : existing.getString("name"));
  }

  /** The cluster's default repository name, or null when no git node has one. */
  Future<String> clusterDefault() {
    return claims().compose(map -> map.get(DEFAULT_KEY)).map(claim -> claim == null ? null : claim.getString("name"));
  }

  /** Lists (or renews) a withdrawal of this node's for every node's /health. */
  Future<Void> publishWithdrawn(String name, String reason) {
    JsonObject entry = new JsonObject().put("repo", name).put("process", process).put("reason", reason);
    return withdrawn().compose(map -> map.put(process + "/" + name, entry, withdrawnTtlMs));
  }

  /** {@code withdrawn}: every git node's withdrawn names, each with the process and the reason, sorted. */
  public static Future<JsonObject> report(Vertx vertx) {
    return vertx.sharedData().<String, JsonObject>getAsyncMap(WITHDRAWN).compose(AsyncMap::entries).map(entries -> {
      Map<String, JsonObject> sorted = new TreeMap<>(entries);
      return new JsonObject().put("withdrawn", new JsonArray(sorted.values().stream().toList()));
    });
  }

  private Future<AsyncMap<String, JsonObject>> claims() {
    return vertx.sharedData().getAsyncMap(CLAIMS);
  }

  private Future<AsyncMap<String, JsonObject>> withdrawn() {
    return vertx.sharedData().getAsyncMap(WITHDRAWN);
  }
}
