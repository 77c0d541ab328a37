package dev.reviewgate.http.security;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Slots for one kind of work, bounded per client and in total. Thread-safe, so several server verticle instances
 * (event loops) can share one pool.
 */
final class SlotPool {

  /** The status and text of a refused slot. */
  record Refusal(int status, String message) {
  }

  private final String name;
  private final int perClient;
  private final int total;
  private final String perClientKey;
  private final String totalKey;
  private final ConcurrentHashMap<String, Integer> held = new ConcurrentHashMap<>();
  private final AtomicInteger all = new AtomicInteger();

  /**
   * @param name         what a slot holds, for the refusal text (e.g. "requests in flight")
   * @param perClientKey the configuration key of the per-client bound, named in refusals so an operator knows
   *                     what to raise; likewise {@code totalKey}
   */
  SlotPool(String name, int perClient, String perClientKey, int total, String totalKey) {
    this.name = name;
    this.perClient = perClient;
    this.perClientKey = perClientKey;
    this.total = total;
    this.totalKey = totalKey;
  }

  /** Takes a slot for {@code client}: null when taken, else why not (429 for this client, 503 for everyone). */
  Refusal acquire(String client) {
    if (all.incrementAndGet() > total) {
      all.decrementAndGet();
      return new Refusal(503, "the server is at its limit of " + total + " " + name + " (" + totalKey + ")");
    }
    boolean[] refused = new boolean[1];
    held.compute(client, (key, count) -> {
      int now = count == null ? 0 : count;
      refused[0] = now >= perClient;
      return refused[0] ? count : Integer.valueOf(now + 1);
    });
    if (refused[0]) {
      all.decrementAndGet();
      return new Refusal(429, "too many " + name + " from this client (limit " + perClient + ", " + perClientKey + ")");
    }
    return null;
  }

  void release(String client) {
    all.decrementAndGet();
    held.computeIfPresent(client, (key, count) -> count <= 1 ? null : count - 1);
  }

  /** Slots {@code client} holds now. */
  int heldBy(String client) {
    return held.getOrDefault(client, 0);
  }
}
