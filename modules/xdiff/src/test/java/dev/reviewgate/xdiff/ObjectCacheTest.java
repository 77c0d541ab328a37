package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;

import org.eclipse.jgit.lib.ObjectId;
import org.junit.jupiter.api.Test;

class ObjectCacheTest {

  private static ObjectId id(int n) {
    return ObjectId.fromString(String.format("%040x", n));
  }

  @Test
  void holdsAtMostItsBytesAndNeverOneLargeObject() {
    ObjectCache<String> cache = new ObjectCache<>(1_600);
    cache.put(id(1), "large", 101); // over a sixteenth: made again when asked for, never kept
    assertThat(cache.get(id(1))).isNull();

    for (int n = 0; n < 16; n++) {
      cache.put(id(100 + n), "tree " + n, 100);
    }
    assertThat(cache.size()).isEqualTo(16);
    assertThat(cache.get(id(107))).isEqualTo("tree 7");

    cache.put(id(200), "one more", 100); // past 1,600 bytes: emptied, then the new one kept
    assertThat(cache.size()).isEqualTo(1);
    assertThat(cache.get(id(200))).isEqualTo("one more");
    assertThat(cache.get(id(100))).isNull();
  }

  @Test
  void keysAreCopiesSoAMutableIdChangingLaterDoesNotMoveAnEntry() {
    ObjectCache<String> cache = new ObjectCache<>(1_600);
    org.eclipse.jgit.lib.MutableObjectId mutable = new org.eclipse.jgit.lib.MutableObjectId();
    mutable.fromObjectId(id(5));
    cache.put(mutable, "five", 10);
    mutable.fromObjectId(id(6));
    assertThat(cache.get(id(5))).isEqualTo("five");
    assertThat(cache.get(id(6))).isNull();
  }
}
