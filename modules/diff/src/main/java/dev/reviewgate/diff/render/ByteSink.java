package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.ByteSlice;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable, unsynchronised byte buffer for renderers (ByteArrayOutputStream locks on every write). */
public final class ByteSink {

  private byte[] buf;
  private int size;

  public ByteSink(int capacity) {
    buf = new byte[Math.max(16, capacity)];
  }

  public ByteSink write(byte[] src, int start, int end) {
    int n = end - start;
    ensure(n);
    System.arraycopy(src, start, buf, size, n);
    size += n;
    return this;
  }

  public ByteSink write(ByteSlice slice) {
    return write(slice.bytes(), slice.offset(), slice.end());
  }

  public ByteSink write(String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return write(b, 0, b.length);
  }

  public ByteSink write(byte b) {
    ensure(1);
    buf[size++] = b;
    return this;
  }

  public int size() {
    return size;
  }

  private void ensure(int n) {
    if (size + n > buf.length) {
      long want = Math.max((long) buf.length * 2, (long) size + n);
      buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, want));
    }
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  /** The content as text; bytes that are not UTF-8 become U+FFFD. */
  public String toUtf8() {
    return new String(buf, 0, size, StandardCharsets.UTF_8);
  }
}
