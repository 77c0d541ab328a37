package dev.reviewgate.app;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.dashboard.HttpOptions;
import dev.reviewgate.dashboard.HttpServerVerticle;
import dev.reviewgate.dashboard.ops.DeploymentHealth;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.PrintStream;

/**
 * The second door of a stdio process: an agent starts its own {@code reviewgate stdio}, and the person must reach
 * that same process to review. So while the review tools are enabled, stdio mode also serves the dashboard and the
 * event-bus bridge (no {@code /mcp}) on loopback, at {@code review.dashboardHost}:{@code review.dashboardPort}. When
 * that port is taken (e.g. by another agent's process) it takes a free one and says so on stderr.
 */
final class ReviewDashboardDoor {

  private ReviewDashboardDoor() {
  }

  /** Opens the door when reviews are enabled; a failure costs the dashboard, never the stdio session. */
  static void open(Vertx vertx, ReviewgateConfig config, ToolCatalog catalog, PrintStream err) {
    JsonObject review = config.section("review");
    if (!review.getBoolean("enabled", true)) {
      return;
    }
    HttpOptions options = HttpOptions.from(config.section("http"), System.getenv())
      .withAddress(review.getString("dashboardHost"), review.getInteger("dashboardPort"));
    try {
      int port = listen(vertx, options, catalog);
      report(err, options.host(), port, null);
    } catch (Exception first) {
      if (options.port() == 0) {
        err.println("reviewgate: the review dashboard could not start (" + rootMessage(first) + "); review tools "
          + "still work, but their results carry no dashboard link");
        return;
      }
      try {
        int port = listen(vertx, options.withAddress(options.host(), 0), catalog);
        report(err, options.host(), port, "port " + options.port() + " is taken (another reviewgate process?)");
      } catch (Exception second) {
        err.println("reviewgate: the review dashboard could not start (" + rootMessage(second) + ")");
      }
    }
  }

  private static int listen(Vertx vertx, HttpOptions options, ToolCatalog catalog) throws Exception {
    HttpServerVerticle server = new HttpServerVerticle(options, catalog, new DeploymentHealth(), null, null);
    VertxRuntime.await(vertx.deployVerticle(server), 30_000);
    return server.actualPort();
  }

  private static void report(PrintStream err, String host, int port, String why) {
    String shown = host.contains(":") ? "[" + host + "]" : host;
    err.println("reviewgate: review dashboard at http://" + shown + ":" + port + "/review/"
      + (why == null ? "" : " (" + why + ")"));
  }

  private static String rootMessage(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return String.valueOf(cause.getMessage());
  }
}
