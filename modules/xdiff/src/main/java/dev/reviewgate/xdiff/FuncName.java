package dev.reviewgate.xdiff;

/**
 * The text git prints after {@code @@ ... @@} without a diff driver: the nearest line above the hunk (in the old
 * file) that starts with an ASCII letter, {@code _} or {@code $}, cut to 80 bytes, trailing whitespace removed.
 * Like git, a hunk with no such line between it and the previous hunk repeats the previous hunk's text.
 */
final class FuncName {

  private static final int MAX_BYTES = 80;

  private final Lines old;
  private final FuncPattern.Matching pattern;
  private int searchedDownTo = -1;
  private byte[] found = new byte[0];

  /** @param pattern a built-in driver's rules, or null for git's default rule */
  FuncName(Lines old, FuncPattern pattern) {
    this.old = old;
    this.pattern = pattern == null ? null : pattern.matching();
  }

  /** Updates the remembered line for a hunk whose old side starts at 0-based line {@code first}. */
  void advance(int first) {
    for (int line = first - 1; line > searchedDownTo && line >= 0; line--) {
      if (matches(line)) {
        break;
      }
    }
    searchedDownTo = first - 1;
  }

  private boolean matches(int line) {
    byte[] raw = old.raw();
    int start = old.start(line);
    int end = old.start(line + 1);
    if (end <= start) {
      return false;
    }
    if (pattern != null) {
      byte[] text = pattern.match(raw, start, end, MAX_BYTES);
      if (text != null) {
        found = text;
      }
      return text != null;
    }
    byte c = raw[start];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$')) {
      return false;
    }
    int length = Math.min(end - start, MAX_BYTES);
    while (length > 0 && Lines.isSpace(raw[start + length - 1])) {
      length--;
    }
    found = java.util.Arrays.copyOfRange(raw, start, start + length);
    return true;
  }

  /** The heading for the current hunk (empty when none). */
  byte[] text() {
    return found;
  }
}
