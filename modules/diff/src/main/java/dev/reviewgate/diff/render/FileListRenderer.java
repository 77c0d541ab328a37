package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.xdiff.PathBytes;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The {@code files_only} body: one entry per file, {@code {path, old_path, status, additions, deletions, binary}};
 * without counts ({@code counts: false}), {@code {path, old_path, status}} plus {@code similarity} for a rename or
 * copy and {@code old_mode}/{@code new_mode} when the mode changed: what git's {@code --name-status} and
 * {@code --summary} tell, nothing that needs a file's content. A name that is not UTF-8 shows its bytes that are not as
 * U+FFFD in {@code path}, and comes whole, as git quotes it, in {@code path_quoted} ({@code old_path_quoted}).
 */
public final class FileListRenderer {

  private FileListRenderer() {
  }

  public static JsonArray render(List<FileDiff> files) {
    return render(files, true);
  }

  public static JsonArray render(List<FileDiff> files, boolean counts) {
    JsonArray out = new JsonArray();
    for (FileDiff f : files) {
      out.add(counts ? entry(f) : uncounted(f));
    }
    return out;
  }

  /** The fields every file description starts with (the json format adds hunks and headers to them). */
  public static JsonObject entry(FileDiff f) {
    return paths(new JsonObject(), f.path(), f.oldPath())
      .put("status", f.changeType().label())
      .put("additions", f.additions())
      .put("deletions", f.deletions())
      .put("binary", f.binary());
  }

  /** {@code path} and {@code old_path} (null when there is none) put by {@link #name}. */
  public static JsonObject paths(JsonObject out, String path, String oldPath) {
    return name(name(out, "path", path), "old_path", oldPath);
  }

  /**
   * A name as JSON text, valid Unicode whatever its bytes (U+FFFD for each byte that is not UTF-8), and beside a name
   * that is not UTF-8, under {@code <key>_quoted}, its lossless form: git's C-quoted name ({@code "caf\351.txt"},
   * core.quotePath on), which the git tools take back as a path.
   */
  public static JsonObject name(JsonObject out, String key, String path) {
    out.put(key, path == null ? null : PathBytes.display(path));
    if (path != null && PathBytes.hasEscapes(path)) {
      out.put(key + "_quoted", PathBytes.quoted(path));
    }
    return out;
  }

  private static JsonObject uncounted(FileDiff f) {
    JsonObject entry = paths(new JsonObject(), f.path(), f.oldPath())
      .put("status", f.changeType().label());
    if (f.similarity() != null) {
      entry.put("similarity", f.similarity());
    }
    if (f.oldMode() != null && f.newMode() != null && !f.oldMode().equals(f.newMode())) {
      entry.put("old_mode", f.oldMode()).put("new_mode", f.newMode());
    }
    return entry;
  }
}
