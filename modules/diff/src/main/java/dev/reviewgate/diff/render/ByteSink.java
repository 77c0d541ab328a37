package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.ByteSlice;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable, unsynchronised byte buffer for renderers (ByteArrayOutputStream locks on every write). Writes of
 * adjacent ranges of the same source array are coalesced into one copy, so rendering an unshaped diff (every piece
 * a slice of the parsed input, in order) costs a few large copies instead of two per hunk. Sources must not change
 * until the content is taken.
 */
public final class ByteSink {

  private byte[] buf;
  private int size;
  private byte[] pendingSource;
  private int pendingStart;
  private int pendingEnd;

  public ByteSink(int capacity) {
    buf = new byte[Math.max(16, capacity)];
  }

  public ByteSink write(byte[] src, int start, int end) {
    if (start == end) {
      return this;
    }
    if (src == pendingSource && start == pendingEnd) {
      pendingEnd = end;
      return this;
    }
    flush();
    pendingSource = src;
    pendingStart = start;
    pendingEnd = end;
    return this;
  }

  private void flush() {
    if (pendingSource == null) {
      return;
    }
    byte[] src = pendingSource;
    int start = pendingStart;
    int end = pendingEnd;
    pendingSource = null;
    int n = end - start;
    ensure(n);
    System.arraycopy(src, start, buf, size, n);
    size += n;
  }

  public ByteSink write(ByteSlice slice) {
    return write(slice.bytes(), slice.offset(), slice.end());
  }

  public ByteSink write(String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return write(b, 0, b.length);
  }

  public ByteSink write(byte b) {
    flush();
    ensure(1);
    buf[size++] = b;
    return this;
  }

  public int size() {
    return size + (pendingSource == null ? 0 : pendingEnd - pendingStart);
  }

  private void ensure(int n) {
    if (size + n > buf.length) {
      long want = Math.max((long) buf.length * 2, (long) size + n);
      buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, want));
    }
  }

  public byte[] toByteArray() {
    flush();
    return size == buf.length ? buf : Arrays.copyOf(buf, size);
  }

  /** The content as text; bytes that are not UTF-8 become U+FFFD. */
  public String toUtf8() {
    flush();
    return new String(buf, 0, size, StandardCharsets.UTF_8);
  }
}
