package dev.reviewgate.xdiff;

import java.util.Arrays;

/**
 * Line identity and indentation over one side's bytes, as xdiff sees its records (newline included): a line is
 * the bytes up to and including its LF, the last one possibly without. One pass records their starts and hashes
 * (through JGit's RawText these were a scan for its line map and another to hash, with a list lookup per line;
 * together 40% of a large range's diff time).
 */
final class Lines {

  private final byte[] raw;
  private final int size;
  private final int[] hashes;
  /** Each line's indent plus two once known (0: not yet), made at the first use: most files never ask. */
  private int[] indents;
  private final int[] starts;

  /**
   * One pass over the bytes: the arrays are sized from a guess of a line per 32 bytes and grown when the guess is
   * short (counting the lines first was a second pass over every blob of a diff).
   */
  Lines(byte[] raw) {
    this.raw = raw;
    int capacity = raw.length / 32 + 16;
    int[] lineStarts = new int[capacity + 1];
    int[] lineHashes = new int[capacity];
    int line = 0;
    int hash = 5381;
    for (int i = 0; i < raw.length; i++) {
      byte b = raw[i];
      if (b == '\n') {
        if (line + 1 >= lineHashes.length) {
          int grown = grownCapacity(line, i, raw.length, lineHashes.length);
          lineHashes = Arrays.copyOf(lineHashes, grown);
          lineStarts = Arrays.copyOf(lineStarts, grown + 1);
        }
        lineHashes[line] = hash;
        lineStarts[++line] = i + 1;
        hash = 5381;
      } else {
        hash = (hash << 5) + hash + (b & 0xff);
      }
    }
    if (raw.length > 0 && raw[raw.length - 1] != '\n') {
      lineHashes[line++] = hash; // the last line, without a newline
    }
    lineStarts[line] = raw.length;
    this.size = line;
    this.hashes = lineHashes;
    this.starts = lineStarts;
  }

  /**
   * A capacity for the lines of a blob of {@code length} bytes when {@code lines} lines end by offset {@code at}: the
   * rest projected at the same line length plus an eighth, so a short first guess is grown once, not doubled again
   * and again (copies of these arrays were a tenth of a large diff's garbage). Never more than one line per byte.
   */
  static int grownCapacity(int lines, int at, int length, int capacity) {
    long projected = (long) (lines + 1) * length / (at + 1);
    long wanted = Math.max(capacity + 16L, projected + projected / 8 + 16);
    return (int) Math.min(wanted, length + 1L);
  }

  int size() {
    return size;
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
    if (indents == null) {
      indents = new int[size];
    }
    int cached = indents[line];
    if (cached != 0) {
      return cached - 2;
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
    indents[line] = result + 2;
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
