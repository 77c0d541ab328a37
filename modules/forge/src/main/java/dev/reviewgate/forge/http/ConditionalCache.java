package dev.reviewgate.forge.http;

import dev.reviewgate.core.BoundedLru;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;

/**
 * Bodies of earlier GET answers with their ETag, so that the next identical request can send
 * {@code If-None-Match} and a 304 (which costs no rate limit) is served from here. Least recently used entries go
 * first once either bound (entries, body bytes) is reached. Thread-safe: a client may be called from several event loops.
 */
public final class ConditionalCache {

  public record Entry(String etag, MultiMap headers, Buffer body) {
  }

  private final BoundedLru<String, Entry> entries;

  public ConditionalCache(int maxEntries, long maxBytes) {
    this.entries = new BoundedLru<>(maxEntries, maxBytes);
  }

  public Entry get(String key) {
    return entries.get(key);
  }

  public void put(String key, Entry entry) {
    entries.put(key, entry, entry.body().length());
  }
}
