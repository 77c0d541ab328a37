package dev.reviewgate.forge.diff;

import dev.reviewgate.diff.DiffEngine;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One change's diff in the format a forge's diff tool asks for, cut after {@code max_lines_per_file} lines by the
 * diff engine: git's text as written when it is unified and short enough, else the engine's shaping of the model.
 *
 * @param content the text; for {@code json} the engine's object of the file (null when it has none); for
 *                {@code stat} the stat lines
 */
public record FileView(String format, Object content, boolean truncated) {

  /** @param args the tool's arguments, for the options that shape one file ({@code side_by_side_width}) */
  public static FileView of(DiffEngine engine, ChangeDiff diff, String format, int maxLines, JsonObject args) {
    if (diff.files().isEmpty()) {
      return new FileView(format, "", false);
    }
    byte[] text = engine.render(diff.diff());
    int lines = 0;
    for (byte b : text) {
      if (b == '\n') {
        lines++;
      }
    }
    if ("unified".equals(format) && lines <= maxLines) {
      return new FileView(format, new String(text, StandardCharsets.UTF_8), false);
    }
    // One file of a page the tool bounds by its own top/skip and max_lines_per_file: no reply budget per file.
    JsonObject options = new JsonObject().put("format", format).put("max_lines_per_file", maxLines)
      .put("max_bytes", Integer.MAX_VALUE);
    if (args.containsKey("side_by_side_width")) {
      options.put("side_by_side_width", args.getValue("side_by_side_width"));
    }
    JsonObject shaped = engine.shape(diff.diff(), options);
    boolean cut = shaped.containsKey("cut");
    Object content = switch (format) {
      case "json" -> shaped.getJsonArray("files", new JsonArray()).isEmpty() ? null : shaped.getJsonArray("files").getJsonObject(0);
      case "stat" -> shaped.getString("stat", "");
      default -> shaped.getString("diff", "");
    };
    return new FileView(format, content, cut);
  }

  /** The warning of a page whose files {@code max_lines_per_file} cut, naming the first ten; null when none was. */
  public static String truncatedWarning(List<String> paths, int maxLines) {
    return paths.isEmpty() ? null : paths.size() + " file(s) had truncated diffs exceeding max_lines_per_file (" + maxLines
      + "): " + String.join(", ", paths.subList(0, Math.min(10, paths.size()))) + (paths.size() > 10 ? ", ..." : "")
      + ". Raise max_lines_per_file or narrow include to read them whole.";
  }
}
