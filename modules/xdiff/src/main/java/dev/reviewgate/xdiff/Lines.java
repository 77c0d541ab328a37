package dev.reviewgate.xdiff;

import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/** Line identity and indentation over one {@link RawText}, as xdiff sees its records (newline included). */
final class Lines {

  private final RawText text;
  private final byte[] raw;
  private final int[] hashes;
  private final int[] indents;
  private final int[] starts;

  Lines(RawText text) {
    this.text = text;
    this.raw = text.getRawContent();
    int n = text.size();
    this.starts = new int[n + 1];
    int line = 0;
    for (int i = 0; i < raw.length && line < n; i++) {
      if (raw[i] == '\n') {
        starts[++line] = i + 1;
      }
    }
    starts[n] = raw.length;
    this.hashes = new int[n];
    this.indents = new int[n];
    for (int i = 0; i < n; i++) {
      hashes[i] = RawTextComparator.DEFAULT.hash(text, i);
      indents[i] = Integer.MIN_VALUE;
    }
  }

  RawText text() {
    return text;
  }

  int size() {
    return hashes.length;
  }

  boolean same(int i, int j) {
    return hashes[i] == hashes[j] && RawTextComparator.DEFAULT.equals(text, i, text, j);
  }

  int hash(int line) {
    return hashes[line];
  }

  /** Whether line {@code i} here and line {@code j} of {@code other} have the same bytes. */
  boolean same(int i, Lines other, int j) {
    return hashes[i] == other.hashes[j] && RawTextComparator.DEFAULT.equals(text, i, other.text, j);
  }

  /** git's get_indent: columns of leading space/tab (tab to the next multiple of 8), -1 for a blank line. */
  int indent(int line, int max) {
    int cached = indents[line];
    if (cached != Integer.MIN_VALUE) {
      return cached;
    }
    int start = starts[line];
    int end = starts[line + 1];
    int result = -1;
    int columns = 0;
    for (int i = start; i < end; i++) {
      byte c = raw[i];
      if (!isSpace(c)) {
        result = columns;
        break;
      }
      if (c == ' ') {
        columns += 1;
      } else if (c == '\t') {
        columns += 8 - columns % 8;
      }
      if (columns >= max) {
        result = max;
        break;
      }
    }
    indents[line] = result;
    return result;
  }

  /** Start offset of {@code line} in the raw bytes; {@code start(size())} is the end of the content. */
  int start(int line) {
    return starts[line];
  }

  byte[] raw() {
    return raw;
  }

  /** git's isspace (its own ctype table): space, tab, LF, CR; not VT or FF. */
  static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }
}
