package dev.reviewgate.xdiff;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@link PatchWriter} writes: a byte buffer in chunks, unsynchronized. A growing array would copy the whole
 * patch at every doubling and hold two of it at the last one; chunks are written once, and the patch is copied
 * once more only when it is taken ({@link #takeUtf8}, {@link #toByteArray}). Not thread-safe.
 */
public final class PatchBytes {

  private static final int FIRST_CHUNK = 8 * 1024;
  private static final int MAX_CHUNK = 1024 * 1024;

  private final List<byte[]> full = new ArrayList<>();
  private byte[] current = new byte[FIRST_CHUNK];
  private int used;
  private long size;

  public void write(int b) {
    if (used == current.length) {
      next(1);
    }
    current[used++] = (byte) b;
    size++;
  }

  public void write(byte[] bytes, int offset, int length) {
    size += length;
    while (length > 0) {
      if (used == current.length) {
        next(length);
      }
      int n = Math.min(length, current.length - used);
      System.arraycopy(bytes, offset, current, used, n);
      used += n;
      offset += n;
      length -= n;
    }
  }

  /** Each chunk twice the last (up to 1 MiB), so a small patch stays small and a large one has few chunks. */
  private void next(int wanted) {
    full.add(current);
    current = new byte[Math.min(MAX_CHUNK, Math.max(current.length * 2, Math.min(wanted, MAX_CHUNK)))];
    used = 0;
  }

  public long size() {
    return size;
  }

  public byte[] toByteArray() {
    if (size > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("a patch of " + size + " bytes does not fit an array");
    }
    byte[] all = new byte[(int) size];
    int at = 0;
    for (byte[] chunk : full) {
      System.arraycopy(chunk, 0, all, at, chunk.length);
      at += chunk.length;
    }
    System.arraycopy(current, 0, all, at, used);
    return all;
  }

  /**
   * The patch as text (UTF-8; invalid bytes become U+FFFD), emptying this buffer: its chunks are let go before the
   * String is made, so the patch is held at most twice at once (bytes and text), not three times.
   */
  public String takeUtf8() {
    byte[] all = toByteArray();
    full.clear();
    current = new byte[0];
    used = 0;
    size = 0;
    return new String(all, StandardCharsets.UTF_8);
  }
}
