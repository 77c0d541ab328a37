package dev.reviewgate.mcp;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.json.JsonTreeWriter;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * Builds {@code CallToolResult}s from what a backend replied, as the tool's {@link ReplyContent} (catalog key
 * {@code replyContent}) says it reads. The one place a result's content is laid out: a front-end that must change
 * what a model reads of a result (e.g. mark text from strangers) does it here.
 */
public final class ToolResults {

  private ToolResults() {
  }

  /** A successful result of a reply read as JSON: the JSON as text, and as {@code structuredContent}. */
  public static JsonObject success(JsonObject reply) {
    return success(reply, ReplyContent.NONE);
  }

  /**
   * A successful result of a reply one of several tools may have made (a durable task's, whose tool the task does
   * not name): read as the first of {@code candidates} whose text the reply has.
   */
  public static JsonObject success(JsonObject reply, java.util.List<ReplyContent> candidates) {
    for (ReplyContent content : candidates) {
      if (content.text() != null && reply.containsKey(content.text())) {
        return success(reply, content);
      }
    }
    return success(reply);
  }

  /**
   * A successful result. When the reply has the text {@code content} names, that text is the first content block, as
   * it is (the diff as git wrote it, a file's lines, log lines), and it is sent once: {@code structuredContent} is the
   * rest of the reply with {@code <field>_in_content} naming the block that holds it, so a 30 MB diff is 30 MB on the
   * wire, not 60. The second block is the rest as JSON (its warnings, its {@code next_cursor}), without the fields
   * the text already shows ({@link ReplyContent#shown}), so a log's commits go once as lines and once as structure,
   * not a third time as JSON text. MCP asks a tool with an output schema to give the serialized
   * {@code structuredContent} in a text block as well; it says SHOULD, and for these replies the text a model reads
   * is the readable form, not that JSON twice. An empty text is said in the catalog's sentence, so a model reading
   * the first block never gets an empty one. A reply without the text is read as JSON: its JSON as the text block.
   */
  public static JsonObject success(JsonObject reply, ReplyContent content) {
    String field = content.text();
    Object value = field == null ? null : reply.getValue(field);
    if (value instanceof TextStream stream) {
      return streaming(reply, field, content, stream);
    }
    boolean empty = "".equals(value) || value instanceof Utf8Text bytes && bytes.isEmpty();
    if (!(value instanceof String || value instanceof Utf8Text) || empty && content.whenEmpty() == null) {
      return result(new JsonArray().add(text(JsonTreeWriter.encode(reply))), reply);
    }
    JsonObject rest = reply.copy();
    rest.remove(field);
    // The text as it came: a String, or a diff's Utf8Text, which the transports write without making it a String.
    JsonArray blocks = new JsonArray().add(block(empty ? content.whenEmpty() : value));
    JsonObject notes = notes(rest, content);
    if (!notes.isEmpty()) {
      blocks.add(text(JsonTreeWriter.encode(notes)));
    }
    // An empty text stays in structuredContent as it is (no block holds it).
    return result(blocks, empty ? rest.put(field, "") : rest.put(field + ReplyContent.IN_CONTENT, 0));
  }

  /**
   * A result whose text is still being made ({@link TextStream}), shaped as {@link #success} shapes a whole one: the
   * text first, then the rest of the reply as JSON text and as {@code structuredContent}. The rest is known only once
   * the text has ended, so those two are filled in then, before the stream lets its writer close the text: a
   * transport writing this result in order comes to them complete. Nothing else may read them before.
   */
  private static JsonObject streaming(JsonObject reply, String field, ReplyContent content, TextStream stream) {
    JsonObject textBlock = block(stream);
    JsonObject restBlock = new JsonObject().put("type", "text");
    JsonArray blocks = new JsonArray().add(textBlock).add(restBlock);
    JsonObject structured = new JsonObject();
    JsonObject known = reply.copy();
    known.remove(field);
    stream.whenEnded(rest -> {
      JsonObject all = known.copy().mergeIn(rest);
      restBlock.put("text", JsonTreeWriter.encode(notes(all, content)));
      int index = 0;
      while (blocks.getValue(index) != textBlock) { // a note put before it (withNote) moved it
        index++;
      }
      structured.mergeIn(all).put(field + ReplyContent.IN_CONTENT, index);
    });
    return result(blocks, structured);
  }

  private static JsonObject notes(JsonObject rest, ReplyContent content) {
    JsonObject notes = rest.copy();
    content.shown().forEach(notes::remove);
    return notes;
  }

  private static JsonObject result(JsonArray blocks, JsonObject structured) {
    return new JsonObject().put("content", blocks).put("structuredContent", structured).put("isError", false);
  }

  /** {@code result} with {@code note} said before everything else (the text's block index moves along). */
  public static JsonObject withNote(JsonObject result, String note) {
    result.getJsonArray("content").add(0, text(note));
    if (result.getValue("structuredContent") instanceof JsonObject structured) {
      for (String key : java.util.List.copyOf(structured.fieldNames())) {
        if (key.endsWith(ReplyContent.IN_CONTENT) && structured.getValue(key) instanceof Integer index) {
          structured.put(key, index + 1);
        }
      }
    }
    return result;
  }

  /** The reply a backend sent, from a {@link #success} result: its text put back where it was. */
  public static JsonObject reply(JsonObject result) {
    JsonObject structured = result.getJsonObject("structuredContent", new JsonObject());
    for (String key : structured.fieldNames()) {
      if (key.endsWith(ReplyContent.IN_CONTENT) && structured.getValue(key) instanceof Integer index) {
        JsonObject reply = structured.copy();
        reply.remove(key);
        String text = result.getJsonArray("content").getJsonObject(index).getString("text");
        return reply.put(key.substring(0, key.length() - ReplyContent.IN_CONTENT.length()), text);
      }
    }
    return structured;
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
