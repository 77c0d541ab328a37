package dev.reviewgate.core;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one cache shape of the project: least recently used entries leave first once either bound is passed — a
 * number of entries, or a total weight (bytes, as the caller measures them). A value heavier than the whole weight
 * bound is not kept. Thread-safe; callers that size or copy large values do it before {@link #put}, outside the lock.
 */
public final class BoundedLru<K, V> {

  private record Weighed<V>(V value, long weight) {
  }

  private final int maxEntries;
  private final long maxWeight;
  private final LinkedHashMap<K, Weighed<V>> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long weight;

  /** @param maxEntries at most this many entries (0: keeps nothing); @param maxWeight at most this total weight */
  public BoundedLru(int maxEntries, long maxWeight) {
    this.maxEntries = maxEntries;
    this.maxWeight = maxWeight;
  }

  /** Bounded by the number of entries only. */
  public static <K, V> BoundedLru<K, V> ofEntries(int maxEntries) {
    return new BoundedLru<>(maxEntries, Long.MAX_VALUE);
  }

  public synchronized V get(K key) {
    Weighed<V> entry = entries.get(key);
    return entry == null ? null : entry.value();
  }

  /** Keeps a value of no weight. */
  public void put(K key, V value) {
    put(key, value, 0);
  }

  /** Keeps {@code value} (weighing {@code valueWeight}) as the most recently used, then drops the oldest beyond a bound. */
  public synchronized void put(K key, V value, long valueWeight) {
    if (maxEntries <= 0 || valueWeight > maxWeight) {
      return;
    }
    Weighed<V> previous = entries.put(key, new Weighed<>(value, valueWeight));
    weight += valueWeight - (previous == null ? 0 : previous.weight());
    Iterator<Map.Entry<K, Weighed<V>>> oldest = entries.entrySet().iterator();
    while ((entries.size() > maxEntries || weight > maxWeight) && oldest.hasNext()) {
      weight -= oldest.next().getValue().weight();
      oldest.remove();
    }
  }

  public synchronized int size() {
    return entries.size();
  }
}
