package dev.reviewgate.xdiff;

/**
 * Which whitespace two lines may differ in and still be the same line, as git's whitespace options compare them:
 * {@code -w} ({@link #ALL}), {@code -b} ({@link #CHANGE}) and {@code --ignore-space-at-eol} ({@link #AT_EOL}).
 * Whitespace is git's: space, tab, CR and LF, so a line's newline is whitespace too (a last line without one is the
 * same as with one). Each mode reads a line as a stream of the bytes that count, and both the hash and the equality
 * are taken over that stream, so lines that compare equal always hash alike.
 */
public enum Whitespace {
  /** Every byte counts (git's default). */
  NONE,
  /** No whitespace counts ({@code -w}). */
  ALL,
  /** A run of whitespace counts as one space, and none at the end of the line ({@code -b}). */
  CHANGE,
  /** Whitespace at the end of the line does not count ({@code --ignore-space-at-eol}). */
  AT_EOL;

  private static final long MIX = 0x9E3779B97F4A7C15L;

  /** The hash of {@code raw[start, end)} over the bytes that count. */
  int hash(byte[] raw, int start, int end) {
    int last = significantEnd(raw, start, end);
    long hash = 0;
    for (int i = start; i < last; i++) {
      byte c = raw[i];
      if (Lines.isSpace(c)) {
        if (this == ALL) {
          continue;
        }
        if (this == CHANGE) {
          while (Lines.isSpace(raw[i + 1])) {
            i++; // the run ends before last: last is not whitespace
          }
          c = ' ';
        }
      }
      hash = (hash ^ (c & 0xff)) * MIX;
    }
    return (int) (hash >>> 32) ^ (int) hash;
  }

  /** Whether {@code a[aStart, aEnd)} and {@code b[bStart, bEnd)} are the same line under this mode. */
  boolean same(byte[] a, int aStart, int aEnd, byte[] b, int bStart, int bEnd) {
    int aLast = significantEnd(a, aStart, aEnd);
    int bLast = significantEnd(b, bStart, bEnd);
    if (this == NONE || this == AT_EOL) {
      return java.util.Arrays.equals(a, aStart, aLast, b, bStart, bLast);
    }
    int i = aStart;
    int j = bStart;
    while (true) {
      if (this == ALL) {
        while (i < aLast && Lines.isSpace(a[i])) {
          i++;
        }
        while (j < bLast && Lines.isSpace(b[j])) {
          j++;
        }
      } else if (i < aLast && j < bLast && Lines.isSpace(a[i]) && Lines.isSpace(b[j])) {
        while (Lines.isSpace(a[i])) {
          i++;
        }
        while (Lines.isSpace(b[j])) {
          j++;
        }
      }
      if (i == aLast || j == bLast) {
        return i == aLast && j == bLast;
      }
      if (a[i++] != b[j++]) {
        return false;
      }
    }
  }

  /**
   * Where the bytes that count end: before the whitespace that ends the line (for {@link #NONE}, the line's end). For
   * {@link #ALL} the trailing run would be skipped anyway; cutting it keeps one loop for the three modes.
   */
  private int significantEnd(byte[] raw, int start, int end) {
    if (this == NONE) {
      return end;
    }
    int last = end;
    while (last > start && Lines.isSpace(raw[last - 1])) {
      last--;
    }
    return last;
  }
}
