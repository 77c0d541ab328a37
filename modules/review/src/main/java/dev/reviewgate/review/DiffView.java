package dev.reviewgate.review;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The diff of a review as the dashboard and the wait results use it: files with +/- counts, hunks, and lines with
 * {@code kind} (context, add, del, note), {@code old}/{@code new} line numbers and {@code text}. Built from the JSON
 * form of {@code reviewgate.git.diff}; also where marker comments and code context come from.
 */
public final class DiffView {

  private final JsonObject json;

  private DiffView(JsonObject json) {
    this.json = json;
  }

  public JsonObject toJson() {
    return json;
  }

  /** Reads the git_diff JSON result. */
  public static DiffView fromGitDiff(JsonObject result) {
    JsonArray files = new JsonArray();
    for (Object item : array(result, "files")) {
      if (item instanceof JsonObject file) {
        files.add(file(file));
      }
    }
    return new DiffView(new JsonObject().put("files", files)
      .put("warnings", result.getJsonArray("warnings", new JsonArray()))
      .put("summary", result.getJsonObject("summary", new JsonObject())));
  }

  public List<FileStat> fileStats() {
    List<FileStat> stats = new ArrayList<>();
    for (JsonObject file : files()) {
      stats.add(new FileStat(file.getString("path"), file.getString("old_path"), file.getString("status"),
        file.getInteger("additions"), file.getInteger("deletions"), file.getBoolean("binary")));
    }
    return stats;
  }

  /** Marker comments in added lines only. */
  public List<Marker> markers(int maxChars) {
    List<Marker> markers = new ArrayList<>();
    for (JsonObject file : files()) {
      for (Object h : file.getJsonArray("hunks")) {
        for (Object l : ((JsonObject) h).getJsonArray("lines")) {
          JsonObject line = (JsonObject) l;
          if (!"add".equals(line.getString("kind"))) {
            continue;
          }
          String text = line.getString("text");
          String kind = markerKind(text);
          if (kind != null) {
            String trimmed = text.strip();
            markers.add(new Marker(file.getString("path"), line.getInteger("new"), kind,
              trimmed.length() > maxChars ? trimmed.substring(0, maxChars) + "…" : trimmed));
          }
        }
      }
    }
    return markers;
  }

  /** 💡 insight, ❓ question, TODO:, FIXME: (the agent's notes to the reviewer). */
  static String markerKind(String text) {
    if (text.contains("\uD83D\uDCA1")) {
      return "insight";
    }
    if (text.contains("\u2753")) {
      return "question";
    }
    if (text.contains("TODO:")) {
      return "todo";
    }
    if (text.contains("FIXME:")) {
      return "fixme";
    }
    return null;
  }

  /**
   * The lines around {@code line} on {@code side} of {@code file}, taken from the hunk that contains it; null when
   * the diff does not show that line.
   */
  public JsonObject context(String file, int line, String side, int around) {
    String numberKey = "old".equals(side) ? "old" : "new";
    for (JsonObject f : files()) {
      if (!file.equals(f.getString("path")) && !file.equals(f.getString("old_path"))) {
        continue;
      }
      for (Object h : f.getJsonArray("hunks")) {
        JsonArray lines = ((JsonObject) h).getJsonArray("lines");
        for (int i = 0; i < lines.size(); i++) {
          Integer number = lines.getJsonObject(i).getInteger(numberKey);
          if (number != null && number == line) {
            JsonArray window = new JsonArray();
            for (int j = Math.max(0, i - around); j <= Math.min(lines.size() - 1, i + around); j++) {
              JsonObject l = lines.getJsonObject(j);
              window.add(new JsonObject().put("kind", l.getString("kind")).put("old", l.getInteger("old"))
                .put("new", l.getInteger("new")).put("text", l.getString("text")).put("target", j == i));
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

  private static JsonObject file(JsonObject f) {
    String newPath = first(f, "new_path", "newPath");
    String oldPath = first(f, "old_path", "oldPath");
    String path = first(f, "path");
    if (path == null) {
      path = newPath != null ? newPath : oldPath;
    }
    JsonArray hunks = new JsonArray();
    int additions = 0;
    int deletions = 0;
    for (Object item : array(f, "hunks")) {
      if (item instanceof JsonObject hunk) {
        JsonObject normal = hunk(hunk);
        for (Object l : normal.getJsonArray("lines")) {
          String kind = ((JsonObject) l).getString("kind");
          additions += "add".equals(kind) ? 1 : 0;
          deletions += "del".equals(kind) ? 1 : 0;
        }
        hunks.add(normal);
      }
    }
    String status = first(f, "status", "change_type", "changeType", "type");
    return new JsonObject()
      .put("path", path)
      .put("old_path", oldPath != null && !oldPath.equals(path) ? oldPath : null)
      .put("status", status == null ? "modified" : status.toLowerCase(Locale.ROOT))
      .put("additions", f.getInteger("additions", additions))
      .put("deletions", f.getInteger("deletions", deletions))
      .put("binary", f.getBoolean("binary", false))
      .put("hunks", hunks);
  }

  private static JsonObject hunk(JsonObject h) {
    int oldStart = number(h, 0, "old_start", "oldStart");
    int newStart = number(h, 0, "new_start", "newStart");
    JsonArray lines = new JsonArray();
    int oldNo = oldStart;
    int newNo = newStart;
    for (Object item : array(h, "lines")) {
      String kind;
      String text;
      Integer oldLine = null;
      Integer newLine = null;
      if (item instanceof JsonObject line) {
        kind = kind(first(line, "kind", "type", "op"));
        text = first(line, "text", "content", "line");
        oldLine = line.getInteger("old", line.getInteger("old_line", line.getInteger("old_number")));
        newLine = line.getInteger("new", line.getInteger("new_line", line.getInteger("new_number")));
      } else {
        String raw = String.valueOf(item);
        kind = raw.isEmpty() ? "context" : kind(raw.substring(0, 1));
        text = raw.isEmpty() ? "" : raw.substring(1);
      }
      text = text == null ? "" : stripTerminator(text);
      if ("add".equals(kind)) {
        newLine = newLine == null ? newNo : newLine;
        newNo = newLine + 1;
        oldLine = null;
      } else if ("del".equals(kind)) {
        oldLine = oldLine == null ? oldNo : oldLine;
        oldNo = oldLine + 1;
        newLine = null;
      } else if ("context".equals(kind)) {
        oldLine = oldLine == null ? oldNo : oldLine;
        newLine = newLine == null ? newNo : newLine;
        oldNo = oldLine + 1;
        newNo = newLine + 1;
      }
      lines.add(new JsonObject().put("kind", kind).put("old", oldLine).put("new", newLine).put("text", text));
    }
    String header = first(h, "header");
    return new JsonObject()
      .put("header", header == null ? null : stripTerminator(header))
      .put("old_start", oldStart)
      .put("old_count", number(h, 0, "old_count", "old_lines", "oldCount"))
      .put("new_start", newStart)
      .put("new_count", number(h, 0, "new_count", "new_lines", "newCount"))
      .put("lines", lines);
  }

  private static String kind(String raw) {
    if (raw == null) {
      return "note";
    }
    return switch (raw.toLowerCase(Locale.ROOT)) {
      case "+", "add", "added", "addition", "insert" -> "add";
      case "-", "del", "delete", "deleted", "deletion", "remove", "removed" -> "del";
      case " ", "context", "ctx", "unchanged", "equal" -> "context";
      default -> "note";
    };
  }

  private static String stripTerminator(String text) {
    int end = text.length();
    while (end > 0 && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
      end--;
    }
    return text.substring(0, end);
  }

  private static String first(JsonObject json, String... keys) {
    for (String key : keys) {
      Object value = json.getValue(key);
      if (value instanceof String s) {
        return s;
      }
    }
    return null;
  }

  private static int number(JsonObject json, int fallback, String... keys) {
    for (String key : keys) {
      if (json.getValue(key) instanceof Number n) {
        return n.intValue();
      }
    }
    return fallback;
  }

  private static JsonArray array(JsonObject json, String key) {
    JsonArray array = json.getJsonArray(key);
    return array == null ? new JsonArray() : array;
  }
}
