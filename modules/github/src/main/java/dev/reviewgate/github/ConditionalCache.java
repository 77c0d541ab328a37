package dev.reviewgate.github;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Bodies of earlier GET answers with their ETag, so that the next identical request can send
 * {@code If-None-Match} and a 304 (which costs no rate limit) is served from here. Least recently used entries go
 * first once either bound (entries, body bytes) is reached. Synchronised: a client may be called from several event loops.
 */
final class ConditionalCache {

  record Entry(String etag, MultiMap headers, Buffer body) {
  }

  private final int maxEntries;
  private final long maxBytes;
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long bytes;

  ConditionalCache(int maxEntries, long maxBytes) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  synchronized Entry get(String key) {
    return entries.get(key);
  }

  synchronized void put(String key, Entry entry) {
    if (maxEntries <= 0 || entry.body().length() > maxBytes) {
      return;
    }
    Entry old = entries.put(key, entry);
    bytes += entry.body().length() - (old == null ? 0 : old.body().length());
    Iterator<Map.Entry<String, Entry>> eldest = entries.entrySet().iterator();
    while ((entries.size() > maxEntries || bytes > maxBytes) && eldest.hasNext()) {
      bytes -= eldest.next().getValue().body().length();
      eldest.remove();
    }
  }
}
