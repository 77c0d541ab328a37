package dev.reviewgate.forge.diff;

import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.render.UnifiedRenderer;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A page of a forge's changes with their diffs, as every forge's diff tool answers it: each change's entry (the
 * forge's own members, then its {@code diff} shaped by {@link FileView}), {@code pagination}, the {@code diffs}
 * totals, and the page's text ({@code diff}), or, under a budget or a marker scan, the engine's shaping of the whole
 * page at once.
 */
public final class DiffPageJson {

  /** Options that shape the whole page's text at once (a budget over all files), not each file alone. */
  private static final List<String> PAGE_SHAPING = List.of("max_bytes", "token_budget", "markers");
  /** How a client reads a forge diff tool's reply: its page's text, then the rest (catalog {@code replyContent}). */
  private static final ReplyContent DIFF_TEXT = new ReplyContent("diff", null, List.of());

  private DiffPageJson() {
  }

  /**
   * Puts {@code changes}, {@code pagination}, {@code diffs} and the page's text into {@code result}.
   *
   * @param written  the page's diffs, or null when diffs were not asked for
   * @param entry    a change's entry with the forge's own members ({@code diff} is added here when it has one)
   * @param warnings where what the page could not show is said
   */
  public static <C> void write(DiffEngine engine, ChangePage<C> page, ForgeDiffs.Written<C> written, Function<C, String> path,
                               Function<C, JsonObject> entry, JsonObject args, JsonObject result, List<String> warnings) {
    if (args.containsKey("max_bytes") || args.containsKey("token_budget")) {
      writeOnce(engine, page, written, path, entry, args, result, warnings);
      return;
    }
    JsonObject before = result.copy();
    List<String> notes = new ArrayList<>(warnings);
    writeOnce(engine, page, written, path, entry, args, result, warnings);
    ReplyBudget fallback = ReplyBudget.of(args, engine.options().defaultTokenBudget());
    if (fallback.fits(result.copy().put("warnings", new JsonArray(new ArrayList<>(warnings))), DIFF_TEXT)) {
      return;
    }
    // A page that would pass the default budget shaped change by change is paged by it, as one the agent gave would be.
    result.clear();
    result.mergeIn(before);
    warnings.clear();
    warnings.addAll(notes);
    writeOnce(engine, page, written, path, entry, args.copy().put("token_budget", engine.options().defaultTokenBudget()),
      result, warnings);
  }

  private static <C> void writeOnce(DiffEngine engine, ChangePage<C> page, ForgeDiffs.Written<C> written,
                                    Function<C, String> path, Function<C, JsonObject> entry, JsonObject args,
                                    JsonObject result, List<String> warnings) {
    Map<C, ChangeDiff> byChange = written == null ? Map.of() : written.byChange();
    if (written != null) {
      warnings.addAll(written.warnings());
    }
    String format = args.getString("format", "unified");
    int maxLines = args.getInteger("max_lines_per_file", engine.options().maxLinesPerFile());
    boolean pageShaping = PAGE_SHAPING.stream().anyMatch(args::containsKey);
    boolean budget = args.containsKey("max_bytes") || args.containsKey("token_budget");
    List<JsonObject> entries = new ArrayList<>();
    page.page().forEach(change -> entries.add(entry.apply(change))); // once each: an entry may say something in warnings
    Listed listed = listed(engine, page, page.page().size(), entries, byChange, path, format, maxLines, args, budget);
    if (budget) {
      // The change list goes beside the page's text, in the same budget: at most half of it, the page ending earlier.
      ReplyBudget whole = ReplyBudget.of(args, engine.options().defaultTokenBudget());
      ReplyBudget half = new ReplyBudget(whole.bytes() / 2, whole.limit());
      JsonObject list = half.largest(page.page().size(), k -> besides(page, k, listed(engine, page, k, entries, byChange, path,
        format, maxLines, args, true), written, result), ReplyContent.NONE);
      int fit = list.getJsonArray("changes").size();
      if (fit < page.page().size()) {
        warnings.add("this page stops after " + fit + " of its " + page.page().size() + " changes, whose list alone would "
          + "pass half of " + whole.limit() + "; ask skip=" + (page.skip() + fit) + " (pagination.next_skip) for the rest");
        listed = listed(engine, page, fit, entries, byChange, path, format, maxLines, args, true);
      }
    }
    if (!listed.truncated().isEmpty()) {
      warnings.add(FileView.truncatedWarning(listed.truncated(), maxLines));
    }
    result.mergeIn(besides(page, listed.changes().size(), listed, written, new JsonObject()));
    Diff all = ChangeDiff.joined(listed.whole());
    if (pageShaping && !all.files().isEmpty()) {
      // A budget or marker scan covers the whole page: the engine shapes the page's diff at once, counting in its
      // budget everything else the reply holds (the change list, the notes so far).
      JsonObject shaping = new JsonObject();
      for (String key : List.of("format", "max_lines_per_file", "max_bytes", "token_budget", "cursor", "side_by_side_width",
        "markers")) {
        if (args.containsKey(key)) {
          shaping.put(key, args.getValue(key));
        }
      }
      JsonObject beside = result.copy().put("warnings", new JsonArray(new ArrayList<>(warnings)));
      JsonObject shaped = engine.shapeBeside(all, shaping, ReplyBudget.wireBytes(beside, ReplyContent.NONE) - ReplyBudget.ENVELOPE);
      for (String key : List.of("diff", "files", "stat", "cut", "markers", "next_cursor")) {
        if (shaped.containsKey(key)) {
          result.put(key, shaped.getValue(key));
        }
      }
      shaped.getJsonArray("warnings", new JsonArray()).forEach(w -> warnings.add(String.valueOf(w)));
    } else if (!listed.text().isEmpty()) {
      result.put("diff", listed.text());
    }
  }

  /** The first {@code k} changes of a page: their entries, their diffs joined, their text when shaped one by one. */
  private record Listed(JsonArray changes, String text, List<ChangeDiff> whole, List<String> truncated, int additions,
                        int deletions) {
  }

  private static <C> Listed listed(DiffEngine engine, ChangePage<C> page, int k, List<JsonObject> entries,
                                   Map<C, ChangeDiff> byChange, Function<C, String> path, String format, int maxLines,
                                   JsonObject args, boolean budget) {
    JsonArray changes = new JsonArray();
    StringBuilder text = new StringBuilder();
    List<ChangeDiff> whole = new ArrayList<>();
    List<String> truncated = new ArrayList<>();
    int additions = 0;
    int deletions = 0;
    for (int i = 0; i < k; i++) {
      C change = page.page().get(i);
      JsonObject shown = entries.get(i).copy();
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
    return new Listed(changes, text.toString(), whole, truncated, additions, deletions);
  }

  /** {@code into} with the page's first {@code k} changes, {@code pagination} and the {@code diffs} totals. */
  private static <C> JsonObject besides(ChangePage<C> page, int k, Listed listed, ForgeDiffs.Written<C> written,
                                        JsonObject into) {
    int skip = page.skip();
    boolean more = skip + k < page.selected().size();
    JsonObject out = into.copy();
    out.put("changes", listed.changes()).put("pagination", new JsonObject()
      .put("showing", k == 0 ? "0" : (skip + 1) + "-" + (skip + k))
      .put("total", page.selected().size()).put("has_more", more)
      .put("next_skip", more ? skip + k : null));
    return out.put("diffs", new JsonObject().put("included", written != null)
      .put("source", written == null ? null : written.source())
      .put("total_files_with_diffs", written == null ? 0 : written.byChange().size())
      .put("total_additions", listed.additions()).put("total_deletions", listed.deletions())
      .put("truncated_files", new JsonArray(listed.truncated())));
  }
}
