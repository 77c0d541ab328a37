package dev.reviewgate.forge;

import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The summary of a pull request's changes every forge's diff tool gives: counts by kind, most frequent first. */
public final class ChangeSummary {

  private ChangeSummary() {
  }

  /**
   * {@code total_changes}, {@code changes_by_type} and {@code change_summary} ("10 edit, 3 add, 2 delete", as people
   * say it; ties by name) of changes of the given kinds.
   */
  public static JsonObject of(List<String> kinds) {
    Map<String, Integer> counts = new HashMap<>();
    kinds.forEach(kind -> counts.merge(kind, 1, Integer::sum));
    List<Map.Entry<String, Integer>> byType = counts.entrySet().stream()
      .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey())).toList();
    JsonObject types = new JsonObject();
    byType.forEach(e -> types.put(e.getKey(), e.getValue()));
    return new JsonObject().put("total_changes", kinds.size()).put("changes_by_type", types)
      .put("change_summary", byType.stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")));
  }
}
