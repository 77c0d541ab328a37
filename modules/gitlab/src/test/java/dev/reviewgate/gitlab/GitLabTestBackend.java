package dev.reviewgate.gitlab;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.Map;

/** Deploys the GitLab backend of the tests against a double at {@code url}, as the launcher would from the environment. */
final class GitLabTestBackend {

  private GitLabTestBackend() {
  }

  /** @param token the token in GITLAB_TOKEN, or null for none; returns the deployment id */
  static String deploy(Vertx vertx, String url, String token) {
    return deploy(vertx, url, token, new JsonObject());
  }

  /** @param gitlab keys of the gitlab section over the test's defaults */
  static String deploy(Vertx vertx, String url, String token, JsonObject gitlab) {
    return deploy(vertx, url, token, gitlab, new JsonObject());
  }

  /** @param diff keys of the diff section over the defaults (the engine's: budgets, limits) */
  static String deploy(Vertx vertx, String url, String token, JsonObject gitlab, JsonObject diff) {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("gitlab", new JsonObject()
      .put("retryBaseDelayMs", 10).mergeIn(gitlab)).put("diff", diff));
    Map<String, String> env = new HashMap<>();
    env.put("GITLAB_URL", url);
    if (token != null) {
      env.put("GITLAB_TOKEN", token);
    }
    return Await.result(vertx.deployVerticle(new GitLabVerticle(GitLabBackendOptions.from(config, env::get), ToolCatalog.standard())));
  }
}
