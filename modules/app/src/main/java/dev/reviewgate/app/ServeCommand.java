package dev.reviewgate.app;

import dev.reviewgate.http.security.Loopback;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.http.HttpOptions;
import dev.reviewgate.http.HttpServerVerticle;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.http.ops.HttpMetrics;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.transport.http.HttpTransport;
import dev.reviewgate.mcp.transport.http.HttpTransportOptions;
import io.vertx.core.Vertx;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/**
 * {@code reviewgate serve}: the backends, then one HTTP server with {@code /mcp} (both MCP eras), the event-bus
 * bridge, {@code /health} and {@code /metrics}. Runs until the process is stopped; the chosen address is printed on
 * stderr (useful with {@code --port 0}).
 */
final class ServeCommand {

  private ServeCommand() {
  }

  static int run(ReviewgateConfig config, PrintStream err) throws Exception {
    HttpOptions options = HttpOptions.from(config.section("http"), System.getenv());
    HttpTransportOptions transportOptions = HttpTransportOptions.from(config.section("http"));
    DeploymentHealth health = new DeploymentHealth();
    HttpMetrics metrics = new HttpMetrics();
    Vertx vertx = VertxRuntime.start(config, true, metrics::install, health::track);
    McpServer mcp = McpServers.create(vertx, config);
    HttpTransport[] transport = new HttpTransport[1];
    HttpServerVerticle server = new HttpServerVerticle(options, mcp.catalog(), health, metrics,
      v -> transport[0] = new HttpTransport(v, mcp, transportOptions));
    try {
      VertxRuntime.await(health.track("HttpServerVerticle", vertx.deployVerticle(server)), config.startTimeoutMs());
    } catch (Exception e) {
      VertxRuntime.close(vertx);
      Throwable cause = e.getCause() == null ? e : e.getCause();
      err.println("reviewgate: " + cause.getMessage());
      return 1;
    }
    String host = Loopback.forUrl(options.host());
    err.println("reviewgate: serving http://" + host + ":" + server.actualPort() + "/mcp"
      + (options.token().isPresent() ? " (bearer token required)" : ""));
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
}
