package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * How a tool's reply reads as text (catalog key {@code replyContent}): the field whose text a model reads first, as
 * it is (a diff, a file's lines, log lines), what to say when that text is empty, and the fields that text already
 * shows, which MCP then sends only as {@code structuredContent}. {@link #NONE} for a tool whose reply is read as JSON.
 *
 * @param text      the reply's field holding the text; null: none
 * @param whenEmpty the sentence sent instead of an empty text; null: none (an empty text is then read as JSON)
 * @param shown     fields the text renders (e.g. a log's commits), left out of the JSON text block
 */
public record ReplyContent(String text, String whenEmpty, List<String> shown) {

  public static final ReplyContent NONE = new ReplyContent(null, null, List.of());

  public ReplyContent {
    shown = List.copyOf(shown);
  }

  /** The suffix of the {@code structuredContent} field that says which content block holds the text. */
  public static final String IN_CONTENT = "_in_content";

  /** The key {@code {"text": field, "whenEmpty": sentence, "shown": [fields]}}, or {@link #NONE} when absent. */
  static ReplyContent from(String tool, Object value) {
    if (value == null) {
      return NONE;
    }
    if (!(value instanceof JsonObject declared) || !(declared.getValue("text") instanceof String field) || field.isBlank()) {
      throw new IllegalStateException("tool " + tool + ": replyContent needs \"text\", the reply's field a model reads "
        + "as text, and may have \"whenEmpty\" (a sentence) and \"shown\" (the fields that text renders)");
    }
    List<String> shown = new ArrayList<>();
    for (Object name : declared.getJsonArray("shown", new JsonArray())) {
      shown.add(String.valueOf(name));
    }
    return new ReplyContent(field, declared.getString("whenEmpty"), shown);
  }
}
