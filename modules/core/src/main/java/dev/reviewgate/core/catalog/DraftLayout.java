package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * How a draft (a review to be posted) is shown to the person who approves it, declared in the catalog
 * ({@code reviewgate/catalog/drafts/<name>.json}) so that a front-end shows it without knowing its fields.
 * {@link TextTemplate}s may name the draft's fields and {@code {#tool}} (the tool that posts it); each element of the
 * list field is one {@code item} line, which may also name {@code {#n}} (its number from 1), after {@code heading}
 * ({@code {#count}}: how many).
 *
 * @param lines    the draft's first lines
 * @param list     the field holding a list of objects (e.g. comments), one line each
 * @param heading  the line before the list
 * @param item     the line of one element
 * @param cutAt    characters of a {@code :cut} value shown before an ellipsis
 * @param accept   the answer that approves the draft (a boolean)
 * @param editable the draft field the person may edit when the draft is the call's own arguments
 */
public record DraftLayout(List<TextTemplate> lines, String list, TextTemplate heading, TextTemplate item, int cutAt,
                          Field accept, Field editable) {

  /** A field of the person's answer: its key, and the title and description the form shows. */
  public record Field(String name, String title, String description) {

    static Field from(String where, JsonObject json) {
      if (json == null || json.getString("field") == null || json.getString("title") == null
        || json.getString("description") == null) {
        throw new IllegalStateException(where + " needs \"field\", \"title\" and \"description\"");
      }
      return new Field(json.getString("field"), json.getString("title"), json.getString("description"));
    }
  }

  public DraftLayout {
    lines = List.copyOf(lines);
  }

  static DraftLayout from(String where, JsonObject json) {
    JsonObject list = json.getJsonObject("list");
    if (json.getJsonArray("lines") == null || list == null || list.getString("field") == null
      || list.getString("heading") == null || list.getString("item") == null || !(json.getValue("cutAt") instanceof Integer)) {
      throw new IllegalStateException(where + " needs \"lines\", \"list\" {field, heading, item} and \"cutAt\"");
    }
    return new DraftLayout(json.getJsonArray("lines").stream().map(line -> TextTemplate.parse(String.valueOf(line))).toList(),
      list.getString("field"), TextTemplate.parse(list.getString("heading")), TextTemplate.parse(list.getString("item")),
      json.getInteger("cutAt"), Field.from(where + " accept", json.getJsonObject("accept")),
      Field.from(where + " editable", json.getJsonObject("editable")));
  }

  /** The draft in words, exactly as it would be posted by {@code tool}. */
  public String describe(String tool, JsonObject draft) {
    StringBuilder text = new StringBuilder();
    for (TextTemplate line : lines) {
      text.append(text.isEmpty() ? "" : "\n").append(line.render(name -> "#tool".equals(name) ? tool : draft.getValue(name), cutAt));
    }
    JsonArray elements = draft.getJsonArray(list, new JsonArray());
    text.append("\n").append(heading.render(name -> "#count".equals(name) ? elements.size() : draft.getValue(name), cutAt));
    for (int i = 0; i < elements.size(); i++) {
      JsonObject element = elements.getJsonObject(i);
      int number = i + 1;
      text.append("\n").append(item.render(name -> "#n".equals(name) ? number : element.getValue(name), cutAt));
    }
    return text.toString();
  }
}
