package dev.reviewgate.mcp;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import io.vertx.core.json.JsonObject;

/**
 * The {@code mcp} section of the configuration (defaults in {@code config/reviewgate.json}), plus the tool calls'
 * timeouts ({@code mcp.toolTimeoutsMs} over the global {@code requestTimeoutMs}).
 *
 * @param maxLineBytes       stdio: longest accepted message line; longer lines are refused with an error
 * @param conformanceTools   expose the MCP conformance fixture tools (tests only)
 * @param pageSize           items per page of {@code tools/list}, {@code prompts/list}, ...
 * @param listTtlMs          2026-07-28 {@code ttlMs} on list results
 * @param progressIntervalMs how often a running call with a {@code progressToken} reports progress
 * @param toolTimeouts       event-bus timeout of each tool call ({@code requestTimeoutMs}, or the tool's
 *                           {@code mcp.toolTimeoutsMs} entry, e.g. for reviews that wait for a person)
 * @param drainOnEofMs       stdio: after end of input, how long in-flight calls may still finish before exit
 * @param startBackendsAfterMs stdio: the backends start with the first answer, the first request that needs them,
 *                           or this long after start, whichever comes first
 * @param stdioEventLoops    stdio: event-loop threads of the process (one client: one loop keeps the transport and the
 *                           backends on one thread, so a call crosses no event loop to reach its backend and back)
 * @param warmupCalls        stdio: diff-tool calls the process makes on its own once the backends are up, in idle
 *                           time, so that an agent's first calls run compiled code (0 = none)
 * @param warmupMaxMs        stdio: the warm-up ends after this long, whatever it has done
 * @param warmupCallMaxMs    stdio: a warm-up call running longer than this is cancelled (its commit's diff is large)
 * @param warmupIdleMs       stdio: the warm-up makes each call only after the client has had nothing in flight this long
 * @param warmupIdlePollMs   stdio: how often the warm-up looks whether the client is idle
 * @param warmupWatchMs      stdio: how often a running warm-up call looks whether it must give way
 * @param warmupSparedCommits stdio: commits of the newest history the warm-up leaves alone (those an agent reviews)
 * @param stdioIdlePauseMs   stdio: the client's pause that the rest of the backends' start (and a log line of the
 *                           process's own) waits for
 * @param stdioIdlePollMs    stdio: how often the client is looked at while waiting for that pause
 * @param maxCompletionValues values in one {@code completion/complete} result (the protocol allows at most 100)
 * @param maxTasks           tasks (SEP-2663) this process keeps at once; more are refused until some expire
 * @param taskTtlMs          how long a task of this process stays readable by {@code tasks/get} after it was created
 * @param taskPollIntervalMs {@code pollIntervalMs} suggested to clients polling a task
 * @param requestStateTtlMs  how long a signed {@code requestState} of an {@code input_required} result is accepted
 * @param elicitationTimeoutMs session era: how long the server waits for the answer to an {@code elicitation/create}
 *                           (a person reads and answers it, e.g. a draft review to approve); other server-to-client
 *                           requests wait {@code requestTimeoutMs}
 * @param maxReplyBytes      stdio: longest message line written; a longer reply is answered by a result saying how
 *                           to ask for less, never sent (a client closes the connection on a line over its limit)
 */
public record McpOptions(long maxLineBytes, boolean conformanceTools, int pageSize, long listTtlMs,
                         long progressIntervalMs, ToolTimeouts toolTimeouts,
                         long drainOnEofMs, long startBackendsAfterMs, int stdioEventLoops,
                         int warmupCalls, long warmupMaxMs, long warmupCallMaxMs, long warmupIdleMs, int maxTasks, long taskTtlMs, long taskPollIntervalMs,
                         long requestStateTtlMs, long elicitationTimeoutMs, long warmupIdlePollMs, long warmupWatchMs,
                         int warmupSparedCommits, long stdioIdlePauseMs, long stdioIdlePollMs, int maxCompletionValues,
                         long maxReplyBytes) {

  /** The most values a {@code completion/complete} result may hold (MCP's {@code CompleteResult}). */
  static final int PROTOCOL_MAX_COMPLETION_VALUES = 100;

  public McpOptions {
    positive("mcp.maxLineBytes", maxLineBytes);
    positive("mcp.pageSize", pageSize);
    positive("mcp.listTtlMs", listTtlMs);
    positive("mcp.progressIntervalMs", progressIntervalMs);
    positive("mcp.drainOnEofMs", drainOnEofMs);
    positive("mcp.startBackendsAfterMs", startBackendsAfterMs);
    positive("mcp.stdioEventLoops", stdioEventLoops);
    if (warmupCalls < 0 || warmupCalls > 1000) {
      throw new IllegalArgumentException("mcp.warmupCalls must be from 0 to 1000 (got " + warmupCalls + ")");
    }
    positive("mcp.warmupMaxMs", warmupMaxMs);
    positive("mcp.warmupCallMaxMs", warmupCallMaxMs);
    positive("mcp.warmupIdleMs", warmupIdleMs);
    positive("mcp.maxTasks", maxTasks);
    positive("mcp.taskTtlMs", taskTtlMs);
    positive("mcp.taskPollIntervalMs", taskPollIntervalMs);
    positive("mcp.requestStateTtlMs", requestStateTtlMs);
    positive("mcp.elicitationTimeoutMs", elicitationTimeoutMs);
    positive("mcp.warmupIdlePollMs", warmupIdlePollMs);
    positive("mcp.warmupWatchMs", warmupWatchMs);
    if (warmupSparedCommits < 0) {
      throw new IllegalArgumentException("mcp.warmupSparedCommits must be 0 or more (got " + warmupSparedCommits + ")");
    }
    positive("mcp.stdioIdlePauseMs", stdioIdlePauseMs);
    positive("mcp.stdioIdlePollMs", stdioIdlePollMs);
    positive("mcp.maxReplyBytes", maxReplyBytes);
    if (maxCompletionValues < 1 || maxCompletionValues > PROTOCOL_MAX_COMPLETION_VALUES) {
      throw new IllegalArgumentException("mcp.maxCompletionValues must be from 1 to " + PROTOCOL_MAX_COMPLETION_VALUES
        + ", the protocol's limit (got " + maxCompletionValues + ")");
    }
  }

  public static McpOptions from(ReviewgateConfig config) {
    JsonObject mcp = config.section("mcp");
    ToolTimeouts timeouts = ToolTimeouts.from(config);
    return new McpOptions(
      number(mcp, "maxLineBytes", "mcp.maxLineBytes"),
      Boolean.TRUE.equals(mcp.getValue("conformanceTools")),
      (int) number(mcp, "pageSize", "mcp.pageSize"),
      number(mcp, "listTtlMs", "mcp.listTtlMs"),
      number(mcp, "progressIntervalMs", "mcp.progressIntervalMs"),
      timeouts,
      number(mcp, "drainOnEofMs", "mcp.drainOnEofMs"),
      number(mcp, "startBackendsAfterMs", "mcp.startBackendsAfterMs"),
      (int) number(mcp, "stdioEventLoops", "mcp.stdioEventLoops"),
      (int) number(mcp, "warmupCalls", "mcp.warmupCalls"),
      number(mcp, "warmupMaxMs", "mcp.warmupMaxMs"),
      number(mcp, "warmupCallMaxMs", "mcp.warmupCallMaxMs"),
      number(mcp, "warmupIdleMs", "mcp.warmupIdleMs"),
      (int) number(mcp, "maxTasks", "mcp.maxTasks"),
      number(mcp, "taskTtlMs", "mcp.taskTtlMs"),
      number(mcp, "taskPollIntervalMs", "mcp.taskPollIntervalMs"),
      number(mcp, "requestStateTtlMs", "mcp.requestStateTtlMs"),
      number(mcp, "elicitationTimeoutMs", "mcp.elicitationTimeoutMs"),
      number(mcp, "warmupIdlePollMs", "mcp.warmupIdlePollMs"),
      number(mcp, "warmupWatchMs", "mcp.warmupWatchMs"),
      (int) number(mcp, "warmupSparedCommits", "mcp.warmupSparedCommits"),
      number(mcp, "stdioIdlePauseMs", "mcp.stdioIdlePauseMs"),
      number(mcp, "stdioIdlePollMs", "mcp.stdioIdlePollMs"),
      (int) number(mcp, "maxCompletionValues", "mcp.maxCompletionValues"),
      number(mcp, "maxReplyBytes", "mcp.maxReplyBytes"));
  }

  /** The defaults from {@code config/reviewgate.json}. */
  public static McpOptions defaults() {
    return from(ReviewgateConfig.defaults());
  }

  private static long number(JsonObject section, String key, String name) {
    Object value = section.getValue(key);
    if (!(value instanceof Number number)) {
      throw new IllegalArgumentException(name + " must be a number (got " + value + ")");
    }
    return number.longValue();
  }

  private static void positive(String name, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be greater than 0 (got " + value + ")");
    }
  }
}
