package dev.reviewgate.review;

import io.vertx.core.json.JsonObject;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A suggested change in a comment (a {@code ```suggestion} block, as on GitHub): the lines {@code startLine}..{@code
 * line} of {@code path} after the change are to be replaced by {@code replacement} (empty: deleted). The agent gets it
 * as a structured edit it can apply as is.
 */
record Suggestion(String path, int startLine, int line, String replacement) {

  private static final Pattern BLOCK = Pattern.compile("(?m)^[ \\t]*```suggestion[ \\t]*\\R(.*?)^[ \\t]*```[ \\t]*$",
    Pattern.DOTALL);

  /** The suggestion in a comment on new-side lines, or null (no block, or not on lines after the change). */
  static Suggestion in(Feedback f) {
    if (f.file() == null || f.line() == null || !"new".equals(f.side()) || f.body() == null) {
      return null;
    }
    Matcher m = BLOCK.matcher(f.body());
    if (!m.find()) {
      return null;
    }
    String replacement = m.group(1).replace("\r\n", "\n");
    return new Suggestion(f.file(), f.startLine() == null ? f.line() : f.startLine(), f.line(), replacement);
  }

  JsonObject toJson() {
    return new JsonObject().put("path", path).put("side", "new").put("start_line", startLine).put("line", line)
      .put("replacement", replacement);
  }
}
