package dev.reviewgate.git;

import dev.reviewgate.core.BoundedLru;
import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.util.Arrays;
import org.eclipse.jgit.lib.Constants;

/**
 * Results of calls whose revisions are all full SHAs never change, so they are kept, least recently used first
 * out, within {@code git.cacheEntries} entries and {@code git.cacheMaxBytes} bytes (the JSON's size, estimated from its strings).
 */
public final class ResultCache {

  private final int maxEntries;
  private final long maxBytes;
  private final BoundedLru<String, JsonObject> entries;

  public ResultCache(int maxEntries, long maxBytes) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.entries = new BoundedLru<>(maxEntries, maxBytes);
  }

  /** Whether every given revision is a full SHA (and at least one is given). */
  public static boolean immutable(String... revisions) {
    if (revisions.length == 0) {
      return false;
    }
    for (String revision : revisions) {
      if (!fullSha(revision)) {
        return false;
      }
    }
    return true;
  }

  /** Forty lower-case hex digits. */
  private static boolean fullSha(String revision) {
    if (revision == null || revision.length() != Constants.OBJECT_ID_STRING_LENGTH) {
      return false;
    }
    for (int i = 0; i < Constants.OBJECT_ID_STRING_LENGTH; i++) {
      char c = revision.charAt(i);
      if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
        return false;
      }
    }
    return true;
  }

  /**
   * The key of a call: its tool, repository and arguments, these by name in sorted order (the order a client sent
   * them in does not matter). Every part goes in with its length before it, so no two different calls share a key
   * whatever their strings hold; a value that is not a string goes in as its JSON. Made on the event loop for every
   * call, without a stream or a JSON generator for the common case of string arguments.
   */
  public static String key(String tool, String repo, JsonObject arguments) {
    String[] names = arguments.fieldNames().toArray(new String[0]);
    Arrays.sort(names);
    StringBuilder key = new StringBuilder(96 + 64 * names.length);
    part(key, tool);
    part(key, repo);
    for (String name : names) {
      part(key, name);
      Object value = arguments.getValue(name);
      if (value instanceof String text) {
        part(key.append('s'), text);
      } else {
        part(key.append('j'), Json.encode(value));
      }
    }
    return key.toString();
  }

  private static void part(StringBuilder key, String text) {
    key.append(text.length()).append(':').append(text);
  }

  /**
   * About the encoded size of a JSON value: strings by length (UTF-16 units, or UTF-8 bytes for a diff's
   * {@link Utf8Text}; escapes not counted).
   */
  static long estimate(Object value) {
    if (value instanceof String text) {
      return text.length() + 2L;
    }
    if (value instanceof Utf8Text text) {
      return text.size() + 2L;
    }
    if (value instanceof JsonObject object) {
      long size = 2;
      for (java.util.Map.Entry<String, Object> entry : object) {
        size += entry.getKey().length() + 4L + estimate(entry.getValue());
      }
      return size;
    }
    if (value instanceof io.vertx.core.json.JsonArray array) {
      long size = 2;
      for (Object item : array) {
        size += 1 + estimate(item);
      }
      return size;
    }
    return 8;
  }

  /**
   * A copy of the cached result, or null. Only the look-up holds the cache's lock: a stored value is never changed,
   * so copying it needs none, and the event loop never waits while a worker sizes a large result.
   */
  public JsonObject get(String key) {
    JsonObject value = entries.get(key);
    return value == null ? null : value.copy();
  }

  public void put(String key, JsonObject value) {
    if (maxEntries == 0) {
      return;
    }
    // Sizing and copying a result (up to git.cacheMaxBytes) happen before the lock is taken. The size is the JSON's
    // estimated from string lengths (encoding a diff just to weigh it cost as much as writing it).
    long size = estimate(value) + key.length();
    if (size > maxBytes) {
      return;
    }
    entries.put(key, value.copy(), size);
  }
}
