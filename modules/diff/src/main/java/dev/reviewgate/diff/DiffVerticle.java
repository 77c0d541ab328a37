package dev.reviewgate.diff;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.bus.ToolEndpoint;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.nio.charset.StandardCharsets;

/**
 * Serves {@code diff_parse} ({@code reviewgate.diff.parse}) for callers that hold diff text. The text arrives as
 * the {@code diff} string argument and is parsed from its UTF-8 encoding, so a diff whose bytes are not UTF-8 is
 * only exact through the in-process {@link DiffEngine#parse(byte[])}. Parsing runs on a worker thread: a large
 * diff must not hold the event loop.
 */
public final class DiffVerticle extends VerticleBase {

  private final ToolCatalog catalog;
  private final DiffEngine engine;

  public DiffVerticle(DiffOptions options, ToolCatalog catalog) {
    this.catalog = catalog;
    this.engine = new DiffEngine(options);
  }

  @Override
  public Future<?> start() {
    return ToolEndpoint.serve(vertx, catalog, "diff_parse", args -> vertx.executeBlocking(() ->
      engine.parseAndShape(args.getString("diff").getBytes(StandardCharsets.UTF_8), args), false));
  }
}
