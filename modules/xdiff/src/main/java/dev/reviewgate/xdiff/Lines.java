package dev.reviewgate.xdiff;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
  /** The side this one was read against ({@link #Lines(byte[], Lines)}), else null. */
  private final Lines base;
  /** Lines at the start that are the base's first ones, byte for byte. */
  private final int sharedHead;
  /** Lines at the end that are the base's last ones, byte for byte. */
  private final int sharedTail;
  /** What whitespace two lines may differ in and be the same ({@link #same}); their hashes follow it. */
  private final Whitespace whitespace;

  /** The bytes of a blob read eight at a time, in the order they stand (any offset; no alignment needed). */
  private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
  private static final long MIX = 0x9E3779B97F4A7C15L;
  /** Times {@code 1 << 8k}, its top byte is k: byte j of it holds 7 - j. */
  private static final long BYTE_INDEX = 0x0001020304050607L;

  /**
   * One pass over the bytes, eight at a time: a word without a newline (found by the bit trick for a zero byte in
   * {@code word ^ 0x0A0A…}) is folded into the line's hash whole, and a line ends at the lowest newline of a word.
   * The hash only sorts lines into classes (two lines are the same only if their bytes are, {@link #same}), so it need
   * not be git's byte-at-a-time one, whose chain (each byte waits for the last) was 40% of a first call's samples;
   * this runs in two thirds of its time under C1. The arrays are sized from a guess of a line per 32 bytes and grown
   * when the guess is short (counting the lines first was a second pass over every blob of a diff).
   */
  Lines(byte[] raw) {
    this(raw, Whitespace.NONE);
  }

  /** As {@link #Lines(byte[])}, lines the same when they differ only in the whitespace {@code whitespace} allows. */
  Lines(byte[] raw, Whitespace whitespace) {
    this.raw = raw;
    this.whitespace = whitespace;
    this.base = null;
    this.sharedHead = 0;
    this.sharedTail = 0;
    Scan scan = new Scan(raw, raw.length / 32 + 16);
    scan.lines(0, raw.length);
    this.size = scan.line;
    this.hashes = scan.hashes;
    this.starts = scan.starts;
    rehash(0, size);
  }

  /**
   * The other side of a change whose first side is {@code base}: the lines at the start and at the end that both
   * sides share byte for byte (most of a file of which a few lines changed) take their starts and hashes from
   * {@code base}, and only the lines between them are read; {@link LineClasses#of} gives the shared ones their class
   * without looking it up. What it finds is what {@link #Lines(byte[])} finds.
   */
  Lines(byte[] raw, Lines base) {
    this.raw = raw;
    this.base = base;
    this.whitespace = base.whitespace;
    byte[] old = base.raw;
    int common = Math.min(raw.length, old.length);
    int headBytes = Arrays.mismatch(old, 0, common, raw, 0, common);
    headBytes = headBytes < 0 ? common : headBytes;
    int tailBytes = commonTail(old, raw, common - headBytes);
    // Lines of the base that end within the shared head; not a last line without its newline (it may go on here).
    int head = endingBy(base, headBytes);
    if (head > 0 && head == base.size && old[old.length - 1] != '\n') {
      head--;
    }
    // Lines of the base wholly within the shared tail that start a line here too.
    int tailStart = old.length - tailBytes;
    int firstTail = lineAtOrAfter(base, tailStart);
    if (firstTail < base.size && base.starts[firstTail] == tailStart) {
      int here = raw.length - tailBytes;
      if (here != 0 && raw[here - 1] != '\n') {
        firstTail++;
      }
    }
    int tail = Math.max(0, base.size - Math.max(firstTail, head));
    int delta = raw.length - old.length;
    int middleEnd = tail == 0 ? raw.length : base.starts[base.size - tail] + delta;
    Scan scan = new Scan(raw, head + tail + (middleEnd - base.starts[head]) / 32 + 16);
    System.arraycopy(base.hashes, 0, scan.hashes, 0, head);
    System.arraycopy(base.starts, 0, scan.starts, 0, head + 1);
    scan.line = head;
    scan.lines(base.starts[head], middleEnd);
    int middle = scan.line;
    scan.room(tail);
    for (int k = 0; k < tail; k++) {
      scan.hashes[middle + k] = base.hashes[base.size - tail + k];
      scan.starts[middle + k + 1] = base.starts[base.size - tail + k + 1] + delta;
    }
    this.size = middle + tail;
    this.hashes = scan.hashes;
    this.starts = scan.starts;
    this.sharedHead = head;
    this.sharedTail = tail;
    rehash(head, middle); // the shared lines' hashes are the base's, already taken this way
  }

  /** Under a whitespace mode, lines {@code [from, to)} hashed over the bytes that count instead of all of them. */
  private void rehash(int from, int to) {
    if (whitespace == Whitespace.NONE) {
      return;
    }
    for (int i = from; i < to; i++) {
      hashes[i] = whitespace.hash(raw, starts[i], starts[i + 1]);
    }
  }

  /** How many lines of {@code lines} end by {@code offset}: those whose next line starts (or the content ends) there. */
  private static int endingBy(Lines lines, int offset) {
    // starts[1..size] are the lines' ends, strictly increasing (no line is empty).
    int found = Arrays.binarySearch(lines.starts, 1, lines.size + 1, offset);
    return found >= 0 ? found : -found - 2;
  }

  /** The first line of {@code lines} that starts at or after {@code offset} (its size when none does). */
  private static int lineAtOrAfter(Lines lines, int offset) {
    int found = Arrays.binarySearch(lines.starts, 0, lines.size, offset);
    return found >= 0 ? found : -found - 1;
  }

  /** How many last bytes {@code a} and {@code b} share, at most {@code limit}; eight at a time. */
  private static int commonTail(byte[] a, byte[] b, int limit) {
    int n = 0;
    while (n + Long.BYTES <= limit
      && (long) WORDS.get(a, a.length - n - Long.BYTES) == (long) WORDS.get(b, b.length - n - Long.BYTES)) {
      n += Long.BYTES;
    }
    while (n < limit && a[a.length - n - 1] == b[b.length - n - 1]) {
      n++;
    }
    return n;
  }

  /** The lines of a run of bytes, appended to arrays that grow as needed. */
  private static final class Scan {
    final byte[] raw;
    int[] hashes;
    int[] starts;
    int line;

    Scan(byte[] raw, int capacity) {
      this.raw = raw;
      this.hashes = new int[capacity];
      this.starts = new int[capacity + 1];
    }

    /** Room for {@code more} lines past {@link #line}. */
    void room(int more) {
      if (line + more >= hashes.length) {
        grow(line + more + 1);
      }
    }

    private void add(int hash, int next, int at) {
      if (line + 1 >= hashes.length) {
        grow(grownCapacity(line, at, raw.length, hashes.length));
      }
      hashes[line] = hash;
      starts[++line] = next;
    }

    private void grow(int capacity) {
      hashes = Arrays.copyOf(hashes, capacity);
      starts = Arrays.copyOf(starts, capacity + 1);
    }

    /**
     * The lines of {@code raw[from, to)}, where {@code from} starts a line and {@code to} ends one (or the content;
     * the last line of the content may lack its newline).
     */
    void lines(int from, int to) {
      starts[line] = from;
      long hash = 0;
      int i = from;
      for (int lastWord = to - Long.BYTES; i <= lastWord; ) {
        long word = (long) WORDS.get(raw, i);
        long newlines = word ^ NEWLINES;
        newlines = (newlines - ONES) & ~newlines & HIGHS; // the high bit of each byte that is a newline (and maybe above)
        if (newlines == 0) {
          hash = Long.rotateLeft((hash ^ word) * MIX, 29);
          i += Long.BYTES;
          continue;
        }
        // Below the lowest newline the trick is exact: those bytes are the line's last ones. Its byte's index comes
        // from a multiply (C1 compiles Long.numberOfTrailingZeros as a call: a seventh of a first call's samples).
        long lowest = (newlines & -newlines) >>> 7; // 1 << (8 * index)
        int before = (int) ((lowest * BYTE_INDEX) >>> 56);
        long rest = word & (lowest - 1);
        i += before + 1;
        add(finish(hash, rest, before), i, i - 1);
        hash = 0;
      }
      // The last few bytes, one at a time.
      long tail = 0;
      int tailBytes = 0;
      for (; i < to; i++) {
        byte b = raw[i];
        if (b == '\n') {
          add(finish(hash, tail, tailBytes), i + 1, i);
          hash = 0;
          tail = 0;
          tailBytes = 0;
        } else {
          tail |= (b & 0xffL) << (8 * tailBytes++);
        }
      }
      if (to > from && raw[to - 1] != '\n') {
        add(finish(hash, tail, tailBytes), to, to - 1); // the last line, without a newline
      }
    }
  }

  /**
   * Reads lines of made-up text, so that a fresh process's first diffs pay neither for linking {@link #WORDS} (its
   * method handles are spun at the first use: 8 ms) nor for words read interpreted (a 217 KB file 3.3-4 ms against 0.3
   * ms compiled). Called often enough for the constructor to be compiled whole: a loop compiled on its own (OSR) is
   * entered only after each call's first thousands of words, which left git.git's first 30 calls slower than with
   * the byte-at-a-time reading. For the thread that opens the repositories at start-up.
   */
  static void prime() {
    byte[] text = "\tif (line->length > 8 && !strcmp(line->text, \"word\"))\n".repeat(40)
      .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int i = 0; i < 300; i++) {
      new Lines(text);
    }
  }

  /**
   * Whether one of the first {@code limit} bytes of {@code data} is zero (git's test for binary content), eight at a
   * time: byte by byte it was a twentieth of a git.git first call's samples (8,000 bytes of each side of each file).
   */
  static boolean hasZeroByte(byte[] data, int limit) {
    int i = 0;
    for (int lastWord = limit - Long.BYTES; i <= lastWord; i += Long.BYTES) {
      long word = (long) WORDS.get(data, i);
      if (((word - ONES) & ~word & HIGHS) != 0) {
        return true;
      }
    }
    for (; i < limit; i++) {
      if (data[i] == 0) {
        return true;
      }
    }
    return false;
  }

  /** A line's hash from the words before its last bytes and those bytes ({@code count} of them, below 8). */
  private static int finish(long hash, long last, int count) {
    long h = (hash ^ last ^ ((long) count << 59)) * MIX;
    return (int) (h >>> 32) ^ (int) h;
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

  /** Whether this side was read against {@code other}: then its shared lines are {@code other}'s. */
  boolean readAgainst(Lines other) {
    return base == other;
  }

  int sharedHead() {
    return sharedHead;
  }

  int sharedTail() {
    return sharedTail;
  }

  boolean same(int i, int j) {
    return same(i, this, j);
  }

  int hash(int line) {
    return hashes[line];
  }

  /** Whether line {@code i} here and line {@code j} of {@code other} have the same bytes. */
  boolean same(int i, Lines other, int j) {
    if (hashes[i] != other.hashes[j]) {
      return false;
    }
    return whitespace == Whitespace.NONE
      ? Arrays.equals(raw, starts[i], starts[i + 1], other.raw, other.starts[j], other.starts[j + 1])
      : whitespace.same(raw, starts[i], starts[i + 1], other.raw, other.starts[j], other.starts[j + 1]);
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
