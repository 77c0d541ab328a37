package dev.reviewgate.diff.shape;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.DiffOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The shaping options every diff-producing tool accepts (catalog fragment {@code diff-shaping}), read from the
 * tool's arguments. Other arguments are ignored. The catalog validates types at the bus boundary; in-process
 * callers get the same checks here.
 *
 * @param files           exact full paths (old or new path of a file), null for all (an empty list means all too)
 * @param counts          false: {@code files_only} without +/- counts or binary (no content needed); only with filesOnly
 * @param contextLines    null to keep the source's context
 * @param top             null for no page limit
 * @param maxBytes        null for no byte cap
 * @param tokenBudget     null for no token budget
 */
public record ShapeOptions(List<String> files, List<String> include, List<String> exclude, boolean filesOnly,
                           boolean counts, Format format, Integer contextLines, int skip, Integer top, int maxLinesPerFile,
                           Long maxBytes, Integer tokenBudget, int sideBySideWidth, boolean markers) {

  public static ShapeOptions from(JsonObject args, DiffOptions defaults) {
    JsonObject a = args == null ? new JsonObject() : args;
    String formatName = string(a, "format");
    Format format = formatName == null ? Format.UNIFIED : Format.of(formatName);
    if (format == null) {
      throw ToolException.invalid("argument 'format' must be one of unified, side_by_side, json, stat; got '"
        + formatName + "'");
    }
    Integer maxLines = integer(a, "max_lines_per_file", 1);
    Integer width = integer(a, "side_by_side_width", 40);
    Integer maxBytes = integer(a, "max_bytes", 1);
    boolean filesOnly = bool(a, "files_only");
    boolean counts = bool(a, "counts", true);
    if (!counts && !filesOnly) {
      throw ToolException.invalid("counts=false applies to a file list: add files_only=true (or drop counts to get the diff)");
    }
    if (!counts && bool(a, "markers")) {
      throw ToolException.invalid("markers are found in the added lines, which counts=false does not read: drop markers, "
        + "or drop counts=false to list the files with their counts and markers");
    }
    return new ShapeOptions(
      quotedNamesRead(list(a, "files", true)),
      list(a, "include", false),
      list(a, "exclude", false),
      filesOnly,
      counts,
      format,
      integer(a, "context_lines", 0),
      orZero(integer(a, "skip", 0)),
      integer(a, "top", 1),
      maxLines != null ? maxLines : defaults.maxLinesPerFile(),
      maxBytes == null ? null : maxBytes.longValue(),
      integer(a, "token_budget", 1),
      width != null ? width : defaults.sideBySideWidth(),
      bool(a, "markers"));
  }

  /** A name given as git quotes it ({@code "caf\351.txt"}, a file list's {@code path_quoted}) names those bytes. */
  private static List<String> quotedNamesRead(List<String> files) {
    return files == null ? null : files.stream().map(dev.reviewgate.xdiff.PathBytes::unquoted).toList();
  }

  private static int orZero(Integer v) {
    return v == null ? 0 : v;
  }

  private static String string(JsonObject a, String key) {
    Object v = a.getValue(key);
    if (v == null) {
      return null;
    }
    if (!(v instanceof String s)) {
      throw ToolException.invalid("argument '" + key + "' must be a string");
    }
    return s;
  }

  private static boolean bool(JsonObject a, String key) {
    return bool(a, key, false);
  }

  private static boolean bool(JsonObject a, String key, boolean absent) {
    Object v = a.getValue(key);
    if (v == null) {
      return absent;
    }
    if (!(v instanceof Boolean b)) {
      throw ToolException.invalid("argument '" + key + "' must be true or false");
    }
    return b;
  }

  private static Integer integer(JsonObject a, String key, int min) {
    Object v = a.getValue(key);
    if (v == null) {
      return null;
    }
    if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
      throw ToolException.invalid("argument '" + key + "' must be an integer");
    }
    long value = n.longValue();
    if (value < min || value > Integer.MAX_VALUE) {
      throw ToolException.invalid("argument '" + key + "' must be an integer from " + min + " to " + Integer.MAX_VALUE
        + "; got " + value);
    }
    return (int) value;
  }

  /** An array of strings, or one string (comma-separated when {@code commas}, e.g. {@code "a.py, b/c.py"}). */
  private static List<String> list(JsonObject a, String key, boolean commas) {
    Object v = a.getValue(key);
    if (v == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    if (v instanceof String s) {
      for (String part : commas ? s.split(",") : new String[] {s}) {
        if (!part.isBlank()) {
          out.add(part.strip());
        }
      }
    } else if (v instanceof JsonArray array) {
      for (Object item : array) {
        if (!(item instanceof String s)) {
          throw ToolException.invalid("argument '" + key + "' must be an array of strings or one string");
        }
        if (!s.isBlank()) {
          out.add(s.strip());
        }
      }
    } else {
      throw ToolException.invalid("argument '" + key + "' must be an array of strings or one string");
    }
    return out.isEmpty() ? null : out;
  }
}
