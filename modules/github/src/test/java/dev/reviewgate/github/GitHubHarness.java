package dev.reviewgate.github;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A fake GitHub plus a deployed {@link GitHubVerticle} pointed at it, with fast waits so that retry tests do not sleep
 * for real rate-limit durations. Tools are called over the event bus, as every front-end does.
 */
final class GitHubHarness {

  static final String TOKEN = "ghp_TestOnlySecret0123456789abcdefXYZ";
  static final String TOKEN_ENV = "REVIEWGATE_TEST_GH_TOKEN";

  final Vertx vertx;
  final FakeGitHub fake;
  final GitHubOptions options;
  private String deployment;
  private String routerDeployment;

  private GitHubHarness(Vertx vertx, FakeGitHub fake, GitHubOptions options) {
    this.vertx = vertx;
    this.fake = fake;
    this.options = options;
  }

  /** Fast defaults for tests, merged over config/reviewgate.json, then {@code overrides}. */
  static JsonObject testSection(String apiUrl, JsonObject overrides) {
    return ReviewgateConfig.defaults().section("github").copy()
      .put("apiUrl", apiUrl)
      .put("tokenEnv", TOKEN_ENV)
      .put("timeoutMs", 5_000)
      .put("retryBaseDelayMs", 5)
      .put("secondaryMinWaitMs", 20)
      .put("maxRateLimitWaitMs", 5_000)
      .put("writeSpacingMs", 0)
      .put("mergeablePollIntervalMs", 10)
      .mergeIn(overrides);
  }

  static Future<GitHubHarness> start(Vertx vertx, JsonObject overrides, boolean withToken) {
    // A working directory without a repository: defaults must come from arguments in these tests.
    return start(vertx, overrides, withToken, Path.of("/"));
  }

  static Future<GitHubHarness> start(Vertx vertx, JsonObject overrides, boolean withToken, Path workingDirectory) {
    return start(vertx, overrides, withToken, workingDirectory, new JsonObject());
  }

  /** @param topLevel configuration outside the github section, e.g. {@code requestTimeoutMs} or {@code mcp.toolTimeoutsMs} */
  static Future<GitHubHarness> start(Vertx vertx, JsonObject overrides, boolean withToken, Path workingDirectory, JsonObject topLevel) {
    return FakeGitHub.start(vertx).compose(fake -> {
      JsonObject section = testSection(fake.url(), overrides);
      Map<String, String> env = new HashMap<>();
      if (withToken) {
        env.put(TOKEN_ENV, TOKEN);
      }
      ReviewgateConfig config = ReviewgateConfig.defaults().merge(topLevel).merge(new JsonObject().put("github", section));
      GitHubOptions options = GitHubOptions.from(section, env::get);
      GitHubHarness harness = new GitHubHarness(vertx, fake, options);
      return vertx.deployVerticle(new GitHubVerticle(GitHubBackendOptions.from(config, env::get, workingDirectory), ToolCatalog.standard()))
        .compose(id -> {
          harness.deployment = id;
          // the router of the forge-neutral review-thread tools, as the deployment table adds it beside a forge
          return vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(config), ToolCatalog.standard()));
        })
        .map(router -> {
          harness.routerDeployment = router;
          return harness;
        });
    });
  }

  static Future<GitHubHarness> start(Vertx vertx) {
    return start(vertx, new JsonObject(), true);
  }

  /** Calls a tool over the bus; every successful reply is checked against the tool's output schema in the catalog. */
  Future<JsonObject> call(String address, JsonObject args) {
    return call(address, args, 20_000);
  }

  /** @param timeoutMs the bus timeout, as a front-end would apply it */
  Future<JsonObject> call(String address, JsonObject args, long timeoutMs) {
    return BusRequests.request(vertx.eventBus(), address, args, timeoutMs).map(reply -> BusCalls.fitsOutputSchema(address, reply));
  }

  Future<Void> stop() {
    return vertx.undeploy(routerDeployment).compose(v -> vertx.undeploy(deployment)).compose(v -> fake.stop());
  }
}
