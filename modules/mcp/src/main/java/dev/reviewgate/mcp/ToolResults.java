package dev.reviewgate.mcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Builds {@code CallToolResult}s from what a backend replied. */
public final class ToolResults {

  private ToolResults() {
  }

  /**
   * A successful result: {@code structuredContent} is the reply; the text content is the same JSON. When the reply
   * carries a {@code diff} text, that text comes first so a model reads the diff directly, and the JSON text then
   * leaves the diff out (it is the block above) instead of repeating megabytes.
   */
  public static JsonObject success(JsonObject reply) {
    JsonArray content = new JsonArray();
    if (reply.getValue("diff") instanceof String diff && !diff.isEmpty()) {
      content.add(text(diff));
      JsonObject rest = reply.copy();
      rest.remove("diff");
      content.add(text(rest.encode()));
    } else {
      content.add(text(reply.encode()));
    }
    return new JsonObject().put("content", content).put("structuredContent", reply).put("isError", false);
  }

  /** A failure the model can act on: {@code [CODE] message}. */
  public static JsonObject failure(ToolException failure) {
    return error("[" + Failure.label(failure.code()) + "] " + failure.getMessage());
  }

  public static JsonObject error(String message) {
    return new JsonObject().put("content", new JsonArray().add(text(message))).put("isError", true);
  }

  public static JsonObject text(String text) {
    return new JsonObject().put("type", "text").put("text", text);
  }
}
