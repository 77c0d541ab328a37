package dev.reviewgate.app;

import dev.reviewgate.core.config.ReviewgateConfig;
import java.io.PrintStream;

/**
 * {@code reviewgate serve}: the HTTP front-ends (MCP Streamable HTTP, dashboard, event-bus bridge). Starts the
 * same runtime as the other commands ({@link VertxRuntime#start}, {@link McpServers#create}); the HTTP transport
 * plugs in here.
 */
final class ServeCommand {

  private ServeCommand() {
  }

  static int run(ReviewgateConfig config, PrintStream err) {
    err.println("reviewgate: serve is not available in this build yet; use 'reviewgate stdio' for MCP clients.");
    return 2;
  }
}
