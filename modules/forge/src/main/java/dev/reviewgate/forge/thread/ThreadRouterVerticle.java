package dev.reviewgate.forge.thread;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ToolTimeouts;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * The review-thread tools' router ({@link ThreadTools#route}) as a backend of its own: one per node that has a forge
 * role, so each tool address has one consumer per node whichever forges the node serves.
 */
public final class ThreadRouterVerticle extends VerticleBase {

  private final ToolTimeouts timeouts;
  private final ToolCatalog catalog;

  /** @param timeouts the callers' time limits, which the router gives each forge in turn */
  public ThreadRouterVerticle(ToolTimeouts timeouts, ToolCatalog catalog) {
    this.timeouts = timeouts;
    this.catalog = catalog;
  }

  @Override
  public Future<?> start() {
    return ThreadTools.route(vertx, catalog, timeouts);
  }
}
