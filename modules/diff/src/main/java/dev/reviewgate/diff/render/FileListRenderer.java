package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.FileDiff;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The {@code files_only} body: one entry per file, {@code {path, old_path, status, additions, deletions, binary}};
 * without counts ({@code counts: false}), {@code {path, old_path, status}} plus {@code similarity} for a rename or
 * copy and {@code old_mode}/{@code new_mode} when the mode changed: what git's {@code --name-status} and
 * {@code --summary} tell, nothing that needs a file's content.
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
    return new JsonObject()
      .put("path", f.path())
      .put("old_path", f.oldPath())
      .put("status", f.changeType().label())
      .put("additions", f.additions())
      .put("deletions", f.deletions())
      .put("binary", f.binary());
  }

  private static JsonObject uncounted(FileDiff f) {
    JsonObject entry = new JsonObject()
      .put("path", f.path())
      .put("old_path", f.oldPath())
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
