package dev.reviewgate.forge.diff;

import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.Diff;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The part of a forge's diff tool answer that is the same for every forge whose change list goes through
 * {@link ForgeDiffs}: {@code changes} (each with its diff shaped as asked), {@code pagination}, {@code diffs}, and the
 * page's text ({@code diff}) or, under a budget or a marker scan, the engine's shaping of the whole page.
 */
public final class DiffPageJson {

  /** Options that shape the whole page's text at once (a budget over all files), not each file alone. */
  private static final List<String> PAGE_SHAPING = List.of("max_bytes", "token_budget", "markers");

  private DiffPageJson() {
  }

  /**
   * Adds the page's members to {@code result}, and what the diffs' writing and shaping warn of to {@code warnings}.
   *
   * @param written the page's diffs, or null when diffs were not asked for
   * @param entry   a change's entry without its diff, in the forge's words ({@code change_type}, {@code path}, …)
   */
  public static <C> void write(DiffEngine engine, ChangePage<C> page, ForgeDiffs.Written<C> written, Function<C, JsonObject> entry,
                               Function<C, String> path, JsonObject args, JsonObject result, List<String> warnings) {
    Map<C, ChangeDiff> byChange = written == null ? Map.of() : written.byChange();
    if (written != null) {
      warnings.addAll(written.warnings());
    }
    String format = args.getString("format", "unified");
    int maxLines = args.getInteger("max_lines_per_file", engine.options().maxLinesPerFile());
    boolean budget = args.containsKey("max_bytes") || args.containsKey("token_budget");
    JsonArray changes = new JsonArray();
    StringBuilder text = new StringBuilder();
    List<ChangeDiff> whole = new ArrayList<>();
    List<String> truncated = new ArrayList<>();
    int additions = 0;
    int deletions = 0;
    for (C change : page.page()) {
      JsonObject shown = entry.apply(change);
      ChangeDiff diff = byChange.get(change);
      if (diff != null) {
        additions += diff.additions();
        deletions += diff.deletions();
        whole.add(diff);
        JsonObject shaped = new JsonObject();
        if (!budget) {
          FileView view = FileView.of(engine, diff, format, maxLines, args);
          shaped.put("format", view.format()).put("content", view.content()).put("is_truncated", view.truncated());
          if (view.truncated()) {
            truncated.add(path.apply(change));
          }
          if (view.content() instanceof String s) {
            text.append(s);
          }
        }
        shown.put("diff", shaped.put("additions", diff.additions()).put("deletions", diff.deletions()).put("binary", diff.binary()));
      }
      changes.add(shown);
    }
    if (!truncated.isEmpty()) {
      warnings.add(FileView.truncatedWarning(truncated, maxLines));
    }
    int skip = page.skip();
    result.put("changes", changes).put("pagination", new JsonObject()
      .put("showing", page.page().isEmpty() ? "0" : (skip + 1) + "-" + (skip + page.page().size()))
      .put("total", page.selected().size()).put("has_more", page.hasMore())
      .put("next_skip", page.hasMore() ? skip + page.page().size() : null));
    result.put("diffs", new JsonObject().put("included", written != null)
      .put("source", written == null ? null : written.source()).put("total_files_with_diffs", byChange.size())
      .put("total_additions", additions).put("total_deletions", deletions).put("truncated_files", new JsonArray(truncated)));
    Diff all = ChangeDiff.joined(whole);
    if (PAGE_SHAPING.stream().anyMatch(args::containsKey) && !all.files().isEmpty()) {
      // A budget or marker scan covers the whole page: the engine shapes the page's diff at once.
      JsonObject shaping = new JsonObject();
      for (String key : List.of("format", "max_lines_per_file", "max_bytes", "token_budget", "side_by_side_width", "markers")) {
        if (args.containsKey(key)) {
          shaping.put(key, args.getValue(key));
        }
      }
      JsonObject shaped = engine.shape(all, shaping);
      for (String key : List.of("diff", "files", "stat", "cut", "markers")) {
        if (shaped.containsKey(key)) {
          result.put(key, shaped.getValue(key));
        }
      }
      shaped.getJsonArray("warnings", new JsonArray()).forEach(w -> warnings.add(String.valueOf(w)));
    } else if (!text.isEmpty()) {
      result.put("diff", text.toString());
    }
  }
}
