package dev.reviewgate.review;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The diff of a review in the diff engine's JSON form ({@code reviewgate.git.diff} with format json): files with
 * +/- counts and hunks whose lines carry {@code kind} (context, add, delete, no_newline), {@code old}/{@code new}
 * line numbers and {@code text}; plus the engine's marker hits. The dashboard renders it as is; reviews take their
 * file stats, markers and code context from it.
 */
public final class DiffView {

  private final JsonObject json;

  private DiffView(JsonObject json) {
    this.json = json;
  }

  /**
   * The engine's result as the page and the reviews use it: a file a limit cut carries its whole counts in
   * {@code additions}/{@code deletions} (git's numstat) and what is shown in {@code shown_additions},
   * {@code shown_deletions} and {@code omitted_hunks}; changed lines carry their changed words ({@link WordChanges}).
   */
  public static DiffView fromGitDiff(JsonObject result) {
    // A file a limit cut already carries its whole counts beside what it shows (the engine's json format).
    JsonArray files = result.getJsonArray("files", new JsonArray());
    files.forEach(file -> WordChanges.mark((JsonObject) file));
    JsonObject view = new JsonObject()
      .put("files", files)
      .put("warnings", result.getJsonArray("warnings", new JsonArray()))
      .put("summary", result.getJsonObject("summary", new JsonObject()));
    if (result.containsKey("cut")) {
      view.put("cut", result.getValue("cut"));
    }
    return new DiffView(view.put("markers", result.getJsonArray("markers", new JsonArray())));
  }

  public JsonObject toJson() {
    return json;
  }

  public List<FileStat> fileStats() {
    List<FileStat> stats = new ArrayList<>();
    for (JsonObject file : files()) {
      stats.add(new FileStat(file.getString("path"), file.getString("old_path"), file.getString("status"),
        file.getInteger("additions", 0), file.getInteger("deletions", 0), file.getBoolean("binary", false)));
    }
    return stats;
  }

  /** The engine's marker hits (added lines only) as review markers, texts cut to {@code maxChars}. */
  public List<Marker> markers(int maxChars) {
    List<Marker> markers = new ArrayList<>();
    for (Object item : json.getJsonArray("markers")) {
      JsonObject hit = (JsonObject) item;
      String text = hit.getString("text", "");
      markers.add(new Marker(hit.getString("path"), hit.getInteger("line"), kind(hit.getString("marker")),
        text.length() > maxChars ? text.substring(0, maxChars) + "…" : text));
    }
    return markers;
  }

  private static String kind(String marker) {
    return switch (marker) {
      case "💡" -> "insight";
      case "❓" -> "question";
      case "TODO:" -> "todo";
      case "FIXME:" -> "fixme";
      default -> marker;
    };
  }

  /**
   * The lines around {@code startLine}..{@code line} (startLine null: one line) on {@code side} ("old" or "new") of
   * {@code file}, from the hunk that shows {@code line}, each in range marked {@code target}; null when the diff does
   * not show that line.
   */
  public JsonObject context(String file, Integer startLine, int line, String side, int around) {
    String numberKey = "old".equals(side) ? "old" : "new";
    int first = startLine == null ? line : startLine;
    for (JsonObject f : files()) {
      if (!file.equals(f.getString("path")) && !file.equals(f.getString("old_path"))) {
        continue;
      }
      for (Object h : f.getJsonArray("hunks", new JsonArray())) {
        JsonArray lines = ((JsonObject) h).getJsonArray("lines");
        int from = -1;
        for (int i = 0; i < lines.size(); i++) {
          Integer number = lines.getJsonObject(i).getInteger(numberKey);
          if (number != null && from < 0 && number >= first && number <= line) {
            from = i;
          }
          if (number != null && number == line) {
            JsonArray window = new JsonArray();
            for (int j = Math.max(0, from - around); j <= Math.min(lines.size() - 1, i + around); j++) {
              Integer at = lines.getJsonObject(j).getInteger(numberKey);
              window.add(lines.getJsonObject(j).copy().put("target", at != null && at >= first && at <= line));
            }
            return new JsonObject().put("file", file).put("line", line).put("side", numberKey).put("lines", window);
          }
        }
      }
    }
    return null;
  }

  private List<JsonObject> files() {
    List<JsonObject> files = new ArrayList<>();
    json.getJsonArray("files").forEach(f -> files.add((JsonObject) f));
    return files;
  }
}
