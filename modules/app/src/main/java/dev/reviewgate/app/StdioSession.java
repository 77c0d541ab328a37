package dev.reviewgate.app;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.StartupFailure;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.transport.StdioTransport;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One run of {@code reviewgate stdio}: the MCP server on stdin/stdout, and the start of the backends around the
 * client's first exchanges. The handshake comes first: the backends start once the first answer has been written,
 * when the first request that needs them arrives, or {@code mcp.startBackendsAfterMs} after start, whichever is
 * soonest (on a 2-core machine they would otherwise compete with the first answer for the CPU); git's first, the rest
 * when the client is idle ({@link #restTurn}). Calls that need them wait (McpServer readiness). The session ends when
 * the client's input ends, or when the backends refuse their configuration.
 *
 * <p>Read from the event loop, the transport's thread and the main thread: its state is atomic or set once.
 */
final class StdioSession {

  private static final Logger LOG = Logger.getLogger(StdioSession.class.getName());

  private final ReviewgateConfig config;
  private final Node node;
  private final Vertx vertx;
  /**
   * Where git is served here, unclustered, the rest (reviews, forges, the dashboard door) start after git, each once
   * the client has had nothing in flight for a pause of its own (Backends.deploy asks before each), or at once when a
   * request needs them. Started with git, the review backend's start held the one event loop ~45 ms while a fresh
   * process's first git call waited to reach the git backend; started all in a client's first gap (about 0.25 s of
   * both cores) they slowed its next calls to 80-330 ms; one per pause, a fresh process's second range of tmux (3.2
   * MB) asked 0.1-0.3 s after the first takes 90-120 ms against 111-274 (docs/benchmarks.md, thirteenth session).
   */
  private final boolean gitFirst;
  /** The start of the backends, once begun (by whichever step asks first). */
  private final AtomicReference<Future<Void>> backends = new AtomicReference<>();
  /** A request needs the rest of the backends: they start at once, one after the other, without waiting for the client. */
  private final AtomicBoolean restNeeded;
  /** The client's input ended: nothing more starts (a deployment in progress settles). */
  private final AtomicBoolean closing = new AtomicBoolean();
  /**
   * Git tools wait only for the git backend (deployed second, after the diff backend), not for the reviews and
   * forges deployed after it: a fresh process's first git_diff, 4 interleaved runs, median 370 -> 341 ms.
   */
  private final Promise<Void> gitServed = Promise.promise();
  private final Promise<Integer> warmedUp = Promise.promise();
  private final Promise<Void> doorSettled = Promise.promise();
  /** The backends refused their configuration while the client was attached. */
  private final Promise<Void> refused = Promise.promise();
  private volatile McpServer server;
  private volatile StdioTransport transport;

  StdioSession(ReviewgateConfig config, Node node) {
    this.config = config;
    this.node = node;
    this.vertx = node.vertx();
    this.gitFirst = !node.clustered() && node.backendRoles().contains("git");
    this.restNeeded = new AtomicBoolean(!gitFirst);
  }

  /** Serves the client until its input ends; {@code openRepositories} runs when its first bytes arrive. */
  int serve(InputStream protocolIn, OutputStream protocolOut, Runnable openRepositories) {
    // Only where git is served here, unclustered: a cluster's nodes register their addresses once all are deployed.
    server = McpServers.create(vertx, config, this::allBackends, gitFirst ? this::backendsFor : null);
    vertx.setTimer(server.options().startBackendsAfterMs(), timer -> startBackends());
    transport = new StdioTransport(server, new FirstBytes(protocolIn, openRepositories), startingOnFlush(protocolOut));
    Future<Void> inputEnded = transport.start();
    // Until the input ends, or the backends refuse their configuration (then the client sees the process exit).
    Future.any(inputEnded, refused.future()).toCompletionStage().toCompletableFuture().join();
    return close();
  }

  /** The protocol stream; its first flush (the first answer written) starts the backends. */
  private OutputStream startingOnFlush(OutputStream protocolOut) {
    return new FilterOutputStream(protocolOut) {
      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        this.out.write(bytes, offset, length);
      }

      @Override
      public void flush() throws IOException {
        super.flush();
        startBackends();
      }
    };
  }

  private boolean clientBusy() {
    StdioTransport current = transport;
    return current != null && current.busy();
  }

  /** The backends an address needs: git's alone for the git and diff tools, all of them for any other. */
  private Future<?> backendsFor(String address) {
    boolean git = address.startsWith(Addresses.PREFIX + "git.") || address.startsWith(Addresses.PREFIX + "diff.");
    Future<?> all = git ? startBackends() : allBackends();
    return git && !all.failed() ? gitServed.future() : all;
  }

  /** A request needs the rest: they start at once, one after the other, without waiting for the client. */
  private Future<?> allBackends() {
    restNeeded.set(true);
    return startBackends();
  }

  /** Starts the backends once (later calls get the same start); fails once the client's input ended first. */
  private Future<Void> startBackends() {
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
    }, this::restTurn)
      .andThen(done -> {
        if (done.succeeded()) {
          gitServed.tryComplete();
        } else {
          gitServed.tryFail(done.cause());
        }
      })
      .onFailure(this::backendsFailed)
      .onComplete(promise);
    gitServed.future()
      .onSuccess(up -> warmUp().onComplete(warmedUp))
      .onFailure(failed -> warmedUp.tryComplete(0));
    // The dashboard's door last, at a pause of its own (it starts an HTTP server: the largest share of the rest).
    promise.future().onComplete(deployed -> restTurn().onComplete(go -> openDoorUnlessGone(go.succeeded())));
    return promise.future();
  }

  private void backendsFailed(Throwable failure) {
    String problem = Main.startupProblem(failure);
    if (problem != null && !closing.get()) {
      // Configured to serve something it cannot (e.g. a repository that cannot be opened): refuse to run,
      // rather than answer every call with a failure the agent cannot fix.
      refused.tryComplete();
    } else {
      LOG.log(closing.get() ? Level.FINE : Level.SEVERE, "backends did not start; tool calls will fail", failure);
    }
  }

  /**
   * The turn of the next backend of the rest: at once when a request needs them, else once the client has paused.
   * Fails once the client has gone without having needed them: they never start then.
   */
  private Future<?> restTurn() {
    if (restNeeded.get()) {
      return Future.succeededFuture();
    }
    return ClientIdle.after(vertx, this::clientBusy, () -> closing.get() || restNeeded.get(),
        server.options().stdioIdlePauseMs(), server.options().stdioIdlePollMs())
      .compose(idle -> idle || restNeeded.get() ? Future.succeededFuture()
        : Future.failedFuture("the client's input ended"));
  }

  /**
   * Only where git work runs in this process: a front-only node of a cluster would send its warm-up to the team's
   * git nodes, which gain nothing from it. It uses the git tools alone, so it starts with the git backend, not after
   * the rest (which wait for an idle stretch a client asking commit after commit does not leave).
   */
  private Future<Integer> warmUp() {
    if (!node.backendRoles().contains("git")) {
      LOG.info("warm-up: none (git work runs on other nodes of the cluster)");
      return Future.succeededFuture(0);
    }
    return StdioWarmup.start(vertx, server, this::clientBusy,
      () -> closing.get() || transport == null || transport.inputEnded());
  }

  private void openDoorUnlessGone(boolean clientPaused) {
    if (!clientPaused || closing.get()) {
      doorSettled.tryComplete(); // the client left first: no door to open
      return;
    }
    Thread door = new Thread(() -> ReviewDashboardDoor.open(vertx, config, server.catalog(), System.err)
      .onComplete(doorSettled), "reviewgate-dashboard-door");
    door.setDaemon(true);
    door.start();
  }

  /**
   * The input ended, perhaps while the backends or the dashboard door were still starting: that settles first, so
   * that closing never races a half-done deployment (which Vert.x reports as errors nobody can act on). Exit 0, or a
   * {@link StartupFailure} when the backends refused their configuration.
   */
  private int close() {
    // The rest never start once the client has gone: the turn they wait for fails.
    closing.set(true);
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

  private static void settle(Future<?> future, long timeoutMs) {
    try {
      future.toCompletionStage().toCompletableFuture().get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      LOG.log(Level.FINE, "start-up had not settled at exit", e);
    }
  }

  /**
   * The client's input, running {@code first} once when its first bytes arrive (the handshake): the repositories are
   * then opened while it is answered and the backends start. Opened at the process's start instead, on a thread of
   * their own, they took the cores from the JVM's own start: the first answer came 60-120 ms later.
   */
  private static final class FirstBytes extends java.io.FilterInputStream {
    private Runnable first;

    FirstBytes(InputStream in, Runnable first) {
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
