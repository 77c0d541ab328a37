package dev.reviewgate.bitbucket;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/** Deploys the Bitbucket backend of the tests against a fake, as the launcher would from the environment. */
final class BitbucketTestBackend {

  private BitbucketTestBackend() {
  }

  /** @param env BITBUCKET_URL, BITBUCKET_FLAVOR, BITBUCKET_TOKEN, BITBUCKET_EMAIL as the test sets them; the deployment id */
  static String deploy(Vertx vertx, Map<String, String> env) {
    return deploy(vertx, env, new JsonObject());
  }

  /** As {@link #deploy(Vertx, Map)}, with {@code over} merged into the configuration. */
  static String deploy(Vertx vertx, Map<String, String> env, JsonObject over) {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("bitbucket", new JsonObject()
      .put("retryBaseDelayMs", 10))).merge(over);
    return Await.result(vertx.deployVerticle(new BitbucketVerticle(BitbucketBackendOptions.from(config, env::get),
      ToolCatalog.standard())));
  }
}
