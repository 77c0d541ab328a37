package dev.reviewgate.app;

import dev.reviewgate.cluster.ClusterOptions;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.RepoPaths;
import dev.reviewgate.git.ReposAhead;
import dev.reviewgate.mcp.McpOptions;
import dev.reviewgate.review.ReviewOptions;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;

/** {@code reviewgate stdio}: MCP over stdin/stdout until end of input, then exit 0. */
final class StdioCommand {

  private StdioCommand() {
  }

  /**
   * @param protocolOut the real stdout; by now {@code System.out} points at stderr so that nothing but protocol
   *                    messages can reach this stream
   */
  static int run(ReviewgateConfig config, OutputStream protocolOut) throws Exception {
    return run(config, System.in, protocolOut);
  }

  /** As {@link #run(ReviewgateConfig, OutputStream)}, reading the client's messages from {@code protocolIn}. */
  static int run(ReviewgateConfig config, InputStream protocolIn, OutputStream protocolOut) throws Exception {
    // The dashboard is served from the jar's resources, which needs Vert.x's class-path resolution.
    boolean reviews = ReviewOptions.from(config, Backends.workingDirectory()).enabled();
    ClusterOptions cluster = ClusterOptions.from(config.section("cluster"), Backends.ROLES);
    if (!cluster.serves(ClusterOptions.FRONT)) {
      throw new IllegalArgumentException("stdio is a front-end: its --roles must include front (e.g. --roles front "
        + "to use a cluster's backends, or front,git to serve git here too)");
    }
    Runnable openRepositories = () -> { };
    if (cluster.serves("git")) {
      // Before the handshake: a client must see a mistyped --repo as a process that refused to start.
      GitBackendOptions git = GitBackendOptions.from(config, Backends.workingDirectory());
      RepoPaths.check(git.repos());
      openRepositories = () -> ReposAhead.open(git);
    }
    Node node = VertxRuntime.create(config, reviews, McpOptions.from(config).stdioEventLoops());
    return new StdioSession(config, node).serve(protocolIn, protocolOut, openRepositories);
  }

  /** Takes stdout for the protocol and sends every other write to it (libraries, stray prints) to stderr. */
  static OutputStream claimStdout() {
    OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    System.setOut(System.err);
    return out;
  }
}
