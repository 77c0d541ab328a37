package dev.reviewgate.xdiff;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.ObjectId;

/**
 * What was made of an object, by its id, shared by every diff of the process: an object's content never changes, so
 * nothing here goes stale. Bounded by the bytes it was made from, not by a count (a count let a few huge trees hold
 * hundreds of MB): emptied when they pass {@code maxBytes}, and an object over a sixteenth of that is never kept.
 * A bound, not an LRU; safe for concurrent use, the bound approximate under races.
 */
final class ObjectCache<V> {

  private final Map<ObjectId, V> entries = new ConcurrentHashMap<>();
  private final AtomicLong bytes = new AtomicLong();
  private final long maxBytes;

  ObjectCache(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  V get(AnyObjectId id) {
    return entries.get(id);
  }

  /** Keeps {@code value}, made of {@code size} bytes of the object {@code id}. */
  void put(AnyObjectId id, V value, long size) {
    if (size > maxBytes / 16) {
      return;
    }
    if (bytes.addAndGet(size) > maxBytes) {
      entries.clear();
      bytes.set(size);
    }
    entries.put(id.copy(), value);
  }

  long maxBytes() {
    return maxBytes;
  }

  int size() {
    return entries.size();
  }
}
