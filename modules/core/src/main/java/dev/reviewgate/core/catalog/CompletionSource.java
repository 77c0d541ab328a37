package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where completion values come from: {@code tool}, called without arguments, replies with a list of items under
 * {@code items}; each item is named by its {@code nameField} (a plain string item is its own name) and gives the
 * values of its {@code values} fields (a string, or a list of strings or of objects named by {@code nameField}).
 * With {@code filterBy}, only the item named by that argument of the completion request's context counts, when
 * the context has it. {@code first} values come before the reply's. Declared in
 * {@code reviewgate/catalog/completions/<name>.json}.
 */
public record CompletionSource(
  String name,
  String tool,
  String items,
  String nameField,
  String filterBy,
  List<String> first,
  List<String> values) {

  /** The values in a reply of the tool, in order, each once; only the item named {@code filter} when it is not null. */
  public List<String> values(JsonObject reply, String filter) {
    Set<String> out = new LinkedHashSet<>(first);
    for (Object entry : reply.getJsonArray(items, new JsonArray())) {
      JsonObject item = entry instanceof String text ? new JsonObject().put(nameField, text)
        : entry instanceof JsonObject object && object.getValue(nameField) instanceof String ? object : null;
      if (item == null || filter != null && !filter.equals(item.getString(nameField))) {
        continue;
      }
      for (String field : values) {
        Object value = item.getValue(field);
        if (value instanceof String text) {
          out.add(text);
        } else if (value instanceof JsonArray list) {
          list.forEach(element ->
            out.add(element instanceof JsonObject named ? named.getString(nameField) : String.valueOf(element)));
        }
      }
    }
    return new ArrayList<>(out);
  }
}
