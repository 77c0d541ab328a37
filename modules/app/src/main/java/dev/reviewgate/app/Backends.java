package dev.reviewgate.app;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.DiffVerticle;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.github.GitHubVerticle;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.review.ReviewVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The backend verticles every front-end talks to, deployed into one Vert.x. This list is the one place that says
 * which backends exist; each reads its own section of the configuration.
 */
final class Backends {

  /** One backend: how to build it from the configuration (null when the configuration switches it off). */
  private record Backend(String name, Function<ReviewgateConfig, io.vertx.core.Deployable> factory) {
  }

  private static final List<Backend> ALL = List.of(
    new Backend("DiffVerticle", config -> new DiffVerticle(ToolCatalog.standard(), new DiffEngine(config.section("diff")))),
    // The default repository is the git repository of the working directory the process was started in.
    new Backend("GitVerticle", config -> new GitVerticle(config, ToolCatalog.standard(), Path.of("").toAbsolutePath())),
    new Backend("ReviewVerticle", config -> config.section("review").getBoolean("enabled", true)
      ? new ReviewVerticle(ReviewOptions.from(config), ToolCatalog.standard(), Path.of(""))
      : null),
    new Backend("GitHubVerticle", config -> new GitHubVerticle(config, ToolCatalog.standard())));

  private Backends() {
  }

  /** Deploys every backend; fails with the first failure. */
  static Future<Void> deploy(Vertx vertx, ReviewgateConfig config) {
    return deploy(vertx, config, (name, deployment) -> { });
  }

  /** Deploys every backend, telling {@code observer} of each deployment (name, future deployment id). */
  static Future<Void> deploy(Vertx vertx, ReviewgateConfig config, BiConsumer<String, Future<String>> observer) {
    Future<Void> chain = Future.succeededFuture();
    for (Backend backend : ALL) {
      io.vertx.core.Deployable verticle = backend.factory().apply(config);
      if (verticle == null) {
        continue;
      }
      chain = chain.compose(v -> observe(observer, backend.name(), vertx.deployVerticle(verticle,
          new DeploymentOptions().setConfig(config.json())))
        .recover(failure -> Future.failedFuture(new IllegalStateException(backend.name() + " did not start: " + failure.getMessage(), failure)))
        .mapEmpty());
    }
    return chain;
  }

  private static Future<String> observe(BiConsumer<String, Future<String>> observer, String name, Future<String> deployment) {
    observer.accept(name, deployment);
    return deployment;
  }
}
