package dev.reviewgate.xdiff;

import java.util.Arrays;

/**
 * The content fingerprint git's rename detection compares (diffcore-delta): the blob is cut into chunks that end
 * at a newline or after 64 bytes, each chunk is hashed, and the byte count per hash is kept. A trailing chunk
 * with neither newline nor 64 bytes is not counted, as in git. For text, CR before LF is skipped.
 */
final class SpanHash {

  private static final int HASHBASE = 107927;

  private final int[] hashes;
  private final int[] counts;

  private SpanHash(int[] hashes, int[] counts) {
    this.hashes = hashes;
    this.counts = counts;
  }

  static SpanHash of(byte[] data, boolean text) {
    int[] hashBuf = new int[64];
    int[] countBuf = new int[64];
    int size = 0;
    int accum1 = 0;
    int accum2 = 0;
    int n = 0;
    for (int i = 0; i < data.length; i++) {
      int c = data[i] & 0xff;
      int old1 = accum1;
      if (text && c == '\r' && i + 1 < data.length && data[i + 1] == '\n') {
        continue;
      }
      accum1 = (accum1 << 7) ^ (accum2 >>> 25);
      accum2 = (accum2 << 7) ^ (old1 >>> 25);
      accum1 += c;
      if (++n < 64 && c != '\n') {
        continue;
      }
      int hash = Integer.remainderUnsigned(accum1 + accum2 * 0x61, HASHBASE);
      if (size == hashBuf.length) {
        hashBuf = Arrays.copyOf(hashBuf, size * 2);
        countBuf = Arrays.copyOf(countBuf, size * 2);
      }
      hashBuf[size] = hash;
      countBuf[size] = n;
      size++;
      n = 0;
      accum1 = 0;
      accum2 = 0;
    }
    // Sort by hash and merge equal hashes into one count.
    long[] packed = new long[size];
    for (int i = 0; i < size; i++) {
      packed[i] = ((long) hashBuf[i] << 32) | countBuf[i];
    }
    Arrays.sort(packed);
    int[] hashes = new int[size];
    int[] counts = new int[size];
    int distinct = 0;
    for (int i = 0; i < size; i++) {
      int hash = (int) (packed[i] >>> 32);
      int count = (int) packed[i];
      if (distinct > 0 && hashes[distinct - 1] == hash) {
        counts[distinct - 1] += count;
      } else {
        hashes[distinct] = hash;
        counts[distinct] = count;
        distinct++;
      }
    }
    return new SpanHash(Arrays.copyOf(hashes, distinct), Arrays.copyOf(counts, distinct));
  }

  /** Bytes of {@code this} (the source) found again in {@code destination}. */
  long copiedTo(SpanHash destination) {
    long copied = 0;
    int d = 0;
    for (int s = 0; s < hashes.length; s++) {
      while (d < destination.hashes.length && destination.hashes[d] < hashes[s]) {
        d++;
      }
      if (d < destination.hashes.length && destination.hashes[d] == hashes[s]) {
        copied += Math.min(counts[s], destination.counts[d]);
        d++;
      }
    }
    return copied;
  }
}
