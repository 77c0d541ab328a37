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
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
 * <p>The claims are checked again every {@code git.claimCheckMs}: a node that found none of its listed members at start
 * forms a cluster alone and claims its names there, and when the two sides merge one claim per name is kept. The
 * node whose claim was not kept withdraws the name then (its routed addresses are unregistered, /health lists it),
 * so two histories answer for one name only while the cluster is split, never after it has merged.
 */
final class RepoRouting {

  private static final Logger LOG = Logger.getLogger(RepoRouting.class.getName());

  private final Vertx vertx;
  private final ToolCatalog catalog;
  /** Each configured name's history, claimed in the cluster (empty alone: nothing is claimed). */
  private final Map<String, RepoIdentity> identities;
  /** The names this node answers for now: all of them alone; clustered, those not withdrawn. */
  private final Set<String> served = ConcurrentHashMap.newKeySet();
  /** The name a call without {@code repo} means in the cluster (null: none, or not clustered). */
  private volatile String defaultName;
  private final String localDefault;
  /** The cluster's claims (null alone: nothing is passed on). */
  private final RepoClaims claims;
  /** The time a passed-on call gets when its caller did not say when it stops listening. */
  private final long timeoutMs;
  /** Names withdrawn from this node, with why; listed (and renewed) for every node's /health. */
  private final Map<String, String> withdrawn = new ConcurrentHashMap<>();
  /** The consumers of each served name's routed addresses, unregistered if the name is withdrawn. */
  private final Map<String, List<MessageConsumer<Object>>> routed = new ConcurrentHashMap<>();
  private final List<Long> timers = new ArrayList<>();
  private boolean checking;

  private RepoRouting(Vertx vertx, ToolCatalog catalog, java.util.Collection<String> names, Map<String, RepoIdentity> identities,
                      String localDefault, RepoClaims claims, long timeoutMs) {
    this.vertx = vertx;
    this.catalog = catalog;
    this.served.addAll(names);
    this.identities = identities;
    this.localDefault = localDefault;
    this.claims = claims;
    this.timeoutMs = timeoutMs;
  }

  /** Alone: this node answers every call itself, as before there were clusters. */
  static RepoRouting alone(Vertx vertx, ToolCatalog catalog, RepoRegistry registry, long timeoutMs) {
    return new RepoRouting(vertx, catalog, registry.names(), Map.of(), null, null, timeoutMs);
  }

  /**
   * In a cluster: claims each repository's name for its history ({@link RepoClaims}); a name the cluster already
   * gives another history is withdrawn from this node, logged, and listed on every node's /health while it runs.
   * The claims are checked again every {@code checkMs} ({@code git.claimCheckMs}); a withdrawal is listed for
   * {@code withdrawnTtlMs} ({@code git.withdrawnTtlMs}) past its last renewal.
   */
  static Future<RepoRouting> claimed(Vertx vertx, ToolCatalog catalog, RepoRegistry registry, long timeoutMs,
                                     long checkMs, long withdrawnTtlMs) {
    RepoClaims claims = new RepoClaims(vertx, withdrawnTtlMs);
    return vertx.executeBlocking(() -> {
        Map<String, RepoIdentity> identities = new LinkedHashMap<>();
        registry.names().forEach(name -> identities.put(name, RepoIdentity.of(registry.reader(name).repository())));
        return identities;
      }, false)
      .compose(identities -> {
        RepoRouting routing = new RepoRouting(vertx, catalog, identities.keySet(), identities,
          registry.defaultName().orElse(null), claims, timeoutMs);
        return routing.check().map(v -> {
          routing.timers.add(vertx.setPeriodic(checkMs, id -> routing.check()));
          // Renewed a few times per time to live: each listing is a write to the cluster.
          routing.timers.add(vertx.setPeriodic(Math.max(1, claims.withdrawnTtlMs() / 3), id -> routing.withdrawn.forEach(
            (name, reason) -> routing.list(name, reason))));
          return routing;
        });
      });
  }

  /**
   * Claims (again) every name still served and withdraws those the cluster gives another history, and learns the
   * cluster's default. One check at a time; a failed one is logged and the next tries again.
   */
  private Future<Void> check() {
    if (checking) {
      return Future.succeededFuture();
    }
    checking = true;
    Future<Void> chain = Future.succeededFuture();
    for (String name : List.copyOf(served)) {
      chain = chain.compose(v -> claims.claim(name, identities.get(name)).map(reason -> {
        if (reason != null) {
          withdraw(name, reason);
        }
        return null;
      }));
    }
    return chain
      .compose(v -> localDefault != null && served.contains(localDefault) ? claims.claimDefault(localDefault)
        : claims.clusterDefault())
      .<Void>map(name -> {
        defaultName = name;
        return null;
      })
      .onFailure(failure -> LOG.warning("could not check this node's repository claims: " + failure.getMessage()))
      .eventually(() -> {
        checking = false;
        return Future.succeededFuture();
      });
  }

  /** Stops answering for {@code name}: calls for it are passed on to the nodes that serve the cluster's history. */
  private void withdraw(String name, String reason) {
    if (!served.remove(name)) {
      return;
    }
    withdrawn.put(name, reason);
    LOG.warning(reason);
    List<MessageConsumer<Object>> consumers = routed.remove(name);
    if (consumers != null) {
      consumers.forEach(MessageConsumer::unregister);
    }
    list(name, reason);
  }

  /** Lists a withdrawal for every node's /health (a failure is logged; the next renewal tries again). */
  private void list(String name, String reason) {
    claims.publishWithdrawn(name, reason)
      .onFailure(failure -> LOG.warning("could not list the withdrawal of '" + name + "': " + failure.getMessage()));
  }

  /** Stops checking the claims and renewing this node's withdrawals (they expire from /health). */
  void close() {
    timers.forEach(vertx::cancelTimer);
  }

  boolean clustered() {
    return claims != null;
  }

  /** The names this node answers for now. */
  Set<String> served() {
    return java.util.Collections.unmodifiableSet(served);
  }

  /** The name a call without {@code repo} means in the cluster (null: none, or not clustered). */
  String defaultName() {
    return defaultName;
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
      MessageConsumer<Object> consumer = ToolEndpoint.routedConsumer(vertx, address(name, tool), tool, local);
      routed.computeIfAbsent(name, n -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(consumer);
      registered.add(consumer.completion());
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
