package dev.reviewgate.git;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Renders changed files as {@code git diff --stat} does: one line per file with a +/- graph, then the totals. */
final class DiffStatText {

  private static final int WIDTH = 80;

  private DiffStatText() {
  }

  static JsonObject withText(JsonObject changed) {
    JsonArray files = changed.getJsonArray("files");
    int nameWidth = 0;
    int maxChange = 0;
    for (int i = 0; i < files.size(); i++) {
      JsonObject file = files.getJsonObject(i);
      nameWidth = Math.max(nameWidth, name(file).length());
      maxChange = Math.max(maxChange, file.getInteger("additions") + file.getInteger("deletions"));
    }
    nameWidth = Math.min(nameWidth, 50);
    int countWidth = Math.max(String.valueOf(maxChange).length(), 3);
    int graphWidth = Math.max(WIDTH - nameWidth - countWidth - 6, 10);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < files.size(); i++) {
      JsonObject file = files.getJsonObject(i);
      String name = name(file);
      if (name.length() > nameWidth) {
        name = "..." + name.substring(name.length() - nameWidth + 3);
      }
      text.append(' ').append(name).append(" ".repeat(nameWidth - name.length())).append(" | ");
      if (file.getBoolean("binary")) {
        text.append("Bin\n");
        continue;
      }
      int added = file.getInteger("additions");
      int deleted = file.getInteger("deletions");
      int total = added + deleted;
      String count = String.valueOf(total);
      text.append(" ".repeat(countWidth - count.length())).append(count);
      if (total > 0) {
        int plus = scale(added, maxChange, graphWidth);
        int minus = scale(deleted, maxChange, graphWidth);
        text.append(' ').append("+".repeat(plus)).append("-".repeat(minus));
      }
      text.append('\n');
    }
    JsonObject totals = changed.getJsonObject("totals");
    int count = totals.getInteger("files_changed");
    int insertions = totals.getInteger("insertions");
    int deletions = totals.getInteger("deletions");
    text.append(' ').append(count).append(count == 1 ? " file changed" : " files changed");
    if (insertions > 0 || deletions == 0) {
      text.append(", ").append(insertions).append(insertions == 1 ? " insertion(+)" : " insertions(+)");
    }
    if (deletions > 0 || insertions == 0) {
      text.append(", ").append(deletions).append(deletions == 1 ? " deletion(-)" : " deletions(-)");
    }
    text.append('\n');
    return changed.put("text", text.toString());
  }

  private static String name(JsonObject file) {
    String oldPath = file.getString("old_path");
    return oldPath == null ? file.getString("path") : oldPath + " => " + file.getString("path");
  }

  private static int scale(int value, int max, int width) {
    if (max <= width || value == 0) {
      return value;
    }
    return Math.max(1, (int) Math.round((double) value * width / max));
  }
}
