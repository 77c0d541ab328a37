package dev.reviewgate.app;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.http.HttpOptions;
import dev.reviewgate.http.HttpServerVerticle;
import dev.reviewgate.http.ops.DeploymentHealth;
import dev.reviewgate.review.DraftApprovalVerticle;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.review.ReviewVerticle;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The dashboard's whole back end in one Vert.x, as the browser tests drive it: the git tools on a repository, the
 * review and draft services, and the HTTP server with the bridge and the page. The HTTP server can be restarted on
 * the same port (the page must reconnect by itself).
 */
final class DashboardServer implements AutoCloseable {

  final Vertx vertx;
  private final HttpOptions http;
  private String httpDeployment;
  private int port;

  private DashboardServer(Vertx vertx, HttpOptions http) {
    this.vertx = vertx;
    this.http = http;
  }

  /** Starts everything on a free loopback port; {@code before} runs before the HTTP server starts (stand-ins). */
  static DashboardServer start(Path repoDir, Path storeDir, java.util.function.Function<Vertx, Future<?>> before)
      throws Exception {
    Vertx vertx = Vertx.builder().with(new VertxOptions().setFileSystemOptions(new FileSystemOptions()
      .setClassPathResolvingEnabled(true))).build();
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("review",
      new JsonObject().put("storageDir", storeDir.toString())));
    DashboardServer server = new DashboardServer(vertx,
      HttpOptions.from(config.section("http"), System.getenv()).withAddress("127.0.0.1", 0));
    await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(ReviewgateConfig.defaults(), repoDir), ToolCatalog.standard())));
    ReviewOptions review = ReviewOptions.from(config.section("review"), repoDir);
    await(vertx.deployVerticle(new ReviewVerticle(review, ToolCatalog.standard())));
    await(vertx.deployVerticle(new DraftApprovalVerticle(review, ToolCatalog.standard())));
    await(before.apply(vertx));
    server.startHttp(server.http);
    return server;
  }

  private void startHttp(HttpOptions options) throws Exception {
    HttpServerVerticle verticle = new HttpServerVerticle(options, ToolCatalog.standard(),
      new DeploymentHealth(options.health()), null, null);
    httpDeployment = await(vertx.deployVerticle(verticle));
    String page = dev.reviewgate.core.DashboardLocation.lookup(vertx);
    port = java.net.URI.create(page).getPort();
  }

  int port() {
    return port;
  }

  /** Stops the HTTP server (every bridge connection drops; its sessions are gone) and starts it on the same port. */
  void restartHttp() throws Exception {
    await(vertx.undeploy(httpDeployment));
    startHttp(http.withAddress("127.0.0.1", port));
  }

  /** A request on the bus as the person (the dashboard's caller). */
  Future<JsonObject> send(String address, JsonObject args) {
    return BusRequests.request(vertx.eventBus(), address, args,
      Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(60_000)));
  }

  JsonObject call(String address, JsonObject args) throws Exception {
    return await(send(address, args));
  }

  static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws Exception {
    await(vertx.close());
  }
}
