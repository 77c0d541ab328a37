package dev.reviewgate.git;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.ReadOnlyResend;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.logging.Logger;

/**
 * Where a git tool call runs. Alone, on this node. In a cluster, every git node serves the catalog address (senders
 * reach one of them in turn), but a node answers only for the repositories it serves under the cluster's meaning of
 * their names ({@link RepoClaims}); a call for any other name, or for a name withdrawn from this node, is passed on
 * to {@code reviewgate.git.repo.<name>.<tool>}, which only the nodes serving that history listen on. So a call never
 * answers from two histories, and a cluster whose git nodes serve different repositories answers for all of them
 * wherever a call lands. A call without {@code repo} means the cluster's default repository.
 *
 * @param served        the names this node answers for
 * @param defaultName   the name a call without {@code repo} means in the cluster (null: none, or not clustered)
 * @param claims        the cluster's claims (null alone: nothing is passed on)
 * @param timeoutMs     the time a passed-on call gets when its caller did not say when it stops listening
 * @param renewTimer    the timer renewing this node's withdrawals, -1 when there are none
 */
record RepoRouting(Vertx vertx, ToolCatalog catalog, Set<String> served, String defaultName, RepoClaims claims,
                   long timeoutMs, long renewTimer) {

  private static final Logger LOG = Logger.getLogger(RepoRouting.class.getName());

  /** Alone: this node answers every call itself, as before there were clusters. */
  static RepoRouting alone(Vertx vertx, ToolCatalog catalog, RepoRegistry registry, long timeoutMs) {
    return new RepoRouting(vertx, catalog, new LinkedHashSet<>(registry.names()), null, null, timeoutMs, -1);
  }

  /**
   * In a cluster: claims each repository's name for its history ({@link RepoClaims}); a name the cluster already
   * gives another history is withdrawn from this node, logged, and listed on every node's /health while it runs.
   */
  static Future<RepoRouting> claimed(Vertx vertx, ToolCatalog catalog, RepoRegistry registry, long timeoutMs) {
    RepoClaims claims = new RepoClaims(vertx);
    Map<String, String> withdrawn = new TreeMap<>();
    Set<String> served = new LinkedHashSet<>();
    return vertx.executeBlocking(() -> {
        Map<String, RepoIdentity> identities = new LinkedHashMap<>();
        registry.names().forEach(name -> identities.put(name, RepoIdentity.of(registry.reader(name).repository())));
        return identities;
      }, false)
      .compose(identities -> {
        Future<Void> chain = Future.succeededFuture();
        for (Map.Entry<String, RepoIdentity> entry : identities.entrySet()) {
          chain = chain.compose(v -> claims.claim(entry.getKey(), entry.getValue()).map(reason -> {
            if (reason == null) {
              served.add(entry.getKey());
            } else {
              withdrawn.put(entry.getKey(), reason);
              LOG.warning(reason);
            }
            return null;
          }));
        }
        return chain;
      })
      .compose(v -> {
        String local = registry.defaultName().orElse(null);
        return local != null && served.contains(local) ? claims.claimDefault(local) : claims.clusterDefault();
      })
      .compose(defaultName -> publish(claims, withdrawn)
        .map(v -> new RepoRouting(vertx, catalog, Set.copyOf(served), defaultName, claims, timeoutMs,
          withdrawn.isEmpty() ? -1 : vertx.setPeriodic(RepoClaims.WITHDRAWN_TTL_MS / 3,
            id -> withdrawn.forEach(claims::publishWithdrawn)))));
  }

  private static Future<Void> publish(RepoClaims claims, Map<String, String> withdrawn) {
    return Future.all(withdrawn.entrySet().stream().map(e -> claims.publishWithdrawn(e.getKey(), e.getValue())).toList())
      .mapEmpty();
  }

  /** Stops renewing this node's withdrawals (they expire from /health). */
  void close() {
    if (renewTimer >= 0) {
      vertx.cancelTimer(renewTimer);
    }
  }

  boolean clustered() {
    return claims != null;
  }

  /** The internal address of {@code tool} for repository {@code name}; never exposed to a bridge. */
  static String address(String name, String tool) {
    return Addresses.PREFIX + "git.repo." + name + "." + tool;
  }

  /** Serves {@code tool} with {@code local}, the work done on this node. */
  Future<Void> serve(String tool, BiFunction<JsonObject, CallContext, Future<JsonObject>> local) {
    if (!clustered()) {
      return ToolEndpoint.serve(vertx, catalog, tool, local);
    }
    List<Future<Void>> registered = new ArrayList<>();
    registered.add(ToolEndpoint.serve(vertx, catalog, tool, (args, call) -> route(tool, args, call, local)));
    for (String name : served) {
      registered.add(ToolEndpoint.serveRouted(vertx, address(name, tool), tool, local));
    }
    return Future.all(registered).mapEmpty();
  }

  private Future<JsonObject> route(String tool, JsonObject args, CallContext call,
                                   BiFunction<JsonObject, CallContext, Future<JsonObject>> local) {
    String name = args.getString("repo", defaultName);
    if (name == null) {
      // No git node had a default when this one started; one may have come since.
      return claims.clusterDefault().compose(later -> later == null
        ? local.apply(args, call) // no default anywhere: the reader says so
        : route(tool, args.copy().put("repo", later), call, local));
    }
    JsonObject named = args.copy().put("repo", name);
    if (served.contains(name)) {
      return local.apply(named, call);
    }
    long remaining = call.replyBy() > 0 ? call.replyBy() - System.currentTimeMillis() : timeoutMs;
    DeliveryOptions delivery = call.applyTo(new DeliveryOptions().setSendTimeout(Math.max(1, remaining)));
    return ReadOnlyResend.relay(vertx, catalog.require(tool), address(name, tool), named, delivery).recover(failure -> {
      ToolException mapped = BusRequests.toToolException(address(name, tool), failure);
      return Future.failedFuture(mapped.code() == Failure.UNAVAILABLE
        ? ToolException.notAllowed("no node of the cluster serves repository '" + Inputs.printable(name) + "'"
          + (args.getString("repo") == null ? " (the cluster's default)" : "") + "; call git_repos to list the "
          + "repositories, or start a git node that serves it.")
        : mapped);
    });
  }
}
