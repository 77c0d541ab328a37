package dev.reviewgate.xdiff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;

/**
 * Where the blobs of a diff come from: a repository's object database, or bytes fetched elsewhere (a forge's blobs
 * API). The diff writer neither knows nor cares which (JGit's {@code ContentSource} is the model).
 */
public interface ContentSource {

  /** The blob's size in bytes, known without loading it when the source can. */
  long size(ObjectId id);

  /** The blob's bytes; called only for blobs of at most {@code maxBytes}. */
  byte[] bytes(ObjectId id, int maxBytes);

  /** Blobs read from an object database (the reader belongs to the caller, who closes it). */
  static ContentSource of(ObjectReader reader) {
    return new ContentSource() {
      @Override
      public long size(ObjectId id) {
        try {
          return reader.getObjectSize(id, Constants.OBJ_BLOB);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public byte[] bytes(ObjectId id, int maxBytes) {
        try {
          return reader.open(id, Constants.OBJ_BLOB).getCachedBytes(maxBytes);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  /**
   * Blobs fetched beforehand. A blob left out of {@code fetched} (or mapped to null) because of its size is known by
   * {@code sizes} only; it counts as too big to diff, so its bytes are never asked for.
   */
  static ContentSource fetched(Map<ObjectId, byte[]> fetched, Map<ObjectId, Long> sizes) {
    return new ContentSource() {
      @Override
      public long size(ObjectId id) {
        byte[] data = fetched.get(id);
        if (data != null) {
          return data.length;
        }
        Long size = sizes.get(id);
        if (size == null) {
          throw new IllegalStateException("blob " + id.name() + " was not fetched");
        }
        return size;
      }

      @Override
      public byte[] bytes(ObjectId id, int maxBytes) {
        byte[] data = fetched.get(id);
        if (data == null) {
          throw new IllegalStateException("blob " + id.name() + " was not fetched");
        }
        return data;
      }
    };
  }
}
