package dev.reviewgate.app;

import dev.reviewgate.cluster.ClusterOptions;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.RepoClaims;
import dev.reviewgate.git.ReposAhead;
import dev.reviewgate.http.bridge.tcp.TcpBridge;
import dev.reviewgate.core.StartupFailure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.net.Loopback;
import dev.reviewgate.core.bus.BusExposure;
import dev.reviewgate.core.security.Credentials;
import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.mcp.McpOptions;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.http.HttpOptions;
import dev.reviewgate.http.HttpServerVerticle;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.http.ops.HttpMetrics;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.transport.http.HttpTransport;
import dev.reviewgate.mcp.transport.http.HttpTransportOptions;
import io.vertx.core.Vertx;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code reviewgate serve}: the backends of this node's roles, then, on a {@code front} node, one HTTP server with
 * {@code /mcp} (both MCP eras), the event-bus bridge, {@code /health} and {@code /metrics}, and the TCP bridge for
 * services when {@code busBridge.port} is set. Runs until the process is stopped; the chosen addresses are printed on
 * stderr (useful with port 0).
 */
final class ServeCommand {

  private ServeCommand() {
  }

  /** Where this node's reviews live, for {@code reviewgate open REVIEW_ID}; null when reviews are off. */
  static java.nio.file.Path reviewStorage(ReviewgateConfig config) {
    ReviewOptions review = ReviewOptions.from(config, Backends.workingDirectory());
    return review.enabled() ? review.resolvedStorageDir() : null;
  }

  static int run(ReviewgateConfig config, PrintStream err) throws Exception {
    HttpOptions options = HttpOptions.from(config.section("http"), System.getenv())
      .withServices(config.section("services"), System.getenv());
    options.credentials().unset().forEach(service -> err.println("reviewgate: service '" + service.name() + "' is "
      + "configured but $" + service.tokenEnv() + " is not set, so it cannot connect"));
    BusExposure.checkGrants(ToolCatalog.standard(), Credentials.parse(config.section("services")));
    if (McpOptions.from(config).conformanceTools()) {
      options = options.withMcpWithoutToken();
      err.println("reviewgate: --conformance-tools: /mcp accepts calls WITHOUT the token (for the conformance "
        + "tests only; never run it like this for real use)");
    }
    TcpBridge.Options bridgeOptions = TcpBridge.Options.from(config.section("busBridge"));
    HttpTransportOptions transportOptions = HttpTransportOptions.from(config.section("http"));
    DeploymentHealth health = new DeploymentHealth(options.health());
    HttpMetrics metrics = new HttpMetrics(config.section("http").getJsonArray("metricsBucketsMs").stream()
      .map(bound -> ((Number) bound).longValue()).toList());
    if (ClusterOptions.from(config.section("cluster"), Backends.ROLES).serves("git")) {
      // Opened (and the default one's tags and pack index read) while Vert.x and the other backends start.
      ReposAhead.open(GitBackendOptions.from(config, Backends.workingDirectory()));
    }
    // Netty's epoll transport where it loads (Linux x86-64), NIO elsewhere: a server's every request pays the transport.
    Node node = VertxRuntime.start(config, true,
      (builder, vertxOptions) -> metrics.install(builder, vertxOptions.setPreferNativeTransport(true)
        // As many event loops as HTTP serves on: the backends' handlers share them (their blocking work has pools
        // of its own), so a call's hop to a backend often stays on its loop, and the cores are not shared by twice
        // as many busy loops.
        .setEventLoopPoolSize(eventLoops(config))), health::track);
    Vertx vertx = node.vertx();
    if (node.clustered()) {
      List<String> expected = ToolCatalog.standard().tools().stream().map(Tool::address).toList();
      health.section("cluster", () -> node.cluster().view(expected));
      // Repository names withdrawn from git nodes that serve another history under them (any node's, while it runs).
      health.section("repositories", () -> RepoClaims.report(vertx));
      err.println("reviewgate: joined cluster '" + node.cluster().options().name() + "' as "
        + node.cluster().options().host() + ":" + node.cluster().port() + " with roles " + String.join(",", new java.util.TreeSet<>(node.roles())));
    }
    HttpTransport[] transport = new HttpTransport[1];
    TcpBridge bridge = null;
    if (node.front()) {
      McpServer mcp = McpServers.create(vertx, config);
      HttpServerVerticle server = new HttpServerVerticle(options, mcp.catalog(), health, metrics,
        v -> transport[0] = new HttpTransport(v, mcp, transportOptions)).onEventLoops(eventLoops(config));
      try {
        VertxRuntime.await(health.track("HttpServerVerticle", vertx.deployVerticle(server)), config.startTimeoutMs());
      } catch (Exception e) {
        VertxRuntime.close(vertx);
        throw portTaken(e, "HTTP port " + options.port() + " on " + options.host(),
          "stop the process that holds it, or choose another with --port P (--port 0 picks a free one)");
      }
      if (bridgeOptions.enabled()) {
        bridge = new TcpBridge(vertx, bridgeOptions, mcp.catalog(), options.credentials());
        try {
          int port = VertxRuntime.await(bridge.listen(), config.startTimeoutMs());
          err.println("reviewgate: TCP event-bus bridge on " + Loopback.forUrl(bridgeOptions.host()) + ":" + port
            + " (credential required: 'reviewgate token')");
        } catch (Exception e) {
          VertxRuntime.close(vertx);
          throw portTaken(e, "TCP event-bus bridge port " + bridgeOptions.port() + " on " + bridgeOptions.host(),
            "stop the process that holds it, or choose another with --bus-bridge-port P (0 picks a free one)");
        }
      }
      String host = Loopback.forUrl(options.host());
      err.println("reviewgate: serving http://" + host + ":" + server.actualPort() + "/mcp"
        + (options.mcpWithoutToken() ? " (no token: --conformance-tools)" : " (bearer token required: 'reviewgate token')"));
      new DashboardRegistry(UserSecret.stateDirectory(System.getenv())).register(
        "http://" + host + ":" + server.actualPort() + "/review/", "serve", reviewStorage(config));
    } else {
      err.println("reviewgate: node ready (no front role: no HTTP server; reach it through the cluster)");
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      if (transport[0] != null) {
        transport[0].close();
      }
      VertxRuntime.close(vertx);
      stopped.countDown();
    }, "reviewgate-shutdown"));
    stopped.await();
    return 0;
  }

  /** A taken port as a one-line start-up failure naming it; any other failure unchanged. */
  /** {@code http.eventLoops}, 0 meaning one a core. */
  static int eventLoops(ReviewgateConfig config) {
    int configured = config.section("http").getInteger("eventLoops", 0);
    return configured > 0 ? configured : Runtime.getRuntime().availableProcessors();
  }

  private static Exception portTaken(Exception failure, String port, String fix) {
    return StartupFailure.portTaken(failure) ? new StartupFailure(port + " is already in use", fix, failure) : failure;
  }
}
