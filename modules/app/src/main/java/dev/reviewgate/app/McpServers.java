package dev.reviewgate.app;

import dev.reviewgate.cluster.ClusterOptions;
import dev.reviewgate.conformance.ConformanceTools;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.RepoPaths;
import dev.reviewgate.git.RepoRegistry;
import dev.reviewgate.mcp.McpOptions;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.StrangerPolicy;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Optional;
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
    noRepository(config).ifPresent(warning -> {
      // Said at start to whoever reads the log, and to the agent in its instructions, not first at a failed call.
      System.err.println("reviewgate: " + warning);
      builder.warning(warning);
    });
    if (options.conformanceTools()) {
      // The conformance suite's fixture tools: a separate toolset, off by default, never shown to real users.
      ConformanceTools.register(builder);
    }
    return builder.build();
  }

  /** Why this process's git backend serves no repository; empty when it serves one or git runs on other nodes. */
  static Optional<String> noRepository(ReviewgateConfig config) {
    if (!ClusterOptions.from(config.section("cluster"), Backends.ROLES).serves("git")) {
      return Optional.empty();
    }
    return RepoPaths.noneServed(RepoRegistry.configured(config.json().getJsonObject("repos")), Backends.workingDirectory());
  }
}
