package dev.reviewgate.mcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Builds {@code CallToolResult}s from what a backend replied. */
public final class ToolResults {

  static final String EMPTY_DIFF = "The diff is empty: nothing differs between the two sides in the files asked for.";

  private ToolResults() {
  }

  /**
   * A successful result: {@code structuredContent} is the reply; the text content is the same JSON. When the reply
   * carries a {@code diff} text, that text comes first so a model reads the diff directly, and the JSON text then
   * leaves the diff out (it is the block above) instead of repeating megabytes. Likewise a reply's
   * {@code instructions} (review wait results: what the person said and what to do next) come first as plain text.
   * An empty diff is said in a plain sentence, so a model reading the first block as diff text never gets JSON.
   */
  public static JsonObject success(JsonObject reply) {
    JsonArray content = new JsonArray();
    String lead = firstText(reply, "diff", "instructions");
    if (lead != null || "".equals(reply.getValue("diff"))) {
      String field = lead != null ? lead : "diff";
      content.add(text(lead != null ? reply.getString(lead) : EMPTY_DIFF));
      JsonObject rest = reply.copy();
      rest.remove(field);
      content.add(text(rest.encode()));
    } else {
      content.add(text(reply.encode()));
    }
    return new JsonObject().put("content", content).put("structuredContent", reply).put("isError", false);
  }

  private static String firstText(JsonObject reply, String... fields) {
    for (String field : fields) {
      if (reply.getValue(field) instanceof String value && !value.isEmpty()) {
        return field;
      }
    }
    return null;
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
