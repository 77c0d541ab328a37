package dev.reviewgate.app;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.transport.StdioTransport;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.util.logging.Level;
import java.util.logging.Logger;

/** {@code reviewgate stdio}: MCP over stdin/stdout until end of input, then exit 0. */
final class StdioCommand {

  private static final Logger LOG = Logger.getLogger(StdioCommand.class.getName());

  private StdioCommand() {
  }

  /**
   * @param protocolOut the real stdout; by now {@code System.out} points at stderr so that nothing but protocol
   *                    messages can reach this stream
   */
  static int run(ReviewgateConfig config, OutputStream protocolOut) throws Exception {
    // Answer the handshake while the backends deploy; calls that need them wait (McpServer readiness).
    // The dashboard is served from the jar's resources, which needs Vert.x's class-path resolution.
    boolean reviews = config.section("review").getBoolean("enabled", true);
    Vertx vertx = VertxRuntime.create(reviews);
    Future<Void> backends = Backends.deploy(vertx, config)
      .onFailure(failure -> LOG.log(Level.SEVERE, "backends did not start; tool calls will fail", failure));
    McpServer server = McpServers.create(vertx, config, backends);
    // The person's door opens beside the protocol, so the handshake never waits for the HTTP server.
    ReviewDashboardDoor.open(vertx, config, server.catalog(), System.err);
    StdioTransport transport = new StdioTransport(server, System.in, protocolOut);
    transport.start().toCompletionStage().toCompletableFuture().join();
    VertxRuntime.close(vertx);
    return 0;
  }

  /** Takes stdout for the protocol and sends every other write to it (libraries, stray prints) to stderr. */
  static OutputStream claimStdout() {
    OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    System.setOut(System.err);
    return out;
  }
}
