package dev.reviewgate.http.ops;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code /health} (both views), {@code /health/live} and {@code /health/ready}: 200 when the check holds, 503
 * otherwise, with the state of each verticle in the body. No paths, versions or stack traces are disclosed.
 */
public final class HealthRoutes {

  private HealthRoutes() {
  }

  public static void mount(Router router, DeploymentHealth health) {
    router.get("/health/live").handler(ctx -> reply(ctx, true, new JsonObject().put("status", "UP")));
    router.get("/health/ready").handler(ctx -> reply(ctx, health.ready(), readiness(health)));
    router.get("/health").handler(ctx -> health.sectionsJson(ctx.vertx()).onComplete(sections -> reply(ctx, health.ready(),
      new JsonObject()
        .put("status", health.ready() ? "UP" : "DOWN")
        .put("liveness", new JsonObject().put("status", "UP"))
        .put("readiness", readiness(health))
        .mergeIn(sections.succeeded() ? sections.result() : new JsonObject()))));
  }

  private static JsonObject readiness(DeploymentHealth health) {
    return new JsonObject().put("status", health.ready() ? "UP" : "DOWN").put("verticles", health.verticlesJson());
  }

  private static void reply(RoutingContext ctx, boolean ok, JsonObject body) {
    ctx.response().setStatusCode(ok ? 200 : 503).putHeader("Content-Type", "application/json")
      .putHeader("Cache-Control", "no-store").end(body.encode());
  }
}
