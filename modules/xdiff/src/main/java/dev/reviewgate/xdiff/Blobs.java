package dev.reviewgate.xdiff;

import java.util.HashMap;
import java.util.Map;
import org.eclipse.jgit.lib.ObjectId;

/**
 * Blob contents for one diff operation, loaded once and shared by rename detection and the line diff. Blobs over
 * {@code maxBlobBytes} are never loaded: they count as binary (git does the same above core.bigFileThreshold,
 * 512 MiB; ours is lower so a diff cannot exhaust the heap).
 */
public final class Blobs {

  /** git's FIRST_FEW_BYTES: a NUL in this prefix makes content binary. */
  static final int BINARY_PROBE = 8000;

  private final ContentSource source;
  private final int maxBlobBytes;
  private final Map<ObjectId, byte[]> contents = new HashMap<>();
  private final Map<ObjectId, Long> sizes = new HashMap<>();
  private final Map<ObjectId, SpanHash> spans = new HashMap<>();

  public Blobs(ContentSource source, int maxBlobBytes) {
    this.source = source;
    this.maxBlobBytes = maxBlobBytes;
  }

  public long size(ObjectId id) {
    // No computeIfAbsent: rename detection asks for sizes once per pair of files, and its capturing function was an
    // object per call.
    Long known = sizes.get(id);
    if (known == null) {
      byte[] loaded = contents.get(id);
      known = loaded != null ? (long) loaded.length : source.size(id);
      sizes.put(id, known);
    }
    return known;
  }

  /** Records a size read elsewhere (another thread's reader), so that {@link #size} does not read it again. */
  public void knownSize(ObjectId id, long size) {
    sizes.putIfAbsent(id, size);
  }

  /** Whether the blob is too big to load; such blobs are treated as binary. */
  public boolean tooBig(ObjectId id) {
    return size(id) > maxBlobBytes;
  }

  /** The blob's bytes; callers check {@link #tooBig} first. */
  public byte[] bytes(ObjectId id) {
    return contents.computeIfAbsent(id, key -> source.bytes(key, maxBlobBytes));
  }

  /** Lines as git counts them: each LF ends one, and bytes after the last LF make one more. */
  public static int lineCount(byte[] data) {
    int lines = 0;
    for (byte b : data) {
      if (b == '\n') {
        lines++;
      }
    }
    return data.length > 0 && data[data.length - 1] != '\n' ? lines + 1 : lines;
  }

  /** git's content rule: a NUL byte within the first 8000 bytes. */
  public static boolean looksBinary(byte[] data) {
    return Lines.hasZeroByte(data, Math.min(data.length, BINARY_PROBE));
  }

  /** The blob's fingerprint for rename detection when it has been made, else null: see {@link #spans(ObjectId, boolean)}. */
  SpanHash knownSpans(ObjectId id) {
    return spans.get(id);
  }

  /**
   * Makes and keeps the blob's fingerprint. Rename detection compares each candidate with many others, so it asks
   * {@link #knownSpans} first and decides text-ness (attributes, a scan for NUL) only when making one.
   */
  SpanHash spans(ObjectId id, boolean text) {
    SpanHash hash = SpanHash.of(bytes(id), text);
    spans.put(id, hash);
    return hash;
  }

  /** Drops cached contents once a file is written, so a long range does not keep every blob. */
  void forget(ObjectId id) {
    contents.remove(id);
    spans.remove(id);
  }
}
