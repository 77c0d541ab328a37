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
 */
public record McpOptions(long maxLineBytes, boolean conformanceTools, int pageSize, long listTtlMs,
                         long progressIntervalMs, ToolTimeouts toolTimeouts,
                         long drainOnEofMs, long startBackendsAfterMs) {

  public McpOptions {
    positive("mcp.maxLineBytes", maxLineBytes);
    positive("mcp.pageSize", pageSize);
    positive("mcp.listTtlMs", listTtlMs);
    positive("mcp.progressIntervalMs", progressIntervalMs);
    positive("mcp.drainOnEofMs", drainOnEofMs);
    positive("mcp.startBackendsAfterMs", startBackendsAfterMs);
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
      number(mcp, "startBackendsAfterMs", "mcp.startBackendsAfterMs"));
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
