package dev.reviewgate.http;

import dev.reviewgate.core.DashboardLocation;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.http.bridge.websocket.WebSocketBridge;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.http.ops.HealthRoutes;
import dev.reviewgate.http.ops.HttpMetrics;
import dev.reviewgate.http.security.ClientKeys;
import dev.reviewgate.http.security.ConcurrencyLimiter;
import dev.reviewgate.core.net.Loopback;
import dev.reviewgate.http.security.LoginRoute;
import dev.reviewgate.http.security.PersonSessions;
import dev.reviewgate.http.security.RequestGuard;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.StaticHandler;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code reviewgate serve}: one HTTP server with {@code /mcp} (Streamable HTTP, supplied by the MCP module),
 * {@code /eventbus/*} (the event-bus bridge), {@code /review/} (the review dashboard, also at {@code /}),
 * {@code /console/} (a page that uses the bridge), {@code /login} (where a {@code reviewgate open} link signs the
 * person in), {@code /health} and {@code /metrics}. Every route passes the {@link RequestGuard}'s Host/Origin check;
 * {@code /mcp} and {@code /metrics} then need the bearer token, the bridge the person's cookie or a bearer credential;
 * {@code /mcp} also passes the concurrency limits and the body size limit. Only {@code /health}, {@code /login} and
 * the static pages (which hold no data: they read it through the bridge) need no credential.
 */
public final class HttpServerVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(HttpServerVerticle.class.getName());

  private final HttpOptions options;
  private final ToolCatalog catalog;
  private final DeploymentHealth health;
  private final HttpMetrics metrics;
  private final Function<Vertx, Handler<RoutingContext>> mcpEndpoint;
  private final PersonSessions sessions;
  private HttpServer server;
  private int eventLoops = 1;

  /**
   * @param metrics     the process's metrics, or null when the process runs without them (some tests)
   * @param mcpEndpoint builds the {@code /mcp} handler once Vert.x is known; null serves no {@code /mcp}
   */
  public HttpServerVerticle(HttpOptions options, ToolCatalog catalog, DeploymentHealth health, HttpMetrics metrics,
                            Function<Vertx, Handler<RoutingContext>> mcpEndpoint) {
    this.options = options;
    this.catalog = catalog;
    this.health = health;
    this.metrics = metrics;
    this.mcpEndpoint = mcpEndpoint;
    this.sessions = new PersonSessions(options.loginKey(), Clock.systemUTC(), options.personSessions());
  }

  /**
   * Serves on {@code count} event loops: the port is shared, and each new connection goes to the next loop, so a
   * server's requests use every core instead of one. Call before deployment.
   */
  public HttpServerVerticle onEventLoops(int count) {
    this.eventLoops = Math.max(1, count);
    return this;
  }

  @Override
  public Future<?> start() {
    if (!Loopback.isLoopbackHost(options.host()) && options.mcpWithoutToken()) {
      return Future.failedFuture(new IllegalStateException("refusing to listen on " + options.host()
        + " with /mcp open without a token (--conformance-tools is for tests on loopback): listen on 127.0.0.1"));
    }
    Router router = Router.router(vertx);
    router.route().handler(ctx -> {
      ctx.response().putHeader("X-Content-Type-Options", "nosniff");
      ctx.next();
    });
    // Every route, pages and health included: a DNS-rebinding page must not read even /metrics.
    router.route().handler(new RequestGuard(options, RequestGuard.Check.SAME_SITE));
    if (mcpEndpoint != null) {
      Handler<RoutingContext> mcp = mcpEndpoint.apply(vertx);
      ConcurrencyLimiter limiter = new ConcurrencyLimiter(options, new ClientKeys(vertx, options.peerLookupTimeoutMs()));
      router.route("/mcp").handler(new RequestGuard(options, RequestGuard.Check.MCP)).handler(limiter)
        .handler(BodyHandler.create(false).setBodyLimit(options.maxBodyBytes())).handler(mcp);
    }
    router.get(LoginRoute.PATH).handler(new LoginRoute(sessions));
    router.route("/eventbus/*").handler(new RequestGuard(options, RequestGuard.Check.BRIDGE, sessions))
      .subRouter(WebSocketBridge.create(vertx, catalog, options.bridgeLimits(), options.credentials()));
    router.route("/metrics").handler(new RequestGuard(options, RequestGuard.Check.TOKEN));
    router.route("/console/*").handler(staticFiles("reviewgate/webroot/console"));
    router.route("/review/*").handler(staticFiles("reviewgate/webroot/review"));
    // The review page's browser libraries (highlight.js, marked, DOMPurify), from their WebJars on the class path;
    // versioned paths, so a browser may keep them.
    router.route("/webjars/*").handler(staticFiles("META-INF/resources/webjars").setCachingEnabled(true)
      .setMaxAgeSeconds(86_400));
    router.get("/").handler(ctx -> ctx.redirect("/review/"));
    HealthRoutes.mount(router, health);
    if (metrics != null) {
      metrics.mount(router);
    }
    router.errorHandler(500, ctx -> {
      LOG.log(Level.SEVERE, "unexpected failure serving " + ctx.request().path(), ctx.failure());
      sendError(ctx, 500, "internal error; the server log has the details");
    });
    router.errorHandler(413, ctx -> sendError(ctx, 413, "request body larger than http.maxBodyBytes ("
      + options.maxBodyBytes() + " bytes); send less, e.g. shape the diff or split the call"));
    router.errorHandler(404, ctx -> sendError(ctx, 404, "no such path; MCP is served at /mcp"));
    router.errorHandler(405, ctx -> sendError(ctx, 405, "method not allowed here"));
    HttpServerOptions serverOptions = new HttpServerOptions().setHost(options.host()).setPort(options.port())
      .setCompressionSupported(false)
      // Only the bridge speaks WebSocket: its messages are bounded before any of them is handled.
      .setMaxWebSocketMessageSize(options.bridgeLimits().maxMessageBytes())
      .setMaxWebSocketFrameSize(options.bridgeLimits().maxFrameBytes());
    Handler<HttpServerRequest> requests = request -> {
      // vertx-web refuses an HTTP/1.x request without Host by throwing, logged as SEVERE: a careless client is
      // not an operator's problem, so answer it here.
      if (request.version() != HttpVersion.HTTP_2 && request.getHeader("Host") == null) {
        request.response().setStatusCode(400).putHeader("Content-Type", "text/plain; charset=utf-8")
          .end("a Host header is required\n");
        return;
      }
      router.handle(request);
    };
    // Servers of one Vert.x on one address share its socket, and each new connection goes to the next of them (its
    // event loop); a server on port 0 shares with none, so a free port is picked first and named to all of them.
    return (eventLoops > 1 && options.port() == 0 ? freePort() : Future.succeededFuture(options.port()))
      .compose(port -> vertx.createHttpServer(new HttpServerOptions(serverOptions).setPort(port)).requestHandler(requests)
        .listen())
      .compose(s -> eventLoops == 1 ? Future.succeededFuture(s)
        : vertx.deployVerticle(() -> new SharedPort(new HttpServerOptions(serverOptions).setPort(s.actualPort()), requests),
          // Deployed from this verticle, they are undeployed with it.
          new DeploymentOptions().setInstances(eventLoops - 1)).map(s).recover(refused -> {
            LOG.warning("HTTP stays on one event loop: the port could not be bound again (" + refused.getMessage() + ")");
            return Future.succeededFuture(s);
          }))
      .compose(s -> options.sessionsDirectory() == null ? Future.succeededFuture(s)
        // the sessions a previous server on this port left: an open page reconnects without a new sign-in
        : vertx.executeBlocking(() -> {
          sessions.keepIn(options.sessionsDirectory().resolve(s.actualPort() + ".json"));
          return s;
        }, false))
      .onSuccess(s -> {
        server = s;
        String host = Loopback.forUrl(options.host());
        DashboardLocation.publish(vertx, "http://" + host + ":" + s.actualPort() + "/review/");
      });
  }

  /** A JSON-RPC error on /mcp, where clients parse one; plain text on pages, health and every other path. */
  /**
   * The pages' files from the jar. Their charset is named: Vert.x would otherwise send the JVM's default, which is
   * US-ASCII when an MCP client starts us without LANG, and the browser would show "…" as "â€¦".
   */
  private static StaticHandler staticFiles(String root) {
    return StaticHandler.create(root).setCachingEnabled(false).setDirectoryListing(false)
      .setDefaultContentEncoding(StandardCharsets.UTF_8.name());
  }

  private static void sendError(RoutingContext ctx, int status, String message) {
    if (ctx.response().ended() || ctx.response().headWritten()) {
      return;
    }
    if (!ctx.request().path().startsWith("/mcp")) {
      ctx.response().setStatusCode(status).putHeader("Content-Type", "text/plain; charset=utf-8").end(message + "\n");
      return;
    }
    ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
      .end(new JsonObject().put("jsonrpc", "2.0").putNull("id")
        .put("error", new JsonObject().put("code", status == 413 ? -32600 : -32000).put("message", message)).encode());
  }

  /** A port free on the host now: bound at 0 and let go (another process may take it first; listening then fails). */
  private Future<Integer> freePort() {
    return vertx.createHttpServer(new HttpServerOptions().setHost(options.host()).setPort(0))
      .requestHandler(request -> request.response().setStatusCode(503).end())
      .listen()
      .compose(probe -> {
        int port = probe.actualPort();
        return probe.close().map(port);
      });
  }

  /** One more event loop's server on the port the first one bound, with the same handler. */
  private static final class SharedPort extends VerticleBase {
    private final HttpServerOptions serverOptions;
    private final Handler<HttpServerRequest> requests;

    SharedPort(HttpServerOptions serverOptions, Handler<HttpServerRequest> requests) {
      this.serverOptions = serverOptions;
      this.requests = requests;
    }

    @Override
    public Future<?> start() {
      return vertx.createHttpServer(serverOptions).requestHandler(requests).listen();
    }
  }

  /** The port actually bound (differs from the configured one when that is 0). */
  public int actualPort() {
    return server == null ? -1 : server.actualPort();
  }
}
