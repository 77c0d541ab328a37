package dev.reviewgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BoundedLruTest {

  @Test
  void theLeastRecentlyUsedLeaveFirstAtEitherBound() {
    BoundedLru<String, String> lru = new BoundedLru<>(3, 10);
    lru.put("a", "A", 2);
    lru.put("b", "B", 2);
    lru.put("c", "C", 2);
    assertThat(lru.get("a")).isEqualTo("A"); // a is now the most recently used
    lru.put("d", "D", 2); // a fourth entry: b, the least recently used, leaves
    assertThat(lru.get("b")).isNull();
    assertThat(lru.size()).isEqualTo(3);
    lru.put("e", "E", 7); // weight 2 + 2 + 2 + 7 > 10: the oldest leave until it fits
    assertThat(lru.get("e")).isEqualTo("E");
    assertThat(lru.size()).isEqualTo(2);
    lru.put("huge", "H", 11); // heavier than the whole bound: not kept, nothing dropped
    assertThat(lru.get("huge")).isNull();
    assertThat(lru.size()).isEqualTo(2);
    lru.put("e", "E2", 1); // replacing an entry replaces its weight
    assertThat(lru.get("e")).isEqualTo("E2");
  }

  @Test
  void zeroEntriesKeepsNothing() {
    BoundedLru<String, String> none = BoundedLru.ofEntries(0);
    none.put("a", "A");
    assertThat(none.get("a")).isNull();
  }
}
