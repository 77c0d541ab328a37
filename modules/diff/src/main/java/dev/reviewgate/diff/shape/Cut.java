package dev.reviewgate.diff.shape;

import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.render.UnifiedRenderer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A file that shaping cut short or left out, and how to fetch all of it.
 *
 * @param original the file as it was before any cut (after filtering and binary stripping)
 * @param shown    what remains in the result, null when the file was left out entirely
 * @param reason   {@code max_lines_per_file}
 */
public record Cut(FileDiff original, FileDiff shown, String reason) {

  /** Files of a cut named in the summary; the rest are counted. */
  static final int NAMED = 5;

  /**
   * What was cut, in bounded space: how many files and by which limit, the first {@link #NAMED} with their counts,
   * and {@code fetch}: the caller's arguments set to return the first of them whole (the others alike, by path).
   *
   * @param callArguments the caller's arguments; {@code fetch} is them with the paging, filtering and budget options
   *                      replaced so that exactly one file comes back whole ({@code diff} itself is left out)
   */
  public static JsonObject summary(java.util.List<Cut> cuts, JsonObject callArguments, int defaultMaxLines) {
    JsonObject byReason = new JsonObject();
    JsonArray named = new JsonArray();
    for (Cut c : cuts) {
      byReason.put(c.reason(), byReason.getInteger(c.reason(), 0) + 1);
      if (named.size() < NAMED) {
        named.add(c.toJson());
      }
    }
    return new JsonObject().put("files", cuts.size()).put("by_reason", byReason).put("first", named)
      .put("fetch", cuts.get(0).fetch(callArguments, defaultMaxLines));
  }

  private JsonObject fetch(JsonObject callArguments, int defaultMaxLines) {
    JsonObject fetch = callArguments.copy();
    for (String key : new String[] {"diff", "skip", "top", "files", "include", "exclude", "files_only", "max_bytes",
      "token_budget", "max_lines_per_file", "cursor"}) {
      fetch.remove(key);
    }
    fetch.put("files", new JsonArray().add(dev.reviewgate.xdiff.PathBytes.quotedIfNotUtf8(original.path())));
    int lines = original.lineCount();
    if (lines > defaultMaxLines) {
      fetch.put("max_lines_per_file", lines);
    }
    return fetch;
  }

  private JsonObject toJson() {
    int shownHunks = shown == null ? 0 : shown.hunks().size();
    return dev.reviewgate.diff.render.FileListRenderer.paths(new JsonObject(), original.path(), original.oldPath())
      .put("status", original.changeType().label())
      .put("reason", reason)
      .put("additions", original.additions())
      .put("deletions", original.deletions())
      .put("shown_additions", shown == null ? 0 : shown.additions())
      .put("shown_deletions", shown == null ? 0 : shown.deletions())
      .put("omitted_hunks", original.hunks().size() - shownHunks)
      .put("tokens", TokenEstimator.tokens(UnifiedRenderer.fileBytes(original)));
  }
}
