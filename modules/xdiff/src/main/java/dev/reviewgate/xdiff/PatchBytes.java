package dev.reviewgate.xdiff;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@link PatchWriter} writes: a byte buffer in chunks, unsynchronized. A growing array would copy the whole
 * patch at every doubling and hold two of it at the last one; chunks are written once, and the patch is copied
 * once more only when it is taken as text or as one array ({@link #takeUtf8}, {@link #toByteArray}), not as its chunks
 * ({@link #takeChunks}). Not thread-safe.
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

  /**
   * Moves all of {@code other}'s bytes to the end of this buffer and empties it: its chunks become this buffer's, so
   * joining the blocks of a parallel diff copies at most one partly filled chunk per block, not the whole patch.
   */
  public void moveFrom(PatchBytes other) {
    if (other.size == 0) {
      return;
    }
    if (used > 0) {
      full.add(used == current.length ? current : java.util.Arrays.copyOf(current, used));
    }
    full.addAll(other.full);
    current = other.current;
    used = other.used;
    size += other.size;
    other.full.clear();
    other.current = new byte[0];
    other.used = 0;
    other.size = 0;
  }

  /** Appends bytes {@code from} (inclusive) to {@code to} (exclusive) of this buffer to {@code target}. */
  public void copyTo(PatchBytes target, long from, long to) {
    long chunkStart = 0;
    for (int i = 0; i <= full.size() && from < to; i++) {
      byte[] chunk = i < full.size() ? full.get(i) : current;
      int length = i < full.size() ? chunk.length : used;
      long chunkEnd = chunkStart + length;
      if (from < chunkEnd) {
        int start = (int) (from - chunkStart);
        int end = (int) (Math.min(to, chunkEnd) - chunkStart);
        target.write(chunk, start, end - start);
        from = chunkStart + end;
      }
      chunkStart = chunkEnd;
    }
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
   * The patch as one array, emptying this buffer (its first chunk kept for what is written next): what a reader that
   * needs contiguous bytes takes, one file of a patch at a time, so the whole patch is never copied at once.
   */
  public byte[] takeBytes() {
    byte[] all = full.isEmpty() ? java.util.Arrays.copyOf(current, used) : toByteArray();
    if (!full.isEmpty()) {
      current = full.get(0);
      full.clear();
    }
    used = 0;
    size = 0;
    return all;
  }

  /** The patch's bytes as its chunks in order (the last one a copy cut to size), leaving this buffer as it is. */
  public List<byte[]> chunks() {
    List<byte[]> chunks = new ArrayList<>(full);
    if (used > 0) {
      chunks.add(java.util.Arrays.copyOf(current, used));
    }
    return chunks;
  }

  /** The patch's bytes as its chunks in order (the last one cut to size), emptying this buffer: nothing is copied whole. */
  public List<byte[]> takeChunks() {
    List<byte[]> chunks = chunks();
    full.clear();
    current = new byte[0];
    used = 0;
    size = 0;
    return chunks;
  }

  /**
   * The patch as text (UTF-8; invalid bytes become U+FFFD), emptying this buffer. Each chunk is decoded on its own
   * (cut at a character boundary) and let go, and the pieces are joined into one String of the exact size: the
   * patch is never held as one more byte array, nor decoded into an oversized array that is then trimmed by a copy.
   */
  public String takeUtf8() {
    full.add(java.util.Arrays.copyOf(current, used));
    current = new byte[0];
    used = 0;
    size = 0;
    java.util.List<String> pieces = new ArrayList<>(full.size());
    byte[] carry = new byte[0];
    for (int i = 0; i < full.size(); i++) {
      byte[] chunk = full.get(i);
      full.set(i, null);
      byte[] bytes = carry.length == 0 ? chunk : concat(carry, chunk);
      int end = i == full.size() - 1 ? bytes.length : characterBoundary(bytes);
      pieces.add(new String(bytes, 0, end, StandardCharsets.UTF_8));
      carry = java.util.Arrays.copyOfRange(bytes, end, bytes.length);
    }
    full.clear();
    return String.join("", pieces);
  }

  /** Where the last whole UTF-8 character of {@code bytes} ends: before a sequence the next chunk completes. */
  static int characterBoundary(byte[] bytes) {
    int end = bytes.length;
    // Step back over at most three continuation bytes to the lead byte of the last sequence.
    int lead = end - 1;
    while (lead >= 0 && lead > end - 4 && (bytes[lead] & 0xC0) == 0x80) {
      lead--;
    }
    if (lead < 0) {
      return end;
    }
    int b = bytes[lead] & 0xFF;
    int length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    return lead + length > end ? lead : end;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }
}
