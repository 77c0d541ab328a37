package dev.reviewgate.app;

import dev.reviewgate.mcp.McpConnection;
import dev.reviewgate.mcp.McpOptions;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.Outbound;
import dev.reviewgate.mcp.transport.JsonLines;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs the code of an agent's first calls before the agent makes them. A fresh JVM interprets a call's code until
 * it has run often enough to be compiled, so the first dozens of {@code git_diff} calls of a new stdio process each
 * cost several times what later ones do (measured in the README, "First call per commit"). After the backends are
 * up, this sends {@code mcp.warmupCalls} ordinary MCP requests through an in-process connection of the same server:
 * the diff tools on older commits of the default repository, one at a time, their results encoded and dropped.
 *
 * <p>Nothing it does is kept for the agent: the commits are named as {@code <sha>^0}, which the git backend's result
 * cache (full SHAs only) never stores, and they are the oldest of the history read, away from the recent commits an
 * agent reviews. Each step waits until the agent has had nothing in flight for {@code mcp.warmupIdleMs}, so it only
 * ever uses idle time, and it ends after {@code mcp.warmupMaxMs} whatever it has done, or at the first failure.
 */
final class StdioWarmup {

  private static final Logger LOG = Logger.getLogger(StdioWarmup.class.getName());
  /** The diff tools in the order the warm-up repeats them; git_diff twice, as agents ask for it most. */
  private static final List<String> TOOLS = List.of("git_diff", "git_changed_files", "git_diff", "git_diff_stat");

  private final Vertx vertx;
  private final McpConnection connection;
  private final BooleanSupplier agentBusy;
  private final BooleanSupplier closing;
  private final int calls;
  private final long deadline;
  private final long longestCallMs;
  private final long idleMs;
  private final McpOptions options;
  private int id;
  /** Calls cancelled because the agent asked something or they ran too long. */
  private int gaveWay;
  /** Requests sent while the agent had one in flight: only a race of a few microseconds can make one. */
  private int madeWhileBusy;

  private StdioWarmup(Vertx vertx, McpServer server, BooleanSupplier agentBusy, BooleanSupplier closing, int calls,
                      long maxMs) {
    this.vertx = vertx;
    this.connection = server.connect(Outbound.NONE);
    this.agentBusy = agentBusy;
    this.closing = closing;
    this.calls = calls;
    this.deadline = System.nanoTime() + maxMs * 1_000_000;
    this.longestCallMs = server.options().warmupCallMaxMs();
    this.idleMs = server.options().warmupIdleMs();
    this.options = server.options();
  }

  /**
   * Starts the warm-up; the future completes with the number of tool calls made (never fails).
   *
   * @param agentBusy whether the agent has a request in flight (the warm-up then waits)
   * @param closing   whether the process is ending (the warm-up then stops)
   */
  static Future<Integer> start(Vertx vertx, McpServer server, BooleanSupplier agentBusy, BooleanSupplier closing) {
    int calls = server.options().warmupCalls();
    if (calls == 0) {
      return Future.succeededFuture(0);
    }
    long started = System.nanoTime();
    StdioWarmup warmup = new StdioWarmup(vertx, server, agentBusy, closing, calls, server.options().warmupMaxMs());
    return warmup.run()
      .onSuccess(done -> {
        String summary = "warm-up: " + done + " calls in " + (System.nanoTime() - started) / 1_000_000 + " ms ("
          + warmup.gaveWay + " of them gave way to the agent or ran past " + warmup.longestCallMs + " ms; "
          + warmup.madeWhileBusy + " requests sent while the agent had one in flight)";
        warmup.logWhenQuiet(Level.INFO, summary);
      })
      .recover(failure -> {
        warmup.logWhenQuiet(closing.getAsBoolean() ? Level.FINE : Level.INFO, "warm-up ended early: " + failure.getMessage());
        return Future.succeededFuture(0);
      })
      .eventually(() -> {
        warmup.connection.close();
        return Future.succeededFuture();
      });
  }

  /**
   * Logs {@code message} once the agent has had nothing in flight for a while (never, if the process ends first): the
   * warm-up ends while an agent asks commit after commit, and a process's first log line, formatted on the event loop,
   * held an agent's call 15-20 ms (libgit2, first calls: a 2 ms call took 14-22 ms at that moment, three runs of three).
   */
  private void logWhenQuiet(Level level, String message) {
    if (!LOG.isLoggable(level)) {
      return;
    }
    ClientIdle.after(vertx, agentBusy, closing, options.stdioIdlePauseMs(), options.stdioIdlePollMs()).onSuccess(idle -> {
      if (idle) {
        LOG.log(level, message);
      }
    });
  }

  private Future<Integer> run() {
    JsonObject initialize = new JsonObject().put("protocolVersion", "2025-11-25").put("capabilities", new JsonObject())
      .put("clientInfo", new JsonObject().put("name", "reviewgate-warmup").put("version", "1"));
    // Every step waits for idle time, the first ones too: a fresh process's first git_log (cold code and caches) held
    // the CPU and the git worker while an agent's first call, sent right after its handshake, waited behind it.
    return whenIdle(() -> request("initialize", initialize))
      .compose(ready -> whenIdle(() -> call("git_repos", new JsonObject())))
      .compose(repos -> {
        String repo = repos.getString("default");
        if (repo == null) {
          return Future.succeededFuture(0); // no default repository: nothing an agent would diff without naming one
        }
        int limit = Math.min(1000, calls + options.warmupSparedCommits());
        return whenIdle(() -> call("git_log", new JsonObject().put("repo", repo).put("limit", limit)))
          .compose(log -> diffs(repo, oldest(log.getJsonArray("commits", new JsonArray()), limit)));
      });
  }

  /** Runs {@code step} once the agent has nothing in flight; fails (ending the warm-up) if its time ends first. */
  private <T> Future<T> whenIdle(java.util.function.Supplier<Future<T>> step) {
    return whenIdle().compose(go -> go ? step.get() : Future.failedFuture("its time ended while the agent was busy"));
  }

  /**
   * The commits to warm up on: the oldest {@code calls} of what was read, leaving out the newest where there is room.
   * Merges are left out: diffed against their first parent they can be as large as a whole branch.
   */
  private List<String> oldest(JsonArray commits, int limit) {
    List<String> shas = new ArrayList<>();
    for (Object commit : commits) {
      if (commit instanceof JsonObject object && object.getValue("sha") instanceof String sha
        && object.getJsonArray("parents", new JsonArray()).size() == 1) {
        shas.add(sha);
      }
    }
    // A history shorter than what was asked for has no newest part to spare: warm up on what there is.
    int from = commits.size() < limit ? 0 : Math.max(0, shas.size() - calls);
    return shas.subList(from, Math.min(shas.size(), from + calls));
  }

  private Future<Integer> diffs(String repo, List<String> shas) {
    Future<Integer> chain = Future.succeededFuture(0);
    for (int i = 0; i < shas.size(); i++) {
      String tool = TOOLS.get(i % TOOLS.size());
      JsonObject arguments = new JsonObject().put("repo", repo).put("commit", shas.get(i) + "^0");
      chain = chain.compose(done -> whenIdle().compose(go -> go ? givingWay(tool, arguments).map(ran -> done + 1)
        : Future.succeededFuture(done)));
    }
    return chain;
  }

  /**
   * Completes with true once the agent has had nothing in flight for {@code mcp.warmupIdleMs} (looked at every
   * {@code mcp.warmupIdlePollMs}), or false once the warm-up's time is over. Not at the first idle look: a client asking
   * call after call does its own work in the gaps (a git process between two calls), and a warm-up call there slowed it.
   */
  private Future<Boolean> whenIdle() {
    return ClientIdle.after(vertx, agentBusy, () -> System.nanoTime() > deadline || closing.getAsBoolean(), idleMs,
      options.warmupIdlePollMs());
  }

  /**
   * A warm-up call that never stands in the agent's way: it is cancelled (its git work stops at the next check) as
   * soon as the agent sends a request, or once it has run {@code mcp.warmupCallMaxMs} (a commit with a large diff,
   * whose cost would not be idle time well spent). Completes with whether it ran to the end; a cancelled call moves
   * the warm-up on to the next commit.
   */
  private Future<Boolean> givingWay(String tool, JsonObject arguments) {
    String requestId = "warmup-" + (id + 1);
    long started = System.nanoTime();
    boolean[] cancelled = {false};
    long watch = vertx.setPeriodic(options.warmupWatchMs(), timer -> {
      if (!cancelled[0] && (agentBusy.getAsBoolean() || closing.getAsBoolean()
        || System.nanoTime() - started > longestCallMs * 1_000_000)) {
        cancelled[0] = true;
        connection.handle(new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/cancelled")
          .put("params", new JsonObject().put("requestId", requestId).put("reason", "the warm-up gives way")), Outbound.NONE);
      }
    });
    return call(tool, arguments).map(result -> !cancelled[0])
      .recover(failure -> cancelled[0] ? Future.succeededFuture(false) : Future.failedFuture(failure))
      .onSuccess(ran -> gaveWay += ran ? 0 : 1)
      .eventually(() -> {
        vertx.cancelTimer(watch);
        return Future.succeededFuture();
      });
  }

  /** A tool call's structured result; a tool error ends the warm-up. */
  private Future<JsonObject> call(String tool, JsonObject arguments) {
    return request("tools/call", new JsonObject().put("name", tool).put("arguments", arguments)).compose(result -> {
      if (result.getBoolean("isError", false)) {
        return Future.failedFuture(tool + " failed: " + result.encode());
      }
      return Future.succeededFuture(result.getJsonObject("structuredContent", new JsonObject()));
    });
  }

  /** One request through the connection, its response encoded as stdio would write it. */
  private Future<JsonObject> request(String method, JsonObject params) {
    if (closing.getAsBoolean()) {
      return Future.failedFuture("the client's input ended");
    }
    if (agentBusy.getAsBoolean()) {
      madeWhileBusy++;
    }
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("id", "warmup-" + ++id).put("method", method)
      .put("params", params);
    return connection.handle(message, Outbound.NONE).compose(response -> {
      if (response == null || response.getJsonObject("result") == null) {
        return Future.failedFuture(method + " answered " + (response == null ? "nothing" : response.encode()));
      }
      // The writer's encoding, warmed too; off the event loop, as stdio's writer thread does it (a diff can be large).
      return vertx.executeBlocking(() -> {
        JsonLines.write(response, OutputStream.nullOutputStream());
        return null;
      }, false).map(encoded -> response.getJsonObject("result"));
    });
  }
}
