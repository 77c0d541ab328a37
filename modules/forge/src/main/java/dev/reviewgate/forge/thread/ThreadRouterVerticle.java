package dev.reviewgate.forge.thread;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * The review-thread tools' router ({@link ThreadTools#route}) as a backend of its own: one per node that has a forge
 * role, so each tool address has one consumer per node whichever forges the node serves.
 */
public final class ThreadRouterVerticle extends VerticleBase {

  private final ReviewgateConfig config;
  private final ToolCatalog catalog;

  public ThreadRouterVerticle(ReviewgateConfig config, ToolCatalog catalog) {
    this.config = config;
    this.catalog = catalog;
  }

  @Override
  public Future<?> start() {
    return ThreadTools.route(vertx, catalog, config);
  }
}
