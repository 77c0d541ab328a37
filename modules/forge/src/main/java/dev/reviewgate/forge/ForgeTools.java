package dev.reviewgate.forge;

import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ToolTimeouts;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.function.BiFunction;
import java.util.function.LongFunction;

/** How every forge verticle serves a tool. */
public final class ForgeTools {

  private ForgeTools() {
  }

  /**
   * Serves {@code tool}; each call gets the forge client bound to its caller's deadline (the tool's timeout from now),
   * so that no forge request or wait outlives the caller, reads and writes alike.
   *
   * @param timeouts    the callers' time limits ({@code mcp.toolTimeoutsMs} over {@code requestTimeoutMs})
   * @param clientUntil the forge client viewed with a deadline (epoch ms)
   */
  public static <C> Future<Void> serve(Vertx vertx, ToolCatalog catalog, ToolTimeouts timeouts, String tool,
                                       LongFunction<C> clientUntil, BiFunction<C, JsonObject, Future<JsonObject>> handler) {
    long patienceMs = timeouts.of(tool);
    return ToolEndpoint.serve(vertx, catalog, tool,
      args -> handler.apply(clientUntil.apply(System.currentTimeMillis() + patienceMs), args));
  }
}
