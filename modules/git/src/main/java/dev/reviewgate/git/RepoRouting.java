package dev.reviewgate.git;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.ReadOnlyResend;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Where a git tool call runs. Alone, on this node. In a cluster, every git node serves the catalog address (senders
 * reach one of them in turn), but a node answers only for the repositories it serves under the cluster's meaning of
 * their names ({@link RepoClaims}); a call for any other name, or for a name withdrawn from this node, is passed on
 * to {@code reviewgate.git.repo.<name>.<tool>}, which only the nodes serving that history listen on. So a call never
 * answers from two histories, and a cluster whose git nodes serve different repositories answers for all of them
 * wherever a call lands. A call without {@code repo} means the cluster's default repository. The diff model another
 * backend asks for ({@code reviewgate.git.diff.model}) is routed the same way, to {@code reviewgate.git.repo.<name>.diff_model}.
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
        return routing.firstCheck(System.currentTimeMillis() + timeoutMs, checkMs).map(v -> {
          routing.timers.add(vertx.setPeriodic(checkMs, id -> routing.check()));
          // Renewed a few times per time to live: each listing is a write to the cluster.
          routing.timers.add(vertx.setPeriodic(Math.max(1, claims.withdrawnTtlMs() / 3), id -> routing.withdrawn.forEach(
            (name, reason) -> routing.list(name, reason))));
          return routing;
        });
      });
  }

  /**
   * The check at start, tried again every {@code checkMs} until {@code deadlineMs} ({@code git.timeoutMs} from now): a
   * cluster still settling (members merging, its caches not yet defined on this one) may refuse the first, and a node
   * that gave up then would never serve. Past the deadline the start fails with the last refusal.
   */
  private Future<Void> firstCheck(long deadlineMs, long checkMs) {
    return check().recover(refused -> {
      if (System.currentTimeMillis() + checkMs > deadlineMs) {
        return Future.failedFuture(refused);
      }
      Promise<Void> again = Promise.promise();
      vertx.setTimer(Math.max(1, checkMs), id -> firstCheck(deadlineMs, checkMs).onComplete(again));
      return again.future();
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
    Tool described = catalog.require(tool);
    Routed<JsonObject> routed = new Routed<>(tool, local,
      (address, named, delivery) -> ReadOnlyResend.relay(vertx, described, address, named, delivery), ToolException::notAllowed);
    return Future.all(ToolEndpoint.serve(vertx, catalog, tool, (args, call) -> route(routed, args, call)),
      serveRouted(routed, tool)).mapEmpty();
  }

  /**
   * Serves {@code address}, an internal address another backend calls (no catalog entry), whose reply is a body with
   * its own codec (the diff model), with {@code local}. Clustered it is routed as a tool is, by repository, to
   * {@code reviewgate.git.repo.<name>.<routedName>}; a name no node serves is a 404 naming it.
   */
  <R> Future<Void> serveInternal(String address, String routedName, String what,
                                 BiFunction<JsonObject, CallContext, Future<R>> local) {
    if (!clustered()) {
      return ToolEndpoint.routedConsumer(vertx, address, what, local).completion();
    }
    Routed<R> routed = new Routed<>(routedName, local,
      (to, named, delivery) -> vertx.eventBus().<R>request(to, named, delivery).map(Message::body), ToolException::notFound);
    return Future.all(ToolEndpoint.routedConsumer(vertx, address, what, (args, call) -> route(routed, args, call)).completion(),
      serveRouted(routed, what)).mapEmpty();
  }

  /**
   * What this node does with one routed address: {@code local} runs a call for a name it serves, {@code relay} passes
   * one on to the nodes serving it, and {@code unserved} is the failure when none does.
   */
  private record Routed<R>(String name, BiFunction<JsonObject, CallContext, Future<R>> local, Relay<R> relay,
                           Function<String, ToolException> unserved) {
  }

  private interface Relay<R> {
    Future<R> send(String address, JsonObject named, DeliveryOptions delivery);
  }

  /** Consumes {@code way}'s address of each name served, until the name is withdrawn. */
  private <R> Future<Void> serveRouted(Routed<R> way, String what) {
    List<Future<Void>> registered = new ArrayList<>();
    for (String name : served) {
      MessageConsumer<Object> consumer = ToolEndpoint.routedConsumer(vertx, address(name, way.name()), what, way.local());
      routed.computeIfAbsent(name, n -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(consumer);
      registered.add(consumer.completion());
    }
    return Future.all(registered).mapEmpty();
  }

  private <R> Future<R> route(Routed<R> routed, JsonObject args, CallContext call) {
    String name = args.getString("repo", defaultName);
    if (name == null) {
      // No git node had a default when this one started; one may have come since.
      return claims.clusterDefault().compose(later -> later == null
        ? routed.local().apply(args, call) // no default anywhere: the reader says so
        : route(routed, args.copy().put("repo", later), call));
    }
    JsonObject named = args.copy().put("repo", name);
    if (served.contains(name)) {
      return routed.local().apply(named, call);
    }
    long remaining = call.replyBy() > 0 ? call.replyBy() - System.currentTimeMillis() : timeoutMs;
    DeliveryOptions delivery = call.applyTo(new DeliveryOptions().setSendTimeout(Math.max(1, remaining)));
    String address = address(name, routed.name());
    return routed.relay().send(address, named, delivery).recover(failure -> {
      ToolException mapped = BusRequests.toToolException(address, failure);
      return Future.failedFuture(mapped.code() == Failure.UNAVAILABLE
        ? routed.unserved().apply("no node of the cluster serves repository '" + Inputs.printable(name) + "'"
          + (args.getString("repo") == null ? " (the cluster's default)" : "") + "; call git_repos to list the "
          + "repositories, or start a git node that serves it.")
        : mapped);
    });
  }
}
