package dev.reviewgate.app;

import dev.reviewgate.conformance.ConformanceTools;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.mcp.McpOptions;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.StrangerPolicy;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.function.Supplier;

/** The one MCP server of a process, shared by the stdio and HTTP transports. */
final class McpServers {

  private McpServers() {
  }

  static McpServer create(Vertx vertx, ReviewgateConfig config) {
    return create(vertx, config, Future.succeededFuture());
  }

  /** @param backends completes when the backends are deployed; calls that need them wait for it */
  static McpServer create(Vertx vertx, ReviewgateConfig config, Future<?> backends) {
    return create(vertx, config, () -> backends);
  }

  /** @param backends starts the backends on first use and returns the same future each time */
  static McpServer create(Vertx vertx, ReviewgateConfig config, Supplier<Future<?>> backends) {
    return create(vertx, config, backends, null);
  }

  /**
   * @param backends starts the backends on first use and returns the same future each time
   * @param byAddress for a tool's address, the future of the backend serving it, or null to wait for all (see
   *                  {@link McpServer.Builder#toolReadiness})
   */
  static McpServer create(Vertx vertx, ReviewgateConfig config, Supplier<Future<?>> backends,
                          java.util.function.Function<String, Future<?>> byAddress) {
    McpOptions options = McpOptions.from(config);
    ToolCatalog catalog = ToolCatalog.standard();
    McpServer.Builder builder = McpServer.builder(vertx, catalog).options(options).strangerPolicy(StrangerPolicy.from(config))
      .readiness(backends)
      .toolSelection(SetupToolsets.ofThisProcess(catalog, config))
      .durableTasksOnBus();
    if (byAddress != null) {
      builder.toolReadiness(byAddress);
    }
    if (options.conformanceTools()) {
      // The conformance suite's fixture tools: a separate toolset, off by default, never shown to real users.
      ConformanceTools.register(builder);
    }
    return builder.build();
  }
}
