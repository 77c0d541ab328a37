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
 * @param reason   {@code max_lines_per_file}, {@code max_bytes} or {@code token_budget}
 */
public record Cut(FileDiff original, FileDiff shown, String reason) {

  /**
   * @param callArguments the caller's arguments; {@code fetch} is them with the paging, filtering and budget options
   *                      replaced so that exactly this file comes back whole ({@code diff} itself is left out)
   */
  public JsonObject toJson(JsonObject callArguments, int defaultMaxLines) {
    JsonObject fetch = callArguments.copy();
    for (String key : new String[] {"diff", "skip", "top", "files", "include", "exclude", "files_only", "max_bytes",
      "token_budget", "max_lines_per_file"}) {
      fetch.remove(key);
    }
    fetch.put("files", new JsonArray().add(dev.reviewgate.xdiff.PathBytes.quotedIfNotUtf8(original.path())));
    int lines = original.lineCount();
    if (lines > defaultMaxLines) {
      fetch.put("max_lines_per_file", lines);
    }
    int shownHunks = shown == null ? 0 : shown.hunks().size();
    return dev.reviewgate.diff.render.FileListRenderer.paths(new JsonObject(), original.path(), original.oldPath())
      .put("status", original.changeType().label())
      .put("additions", original.additions())
      .put("deletions", original.deletions())
      .put("shown_additions", shown == null ? 0 : shown.additions())
      .put("shown_deletions", shown == null ? 0 : shown.deletions())
      .put("omitted_hunks", original.hunks().size() - shownHunks)
      .put("omitted", shown == null)
      .put("reason", reason)
      .put("tokens", TokenEstimator.tokens(UnifiedRenderer.fileBytes(original)))
      .put("fetch", fetch);
  }
}
