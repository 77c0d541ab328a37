package dev.reviewgate.git;

import dev.reviewgate.diff.render.StatRenderer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code git_diff_stat}: the changed-file list with the text {@code git diff --stat} prints, rendered by the diff
 * engine's {@link StatRenderer} — the same renderer as {@code git_diff} with {@code format: stat}.
 */
final class DiffStatText {

  private DiffStatText() {
  }

  static JsonObject withText(JsonObject changed, int width) {
    JsonArray files = changed.getJsonArray("files");
    List<StatRenderer.Entry> entries = new ArrayList<>(files.size());
    for (int i = 0; i < files.size(); i++) {
      JsonObject file = files.getJsonObject(i);
      entries.add(new StatRenderer.Entry(file.getString("path"), file.getString("old_path"),
        file.getInteger("additions", 0), file.getInteger("deletions", 0), file.getBoolean("binary", false)));
    }
    return changed.put("text", StatRenderer.renderEntries(entries, width));
  }
}
