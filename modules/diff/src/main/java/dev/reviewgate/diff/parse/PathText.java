package dev.reviewgate.diff.parse;

import java.io.ByteArrayOutputStream;
import dev.reviewgate.xdiff.PathBytes;

/**
 * Paths as git writes them in headers: plain, or C-quoted ({@code "t\303\251st \"x\".txt"}) when they hold
 * special or non-ASCII bytes. Unquoting yields the original bytes, decoded losslessly ({@link PathBytes}: UTF-8, and
 * any byte that is not UTF-8 kept as itself).
 */
final class PathText {

  /** A decoded path and the offset just past it in the source. */
  record Parsed(String path, int end) {
  }

  private PathText() {
  }

  /**
   * Reads a C-quoted string starting at the opening quote.
   *
   * @return null when it is not a complete, valid quoted string
   */
  static Parsed unquote(byte[] a, int start, int end) {
    if (start >= end || a[start] != '"') {
      return null;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(end - start);
    int i = start + 1;
    while (i < end) {
      byte b = a[i];
      if (b == '"') {
        return new Parsed(PathBytes.decode(out.toByteArray()), i + 1);
      }
      if (b == '\n') {
        return null;
      }
      if (b != '\\') {
        out.write(b);
        i++;
        continue;
      }
      if (i + 1 >= end) {
        return null;
      }
      byte e = a[i + 1];
      int simple = dev.reviewgate.xdiff.PathBytes.escaped(e);
      if (simple >= 0) {
        out.write(simple);
      } else {
        if (e < '0' || e > '3' || i + 3 >= end || !octal(a[i + 2]) || !octal(a[i + 3])) {
          return null;
        }
        out.write(((e - '0') << 6) | ((a[i + 2] - '0') << 3) | (a[i + 3] - '0'));
        i += 2;
      }
      i += 2;
    }
    return null;
  }

  private static boolean octal(byte b) {
    return b >= '0' && b <= '7';
  }

  /**
   * The path in a {@code ---}/{@code +++}/{@code rename from} style value: quoted, or plain up to a TAB (git adds
   * a trailing TAB after names with spaces; other tools put a timestamp there).
   *
   * @return null for {@code /dev/null}
   */
  static String value(byte[] a, int start, int contentEnd) {
    Parsed quoted = unquote(a, start, contentEnd);
    String path;
    if (quoted != null) {
      path = quoted.path();
    } else {
      int e = start;
      while (e < contentEnd && a[e] != '\t') {
        e++;
      }
      path = PathBytes.decode(a, start, e);
    }
    return path.equals("/dev/null") ? null : path;
  }

  /** Removes a prefix such as git's {@code a/} when the path starts with it. */
  static String strip(String path, String prefix) {
    if (path != null && !prefix.isEmpty() && path.length() > prefix.length() && path.startsWith(prefix)) {
      return path.substring(prefix.length());
    }
    return path;
  }

  /**
   * The two names in {@code diff --git a/x b/y} and their prefixes. Plain names with spaces are ambiguous; git
   * resolves them by requiring both names to be equal, and so do we (renames name their paths in other headers).
   * Prefixes are one letter and a slash that differ between the sides ({@code a/ b/}, {@code b/ a/} under
   * {@code -R}, {@code i/ w/} with mnemonic prefixes), or nothing ({@code --no-prefix}).
   *
   * @return {@code [old, new, old prefix, new prefix]}; names null when they cannot be told apart
   */
  static String[] gitLine(byte[] a, int start, int contentEnd) {
    String[] raw = rawNames(a, start, contentEnd);
    if (raw == null) {
      return new String[] {null, null, "a/", "b/"};
    }
    String left = raw[0];
    String right = raw[1];
    boolean prefixed = left.length() > 2 && right.length() > 2 && left.charAt(1) == '/' && right.charAt(1) == '/'
      && left.charAt(0) != right.charAt(0);
    if (prefixed) {
      return new String[] {left.substring(2), right.substring(2), left.substring(0, 2), right.substring(0, 2)};
    }
    return new String[] {left, right, "", ""};
  }

  private static String[] rawNames(byte[] a, int start, int contentEnd) {
    Parsed first = unquote(a, start, contentEnd);
    if (first != null) {
      if (first.end() < contentEnd && a[first.end()] == ' ') {
        return new String[] {first.path(), second(a, first.end() + 1, contentEnd)};
      }
      return null;
    }
    int length = contentEnd - start;
    if (length % 2 == 1 && a[start + length / 2] == ' ') {
      String left = PathBytes.decode(a, start, start + length / 2);
      String right = PathBytes.decode(a, start + length / 2 + 1, start + length / 2 + 1 + length / 2);
      if (left.equals(right) || (left.length() > 2 && left.charAt(1) == '/' && right.charAt(1) == '/'
        && left.substring(2).equals(right.substring(2)))) {
        return new String[] {left, right};
      }
    }
    for (int i = start; i < contentEnd - 1; i++) {
      if (a[i] == ' ' && a[i + 1] == '"') {
        Parsed q = unquote(a, i + 1, contentEnd);
        if (q != null && q.end() == contentEnd) {
          return new String[] {PathBytes.decode(a, start, i), q.path()};
        }
      }
    }
    String text = PathBytes.decode(a, start, start + length);
    int split = text.lastIndexOf(" b/");
    if (split > 0) {
      return new String[] {text.substring(0, split), text.substring(split + 1)};
    }
    return null;
  }

  private static String second(byte[] a, int start, int contentEnd) {
    Parsed q = unquote(a, start, contentEnd);
    return q != null ? q.path() : PathBytes.decode(a, start, contentEnd);
  }
}
