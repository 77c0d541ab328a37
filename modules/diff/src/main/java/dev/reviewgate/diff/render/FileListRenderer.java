package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.FileDiff;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The {@code files_only} body: one entry per file, {@code {path, old_path, status, additions, deletions, binary}}. */
public final class FileListRenderer {

  private FileListRenderer() {
  }

  public static JsonArray render(List<FileDiff> files) {
    JsonArray out = new JsonArray();
    for (FileDiff f : files) {
      out.add(entry(f));
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
}
