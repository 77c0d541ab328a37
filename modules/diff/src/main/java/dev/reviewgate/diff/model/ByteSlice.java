package dev.reviewgate.diff.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A range of bytes inside a buffer, usually the parsed source itself: the model points into the input instead of
 * copying it, which is what keeps parsing fast and rendering byte-exact. Never mutate the buffer after parsing.
 */
public record ByteSlice(byte[] bytes, int offset, int length) {

  public static final ByteSlice EMPTY = new ByteSlice(new byte[0], 0, 0);

  public ByteSlice {
    if (offset < 0 || length < 0 || offset + length > bytes.length) {
      throw new IndexOutOfBoundsException("slice " + offset + "+" + length + " outside " + bytes.length + " bytes");
    }
  }

  public static ByteSlice of(byte[] bytes, int start, int end) {
    return new ByteSlice(bytes, start, end - start);
  }

  public static ByteSlice utf8(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return new ByteSlice(bytes, 0, bytes.length);
  }

  public int end() {
    return offset + length;
  }

  public boolean isEmpty() {
    return length == 0;
  }

  public byte at(int index) {
    return bytes[offset + index];
  }

  /** The bytes decoded as UTF-8 (invalid sequences become U+FFFD; the slice itself keeps the exact bytes). */
  public String utf8() {
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }

  /** The text without its line terminator ({@code \n}; a {@code \r} before it is content and stays). */
  public String lineText() {
    int len = length > 0 && bytes[offset + length - 1] == '\n' ? length - 1 : length;
    return new String(bytes, offset, len, StandardCharsets.UTF_8);
  }

  public byte[] toArray() {
    return Arrays.copyOfRange(bytes, offset, offset + length);
  }

  public boolean contentEquals(ByteSlice other) {
    return Arrays.equals(bytes, offset, offset + length, other.bytes, other.offset, other.offset + other.length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ByteSlice other && contentEquals(other);
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = offset; i < offset + length; i++) {
      h = 31 * h + bytes[i];
    }
    return h;
  }

  @Override
  public String toString() {
    return utf8();
  }
}
