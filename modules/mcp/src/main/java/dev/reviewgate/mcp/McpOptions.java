package dev.reviewgate.mcp;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code mcp} section of the configuration (defaults in {@code config/reviewgate.json}), plus the global
 * {@code requestTimeoutMs} used for tool calls without an entry in {@code toolTimeoutsMs}.
 *
 * @param maxLineBytes       stdio: longest accepted message line; longer lines are refused with an error
 * @param conformanceTools   expose the MCP conformance fixture tools (tests only)
 * @param pageSize           items per page of {@code tools/list}, {@code prompts/list}, ...
 * @param listTtlMs          2026-07-28 {@code ttlMs} on list results
 * @param progressIntervalMs how often a running call with a {@code progressToken} reports progress
 * @param requestTimeoutMs   event-bus timeout of a tool call
 * @param toolTimeoutsMs     per-tool overrides of {@code requestTimeoutMs} (e.g. reviews that wait for a person)
 * @param drainOnEofMs       stdio: after end of input, how long in-flight calls may still finish before exit
 * @param startBackendsAfterMs stdio: the backends start with the first answer, the first request that needs them,
 *                           or this long after start, whichever comes first
 * @param stdioEventLoops    stdio: event-loop threads of the process (one client: one loop keeps the transport and the
 *                           backends on one thread, so a call crosses no event loop to reach its backend and back)
 * @param warmupCalls        stdio: diff-tool calls the process makes on its own once the backends are up, in idle
 *                           time, so that an agent's first calls run compiled code (0 = none)
 * @param warmupMaxMs        stdio: the warm-up ends after this long, whatever it has done
 */
public record McpOptions(long maxLineBytes, boolean conformanceTools, int pageSize, long listTtlMs,
                         long progressIntervalMs, long requestTimeoutMs, Map<String, Long> toolTimeoutsMs,
                         long drainOnEofMs, long startBackendsAfterMs, int stdioEventLoops,
                         int warmupCalls, long warmupMaxMs) {

  public McpOptions {
    positive("mcp.maxLineBytes", maxLineBytes);
    positive("mcp.pageSize", pageSize);
    positive("mcp.listTtlMs", listTtlMs);
    positive("mcp.progressIntervalMs", progressIntervalMs);
    positive("requestTimeoutMs", requestTimeoutMs);
    positive("mcp.drainOnEofMs", drainOnEofMs);
    positive("mcp.startBackendsAfterMs", startBackendsAfterMs);
    positive("mcp.stdioEventLoops", stdioEventLoops);
    if (warmupCalls < 0 || warmupCalls > 1000) {
      throw new IllegalArgumentException("mcp.warmupCalls must be from 0 to 1000 (got " + warmupCalls + ")");
    }
    positive("mcp.warmupMaxMs", warmupMaxMs);
    toolTimeoutsMs.forEach((tool, ms) -> positive("mcp.toolTimeoutsMs." + tool, ms));
    toolTimeoutsMs = Map.copyOf(toolTimeoutsMs);
  }

  public static McpOptions from(ReviewgateConfig config) {
    JsonObject mcp = config.section("mcp");
    Map<String, Long> timeouts = new LinkedHashMap<>();
    JsonObject overrides = mcp.getJsonObject("toolTimeoutsMs", new JsonObject());
    for (String tool : overrides.fieldNames()) {
      timeouts.put(tool, number(overrides, tool, "mcp.toolTimeoutsMs." + tool));
    }
    return new McpOptions(
      number(mcp, "maxLineBytes", "mcp.maxLineBytes"),
      Boolean.TRUE.equals(mcp.getValue("conformanceTools")),
      (int) number(mcp, "pageSize", "mcp.pageSize"),
      number(mcp, "listTtlMs", "mcp.listTtlMs"),
      number(mcp, "progressIntervalMs", "mcp.progressIntervalMs"),
      config.requestTimeoutMs(),
      timeouts,
      number(mcp, "drainOnEofMs", "mcp.drainOnEofMs"),
      number(mcp, "startBackendsAfterMs", "mcp.startBackendsAfterMs"),
      (int) number(mcp, "stdioEventLoops", "mcp.stdioEventLoops"),
      (int) number(mcp, "warmupCalls", "mcp.warmupCalls"),
      number(mcp, "warmupMaxMs", "mcp.warmupMaxMs"));
  }

  /** The defaults from {@code config/reviewgate.json}. */
  public static McpOptions defaults() {
    return from(ReviewgateConfig.defaults());
  }

  public long timeoutFor(String toolName) {
    return toolTimeoutsMs.getOrDefault(toolName, requestTimeoutMs);
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
