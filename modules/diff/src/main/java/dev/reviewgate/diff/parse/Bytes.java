package dev.reviewgate.diff.parse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Byte-level helpers for the parser: the newline search runs eight bytes at a time, which is what parsing costs. */
final class Bytes {

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private Bytes() {
  }

  /** The index of the first {@code \n} in {@code [from, end)}, or {@code end} when there is none. */
  static int newline(byte[] a, int from, int end) {
    int i = from;
    int words = end - 8;
    while (i <= words) {
      long x = (long) LONGS.get(a, i) ^ NEWLINES;
      long found = (x - ONES) & ~x & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
      i += 8;
    }
    while (i < end) {
      if (a[i] == '\n') {
        return i;
      }
      i++;
    }
    return end;
  }

  static boolean startsWith(byte[] a, int pos, int end, String prefix) {
    int n = prefix.length();
    if (end - pos < n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (a[pos + i] != (byte) prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** The end of a line's content: before its {@code \n} and a {@code \r} preceding that. */
  static int contentEnd(byte[] a, int start, int lineEnd) {
    int e = lineEnd;
    if (e > start && a[e - 1] == '\n') {
      e--;
      if (e > start && a[e - 1] == '\r') {
        e--;
      }
    }
    return e;
  }
}
