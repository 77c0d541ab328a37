package dev.reviewgate.app;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.mcp.McpOptions;
import dev.reviewgate.mcp.McpServer;
import io.vertx.core.Vertx;

/** The one MCP server of a process, shared by the stdio and HTTP transports. */
final class McpServers {

  private McpServers() {
  }

  static McpServer create(Vertx vertx, ReviewgateConfig config) {
    McpServer.Builder builder = McpServer.builder(vertx, ToolCatalog.standard()).options(McpOptions.from(config));
    // The conformance fixture tools (mcp.conformanceTools, off by default) are registered here as local tools.
    return builder.build();
  }
}
