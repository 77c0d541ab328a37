package dev.reviewgate.mcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.JsonTreeWriter;
import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Builds {@code CallToolResult}s from what a backend replied. */
public final class ToolResults {

  static final String EMPTY_DIFF = "The diff is empty: nothing differs between the two sides in the files asked for.";

  private ToolResults() {
  }

  /** Where a reply's diff text went: {@code structuredContent} names the content block instead of repeating it. */
  static final String DIFF_IN_CONTENT = "diff_in_content";

  /**
   * A successful result: {@code structuredContent} is the reply; the text content is the same JSON. When the reply
   * carries a {@code diff} text, that text is sent once: it comes first so a model reads the diff directly, and
   * neither the JSON text nor {@code structuredContent} repeats it ({@code structuredContent.diff_in_content} is the
   * index of the block that holds it), so a 30 MB diff is 30 MB on the wire, not 60. Likewise a reply's
   * {@code instructions} (review wait results: what the person said and what to do next) come first as plain text.
   * An empty diff is said in a plain sentence, so a model reading the first block as diff text never gets JSON.
   */
  public static JsonObject success(JsonObject reply) {
    if (reply.getValue("diff") instanceof TextStream stream) {
      return streaming(reply, stream);
    }
    JsonArray content = new JsonArray();
    String lead = firstText(reply, "diff", "instructions");
    JsonObject structured = reply;
    if (lead != null || "".equals(reply.getValue("diff"))) {
      String field = lead != null ? lead : "diff";
      // The lead as it came: a String, or a diff's Utf8Text, which the transports write without making it a String.
      content.add(block(lead != null ? reply.getValue(lead) : EMPTY_DIFF));
      JsonObject rest = reply.copy();
      rest.remove(field);
      if ("diff".equals(lead)) {
        structured = rest.copy().put(DIFF_IN_CONTENT, 0);
      }
      content.add(text(JsonTreeWriter.encode(rest)));
    } else {
      content.add(text(JsonTreeWriter.encode(reply)));
    }
    return new JsonObject().put("content", content).put("structuredContent", structured).put("isError", false);
  }

  /**
   * A result whose diff text is still being made ({@link TextStream}), shaped as {@link #success} shapes a whole one:
   * the text first, then the rest of the reply as JSON text and as {@code structuredContent}. The rest is known only
   * once the text has ended, so those two are filled in then, before the stream lets its writer close the text: a
   * transport writing this result in order comes to them complete. Nothing else may read them before.
   */
  private static JsonObject streaming(JsonObject reply, TextStream stream) {
    JsonObject diffBlock = block(stream);
    JsonObject restBlock = new JsonObject().put("type", "text");
    JsonArray content = new JsonArray().add(diffBlock).add(restBlock);
    JsonObject structured = new JsonObject();
    JsonObject known = reply.copy();
    known.remove("diff");
    stream.whenEnded(rest -> {
      JsonObject all = known.copy().mergeIn(rest);
      restBlock.put("text", JsonTreeWriter.encode(all));
      int index = 0;
      while (content.getValue(index) != diffBlock) { // a note put before it (withNote) moved it
        index++;
      }
      structured.mergeIn(all).put(DIFF_IN_CONTENT, index);
    });
    return new JsonObject().put("content", content).put("structuredContent", structured).put("isError", false);
  }

  /** {@code result} with {@code note} said before everything else (the diff's block index moves along). */
  public static JsonObject withNote(JsonObject result, String note) {
    result.getJsonArray("content").add(0, text(note));
    if (result.getValue("structuredContent") instanceof JsonObject structured
      && structured.getValue(DIFF_IN_CONTENT) instanceof Integer index) {
      structured.put(DIFF_IN_CONTENT, index + 1);
    }
    return result;
  }

  /** The reply a backend sent, from a {@link #success} result: the diff text put back where it was. */
  public static JsonObject reply(JsonObject result) {
    JsonObject structured = result.getJsonObject("structuredContent", new JsonObject());
    if (!(structured.getValue(DIFF_IN_CONTENT) instanceof Integer index)) {
      return structured;
    }
    JsonObject reply = structured.copy();
    reply.remove(DIFF_IN_CONTENT);
    return reply.put("diff", result.getJsonArray("content").getJsonObject(index).getString("text"));
  }

  private static String firstText(JsonObject reply, String... fields) {
    for (String field : fields) {
      Object value = reply.getValue(field);
      if (value instanceof String text ? !text.isEmpty() : value instanceof Utf8Text bytes && !bytes.isEmpty()) {
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
    return block(text);
  }

  /** A text content block whose text is a String or a {@link Utf8Text}. */
  private static JsonObject block(Object text) {
    return new JsonObject().put("type", "text").put("text", text);
  }
}
