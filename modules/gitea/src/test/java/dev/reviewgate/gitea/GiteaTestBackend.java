package dev.reviewgate.gitea;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;

/** Deploys the Gitea backend of the tests against a fake at {@code url}, as the launcher would from the environment. */
final class GiteaTestBackend {

  private GiteaTestBackend() {
  }

  /** @param token the token in GITEA_TOKEN, or null for none; returns the deployment id */
  static String deploy(Vertx vertx, String url, String token) {
    return deploy(vertx, url, token, new JsonObject());
  }

  /** As {@link #deploy(Vertx, String, String)}, with {@code over} merged into the configuration. */
  static String deploy(Vertx vertx, String url, String token, JsonObject over) {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("gitea", new JsonObject()
      .put("retryBaseDelayMs", 10))).merge(over);
    Map<String, String> env = new HashMap<>();
    env.put("GITEA_URL", url);
    if (token != null) {
      env.put("GITEA_TOKEN", token);
    }
    return Await.result(vertx.deployVerticle(new GiteaVerticle(GiteaBackendOptions.from(config, env::get), ToolCatalog.standard())));
  }
}
