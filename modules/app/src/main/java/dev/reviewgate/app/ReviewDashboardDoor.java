package dev.reviewgate.app;

import dev.reviewgate.core.net.Loopback;
import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.http.HttpOptions;
import dev.reviewgate.http.HttpServerVerticle;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.review.ReviewOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The second door of a stdio process: an agent starts its own {@code reviewgate stdio}, and the person must reach
 * that same process to review. So while the review tools are enabled, stdio mode also serves the dashboard and the
 * event-bus bridge (no {@code /mcp}) on loopback, at {@code review.dashboardHost}:{@code review.dashboardPort}. With
 * port 0 it first takes the port its review store's dashboard had last time ({@link DashboardPorts}), so that a
 * restarted agent's dashboard keeps its address. When the port is taken (e.g. by another agent's process) it takes a
 * free one and says so on stderr.
 */
final class ReviewDashboardDoor {

  private ReviewDashboardDoor() {
  }

  /**
   * Opens the door when reviews are enabled, without holding up the stdio session (which starts at once); a failure
   * costs the dashboard, never the session.
   */
  static Future<Void> open(Vertx vertx, ReviewgateConfig config, ToolCatalog catalog, PrintStream err) {
    ReviewOptions review = ReviewOptions.from(config, Backends.workingDirectory());
    if (!review.enabled()) {
      return Future.succeededFuture();
    }
    HttpOptions options;
    try {
      options = HttpOptions.from(config.section("http"), System.getenv())
        .withAddress(review.dashboardHost(), review.dashboardPort());
    } catch (RuntimeException noSecret) {
      // e.g. the state directory cannot be written: the person could not sign in, so there is no dashboard
      err.println("reviewgate: the review dashboard could not start (" + noSecret.getMessage() + "); review tools "
        + "still work, but their results carry no dashboard link");
      return Future.succeededFuture();
    }
    DashboardPorts ports = new DashboardPorts(UserSecret.stateDirectory(System.getenv()));
    Path store = review.resolvedStorageDir();
    int configured = options.port();
    int first = configured != 0 ? configured : ports.last(store).orElse(0);
    String taken = configured != 0 ? "port " + configured + " is taken (another reviewgate process?)"
      : "port " + first + " of its last start is taken (another reviewgate process?)";
    return listen(vertx, options.withAddress(options.host(), first), catalog)
      .map(port -> report(err, options.host(), port, null, review))
      .recover(failure -> first == 0
        ? Future.failedFuture(failure)
        : listen(vertx, options.withAddress(options.host(), 0), catalog)
          .map(port -> report(err, options.host(), port, taken, review)))
      .map(port -> {
        if (configured == 0) {
          ports.remember(store, port);
        }
        return (Void) null;
      })
      .recover(failure -> {
        err.println("reviewgate: the review dashboard could not start (" + rootMessage(failure) + "); review tools "
          + "still work, but their results carry no dashboard link");
        return Future.succeededFuture();
      });
  }

  private static Future<Integer> listen(Vertx vertx, HttpOptions options, ToolCatalog catalog) {
    HttpServerVerticle server = new HttpServerVerticle(options, catalog, new DeploymentHealth(options.health()), null, null);
    return vertx.deployVerticle(server).map(id -> server.actualPort());
  }

  /** Says where the dashboard is, and records it for {@code reviewgate open}, which signs the person in. */
  private static int report(PrintStream err, String host, int port, String why, ReviewOptions review) {
    String page = "http://" + Loopback.forUrl(host) + ":" + port + "/review/";
    err.println("reviewgate: review dashboard at " + page + (why == null ? "" : " (" + why + ")")
      + "; sign in with 'reviewgate open'");
    new DashboardRegistry(UserSecret.stateDirectory(System.getenv())).register(page, "stdio", review.resolvedStorageDir());
    return port;
  }

  private static String rootMessage(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return String.valueOf(cause.getMessage());
  }
}
