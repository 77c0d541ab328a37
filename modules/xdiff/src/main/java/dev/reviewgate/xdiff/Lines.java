package dev.reviewgate.xdiff;

import java.util.Arrays;

/**
 * Line identity and indentation over one side's bytes, as xdiff sees its records (newline included): a line is
 * the bytes up to and including its LF, the last one possibly without. A count of the lines, then one pass that
 * records their starts and hashes (through JGit's RawText these were a scan for its line map and another to hash,
 * with a list lookup per line; together 40% of a large range's diff time).
 */
final class Lines {

  private final byte[] raw;
  private final int[] hashes;
  private final int[] indents;
  private final int[] starts;

  Lines(byte[] raw) {
    this.raw = raw;
    int n = Blobs.lineCount(raw);
    this.starts = new int[n + 1];
    this.hashes = new int[n];
    int line = 0;
    int hash = 5381;
    for (int i = 0; i < raw.length; i++) {
      byte b = raw[i];
      if (b == '\n') {
        hashes[line] = hash;
        starts[++line] = i + 1;
        hash = 5381;
      } else {
        hash = (hash << 5) + hash + (b & 0xff);
      }
    }
    if (line < n) {
      hashes[line] = hash; // the last line, without a newline
    }
    starts[n] = raw.length;
    this.indents = new int[n];
    Arrays.fill(indents, Integer.MIN_VALUE);
  }

  int size() {
    return hashes.length;
  }

  boolean same(int i, int j) {
    return same(i, this, j);
  }

  int hash(int line) {
    return hashes[line];
  }

  /** Whether line {@code i} here and line {@code j} of {@code other} have the same bytes. */
  boolean same(int i, Lines other, int j) {
    return hashes[i] == other.hashes[j]
      && Arrays.equals(raw, starts[i], starts[i + 1], other.raw, other.starts[j], other.starts[j + 1]);
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
