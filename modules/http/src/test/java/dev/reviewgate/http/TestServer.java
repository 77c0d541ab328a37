package dev.reviewgate.http;

import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.http.ops.DeploymentHealth;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A real server on a free loopback port with two test tools served through the real {@link ToolEndpoint}. */
final class TestServer {

  static final ToolCatalog CATALOG = ToolCatalog.standard()
    .with(List.of(tool("echo_bridge"), tool("hidden_mcp_only"), tool("person_bridge"), tool("hold_bridge"),
      tool("big_bridge")));

  /** The token the test servers ask for. */
  static final String TOKEN = "test-token";

  static HttpOptions options() {
    return HttpOptions.from(ReviewgateConfig.defaults().section("http"), System.getenv()).withAddress("127.0.0.1", 0)
      .withToken(TOKEN);
  }

  /** Deploys the echo tools and the server; completes with the bound port. */
  static Future<Integer> start(Vertx vertx, HttpOptions options, Function<Vertx, Handler<RoutingContext>> mcp) {
    DeploymentHealth health = new DeploymentHealth(options.health());
    HttpServerVerticle server = new HttpServerVerticle(options, CATALOG, health, null, mcp);
    return Future.all(
        ToolEndpoint.serve(vertx, CATALOG, "echo_bridge", args -> Future.succeededFuture(new JsonObject().put("echo", args.getString("text")))),
        ToolEndpoint.serve(vertx, CATALOG, "hidden_mcp_only", args -> Future.succeededFuture(new JsonObject().put("secret", true))),
        ToolEndpoint.serve(vertx, CATALOG, "big_bridge", args -> Future.succeededFuture(new JsonObject()
          .put("padding", "p".repeat(args.getInteger("size"))))),
        ToolEndpoint.serve(vertx, CATALOG, "person_bridge", (args, call) -> Future.succeededFuture(new JsonObject()
          .put("callId", call.callId()).put("progressAddress", call.progressAddress()))))
      .compose(v -> health.track("HttpServerVerticle", vertx.deployVerticle(server)))
      .map(id -> server.actualPort());
  }

  private static dev.reviewgate.core.catalog.Tool tool(String name) {
    try (InputStream in = TestServer.class.getClassLoader().getResourceAsStream("testtools/" + name + ".json")) {
      return ToolCatalog.parseTool(TestServer.class.getClassLoader(), new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private TestServer() {
  }
}
