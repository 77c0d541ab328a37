package dev.reviewgate.git.xdiff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;

/**
 * Blob contents for one diff operation, loaded once and shared by rename detection and the line diff. Blobs over
 * {@code maxBlobBytes} are never loaded: they count as binary (git does the same above core.bigFileThreshold,
 * 512 MiB; ours is lower so a diff cannot exhaust the heap).
 */
public final class Blobs {

  /** git's FIRST_FEW_BYTES: a NUL in this prefix makes content binary. */
  static final int BINARY_PROBE = 8000;

  private final ObjectReader reader;
  private final int maxBlobBytes;
  private final Map<ObjectId, byte[]> contents = new HashMap<>();
  private final Map<ObjectId, Long> sizes = new HashMap<>();
  private final Map<ObjectId, SpanHash> spans = new HashMap<>();

  public Blobs(ObjectReader reader, int maxBlobBytes) {
    this.reader = reader;
    this.maxBlobBytes = maxBlobBytes;
  }

  /**
   * Blobs that were fetched elsewhere (e.g. from a forge's blobs API), with no object database behind them. A blob
   * given as null was not fetched because of its size, {@code sizes} says how large it is; it counts as too big.
   */
  public static Blobs of(Map<ObjectId, byte[]> fetched, Map<ObjectId, Long> sizes, int maxBlobBytes) {
    Blobs blobs = new Blobs(null, maxBlobBytes);
    fetched.forEach((id, data) -> {
      if (data != null) {
        blobs.contents.put(id, data);
        blobs.sizes.put(id, (long) data.length);
      }
    });
    sizes.forEach(blobs.sizes::putIfAbsent);
    return blobs;
  }

  public long size(ObjectId id) {
    return sizes.computeIfAbsent(id, key -> {
      byte[] loaded = contents.get(key);
      if (loaded != null) {
        return (long) loaded.length;
      }
      if (reader == null) {
        throw new IllegalStateException("blob " + key.name() + " was not fetched");
      }
      try {
        return reader.getObjectSize(key, Constants.OBJ_BLOB);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** Whether the blob is too big to load; such blobs are treated as binary. */
  public boolean tooBig(ObjectId id) {
    return size(id) > maxBlobBytes;
  }

  /** The blob's bytes; callers check {@link #tooBig} first. */
  public byte[] bytes(ObjectId id) {
    byte[] data = contents.get(id);
    if (data == null) {
      try {
        data = reader.open(id, Constants.OBJ_BLOB).getCachedBytes(maxBlobBytes);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      contents.put(id, data);
    }
    return data;
  }

  /** git's content rule: a NUL byte within the first 8000 bytes. */
  public static boolean looksBinary(byte[] data) {
    int limit = Math.min(data.length, BINARY_PROBE);
    for (int i = 0; i < limit; i++) {
      if (data[i] == 0) {
        return true;
      }
    }
    return false;
  }

  SpanHash spans(ObjectId id, boolean text) {
    SpanHash hash = spans.get(id);
    if (hash == null) {
      hash = SpanHash.of(bytes(id), text);
      spans.put(id, hash);
    }
    return hash;
  }

  /** Drops cached contents once a file is written, so a long range does not keep every blob. */
  void forget(ObjectId id) {
    contents.remove(id);
    spans.remove(id);
  }
}
