package dev.reviewgate.core.config;

import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How long a caller waits for each tool's reply: its {@code mcp.toolTimeoutsMs} entry, else {@code requestTimeoutMs}.
 * Front-ends use it as the send timeout; backends that must finish (or give up) before their caller does read the same
 * value, so both sides agree.
 *
 * @param defaultMs {@code requestTimeoutMs}
 * @param perToolMs {@code mcp.toolTimeoutsMs}: tool name → milliseconds
 */
public record ToolTimeouts(long defaultMs, Map<String, Long> perToolMs) {

  public ToolTimeouts {
    positive("requestTimeoutMs", defaultMs);
    perToolMs.forEach((tool, ms) -> positive("mcp.toolTimeoutsMs." + tool, ms));
    perToolMs = Map.copyOf(perToolMs);
  }

  public static ToolTimeouts from(ReviewgateConfig config) {
    JsonObject overrides = config.section("mcp").getJsonObject("toolTimeoutsMs", new JsonObject());
    Map<String, Long> perTool = new LinkedHashMap<>();
    for (String tool : overrides.fieldNames()) {
      Object value = overrides.getValue(tool);
      if (!(value instanceof Number ms)) {
        throw new IllegalArgumentException("mcp.toolTimeoutsMs." + tool + " must be a number (got " + value + ")");
      }
      perTool.put(tool, ms.longValue());
    }
    return new ToolTimeouts(config.requestTimeoutMs(), perTool);
  }

  /** The time a caller gives {@code tool}. */
  public long of(String tool) {
    return perToolMs.getOrDefault(tool, defaultMs);
  }

  private static void positive(String name, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be greater than 0 (got " + value + ")");
    }
  }
}
