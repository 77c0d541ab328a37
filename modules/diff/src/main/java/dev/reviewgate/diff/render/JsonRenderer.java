package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Structured files: the {@link FileListRenderer} fields plus modes, similarity, index, the extended header lines
 * and hunks whose every line carries its old and new line number (null where the side has none), so a reader
 * cites the right line without counting.
 */
public final class JsonRenderer {

  private JsonRenderer() {
  }

  public static JsonArray render(List<FileDiff> files) {
    JsonArray out = new JsonArray();
    for (FileDiff f : files) {
      out.add(file(f));
    }
    return out;
  }

  public static JsonObject file(FileDiff f) {
    JsonArray headers = new JsonArray();
    for (ByteSlice line : f.extendedHeaderLines()) {
      headers.add(line.lineText().stripTrailing());
    }
    JsonArray hunks = new JsonArray();
    for (Hunk h : f.hunks()) {
      hunks.add(hunk(h));
    }
    return FileListRenderer.entry(f)
      .put("old_mode", f.oldMode())
      .put("new_mode", f.newMode())
      .put("similarity", f.similarity())
      .put("index", f.index())
      .put("cut", f.cut())
      .put("headers", headers)
      .put("hunks", hunks);
  }

  public static JsonObject hunk(Hunk h) {
    JsonArray lines = new JsonArray();
    h.forEachLine((kind, oldNo, newNo, src, s, e) -> {
      int from = kind == LineKind.CONTEXT && (src[s] == '\n' || src[s] == '\r') ? s : s + 1;
      int to = e > from && src[e - 1] == '\n' ? e - 1 : e;
      JsonObject line = new JsonObject()
        .put("kind", kind.label())
        .put("old", oldNo == 0 ? null : oldNo)
        .put("new", newNo == 0 ? null : newNo)
        .put("text", new String(src, from, Math.max(0, to - from), StandardCharsets.UTF_8));
      lines.add(line);
    });
    return new JsonObject()
      .put("old_start", h.oldStart())
      .put("old_count", h.oldCount())
      .put("new_start", h.newStart())
      .put("new_count", h.newCount())
      .put("heading", h.heading().utf8())
      .put("lines", lines);
  }
}
