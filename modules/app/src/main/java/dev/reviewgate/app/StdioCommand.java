package dev.reviewgate.app;

import dev.reviewgate.cluster.ClusterOptions;
import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.StartupFailure;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.RepoPaths;
import dev.reviewgate.git.ReposAhead;
import dev.reviewgate.mcp.McpOptions;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.mcp.transport.StdioTransport;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
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
    return run(config, System.in, protocolOut);
  }

  /** As {@link #run(ReviewgateConfig, OutputStream)}, reading the client's messages from {@code protocolIn}. */
  static int run(ReviewgateConfig config, java.io.InputStream protocolIn, OutputStream protocolOut) throws Exception {
    // The handshake comes first: the backends start once the first answer has been written, when the first request
    // that needs them arrives, or mcp.startBackendsAfterMs after start, whichever is soonest (on a 2-core machine they
    // would otherwise compete with the first answer for the CPU); git's first, the rest when the client is idle (see
    // restTurn). Calls that need them wait (McpServer readiness).
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
    Vertx vertx = node.vertx();
    AtomicReference<Future<Void>> backends = new AtomicReference<>();
    AtomicReference<McpServer> built = new AtomicReference<>();
    AtomicReference<StdioTransport> transport = new AtomicReference<>();
    Promise<Integer> warmedUp = Promise.promise();
    AtomicBoolean closing = new AtomicBoolean();
    Promise<Void> doorSettled = Promise.promise();
    Promise<Void> refused = Promise.promise();
    // Git tools wait only for the git backend (deployed second, after the diff backend), not for the reviews and
    // forges deployed after it: a fresh process's first git_diff, 4 interleaved runs, median 370 -> 341 ms.
    Promise<Void> gitServed = Promise.promise();
    // Where git is served here, unclustered, the rest (reviews, forges, the dashboard door) start after git, each once
    // the client has had nothing in flight for a pause of its own (Backends.deploy asks before each), or at once when a
    // request needs them. Started with git, the review backend's start held the one event loop ~45 ms while a fresh
    // process's first git call waited to reach the git backend; started all in a client's first gap (about 0.25 s of
    // both cores) they slowed its next calls to 80-330 ms; one per pause, a fresh process's second range of tmux (3.2
    // MB) asked 0.1-0.3 s after the first takes 90-120 ms against 111-274 (docs/benchmarks.md, thirteenth session).
    boolean gitFirst = !node.clustered() && node.backendRoles().contains("git");
    AtomicBoolean restNeeded = new AtomicBoolean(!gitFirst);
    // Fails once the client has gone without having needed them: they never start then.
    Supplier<Future<?>> restTurn = () -> restNeeded.get() ? Future.succeededFuture()
      : ClientIdle.after(vertx, () -> transport.get() != null && transport.get().busy(),
          () -> closing.get() || restNeeded.get(), ClientIdle.PAUSE_MS, ClientIdle.POLL_MS)
        .compose(idle -> idle || restNeeded.get() ? Future.succeededFuture()
          : Future.failedFuture("the client's input ended"));
    Supplier<Future<?>> startBackends = () -> {
      Future<Void> started = backends.get();
      if (started != null) {
        return started;
      }
      Promise<Void> promise = Promise.promise();
      if (closing.get() || !backends.compareAndSet(null, promise.future())) {
        return closing.get() ? Future.failedFuture("the client's input ended") : backends.get();
      }
      Backends.deploy(node, config, (name, deployment) -> {
        if ("GitVerticle".equals(name)) {
          deployment.onSuccess(id -> gitServed.tryComplete());
        }
      }, restTurn)
        .andThen(done -> {
          if (done.succeeded()) {
            gitServed.tryComplete();
          } else {
            gitServed.tryFail(done.cause());
          }
        })
        .onFailure(failure -> {
          String problem = Main.startupProblem(failure);
          if (problem != null && !closing.get()) {
            // Configured to serve something it cannot (e.g. a repository that cannot be opened): refuse to run,
            // rather than answer every call with a failure the agent cannot fix.
            refused.tryComplete();
          } else {
            LOG.log(closing.get() ? Level.FINE : Level.SEVERE, "backends did not start; tool calls will fail", failure);
          }
        })
        .onComplete(promise);
      // Only where git work runs in this process: a front-only node of a cluster would send its warm-up to the
      // team's git nodes, which gain nothing from it. It uses the git tools alone, so it starts with the git backend,
      // not after the rest (which wait for an idle stretch a client asking commit after commit does not leave).
      gitServed.future()
        .onSuccess(up -> (node.backendRoles().contains("git") ? StdioWarmup.start(vertx, built.get(),
          () -> transport.get() != null && transport.get().busy(),
          () -> closing.get() || transport.get() == null || transport.get().inputEnded()) : skipWarmup())
          .onComplete(warmedUp))
        .onFailure(failed -> warmedUp.tryComplete(0));
      // The dashboard's door last, at a pause of its own (it starts an HTTP server: the largest share of the rest).
      promise.future().onComplete(deployed -> restTurn.get().onComplete(go -> {
        if (go.failed() || closing.get()) {
          doorSettled.tryComplete(); // the client left first: no door to open
          return;
        }
        Thread door = new Thread(() -> ReviewDashboardDoor.open(vertx, config, built.get().catalog(), System.err).onComplete(doorSettled),
          "reviewgate-dashboard-door");
        door.setDaemon(true);
        door.start();
      }));
      return promise.future();
    };
    // A request that needs the rest lets them start at once, one after the other without waiting for the client.
    Supplier<Future<?>> allBackends = () -> {
      restNeeded.set(true);
      return startBackends.get();
    };
    // Only where git is served here, unclustered: a cluster's nodes register their addresses once all are deployed.
    java.util.function.Function<String, Future<?>> byAddress = !gitFirst ? null
      : address -> {
        boolean git = address.startsWith(Addresses.PREFIX + "git.") || address.startsWith(Addresses.PREFIX + "diff.");
        Future<?> all = git ? startBackends.get() : allBackends.get();
        return git && !all.failed() ? gitServed.future() : all;
      };
    McpServer server = McpServers.create(vertx, config, allBackends, byAddress);
    built.set(server);
    vertx.setTimer(server.options().startBackendsAfterMs(), timer -> startBackends.get());
    OutputStream out = new FilterOutputStream(protocolOut) {
      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        this.out.write(bytes, offset, length);
      }

      @Override
      public void flush() throws IOException {
        super.flush();
        startBackends.get();
      }
    };
    transport.set(new StdioTransport(server, new FirstBytes(protocolIn, openRepositories), out));
    Future<Void> inputEnded = transport.get().start();
    // Until the input ends, or the backends refuse their configuration (then the client sees the process exit).
    Future.any(inputEnded, refused.future()).toCompletionStage().toCompletableFuture().join();
    // The rest never start once the client has gone: the turn they wait for fails (a deployment in progress settles
    // below).
    closing.set(true);
    // Input ended, perhaps while the backends or the dashboard door were still starting: let that settle first,
    // so that closing never races a half-done deployment (which Vert.x reports as errors nobody can act on).
    Future<Void> starting = backends.get();
    if (starting != null) {
      settle(Future.join(starting, doorSettled.future(), warmedUp.future()), config.startTimeoutMs());
    }
    VertxRuntime.close(vertx);
    // Refused while the client was attached, or found out as the input ended: either way it did not run.
    String problem = starting != null && starting.failed() ? Main.startupProblem(starting.cause()) : null;
    if (problem != null) {
      throw new StartupFailure(problem);
    }
    return 0;
  }

  private static Future<Integer> skipWarmup() {
    LOG.info("warm-up: none (git work runs on other nodes of the cluster)");
    return Future.succeededFuture(0);
  }

  private static void settle(Future<?> future, long timeoutMs) {
    try {
      future.toCompletionStage().toCompletableFuture().get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      LOG.log(Level.FINE, "start-up had not settled at exit", e);
    }
  }

  /** Takes stdout for the protocol and sends every other write to it (libraries, stray prints) to stderr. */
  static OutputStream claimStdout() {
    OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    System.setOut(System.err);
    return out;
  }

  /**
   * The client's input, running {@code first} once when its first bytes arrive (the handshake): the repositories are
   * then opened while it is answered and the backends start. Opened at the process's start instead, on a thread of
   * their own, they took the cores from the JVM's own start: the first answer came 60-120 ms later.
   */
  private static final class FirstBytes extends java.io.FilterInputStream {
    private Runnable first;

    FirstBytes(java.io.InputStream in, Runnable first) {
      super(in);
      this.first = first;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      int read = super.read(bytes, offset, length);
      if (read > 0 && first != null) {
        Runnable once = first;
        first = null;
        once.run();
      }
      return read;
    }
  }
}
