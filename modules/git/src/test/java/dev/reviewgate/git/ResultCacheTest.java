package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A cached result is only ever handed to the call it was made for: keys ignore the order of the arguments and nothing
 * else, and only calls pinned to full SHAs are cached at all.
 */
class ResultCacheTest {

  private static final String SHA = "0123456789abcdef0123456789abcdef01234567";

  @Test
  void theOrderOfTheArgumentsDoesNotMatter() {
    JsonObject one = new JsonObject().put("commit", SHA).put("paths", new JsonArray().add("a").add("b")).put("context", 5);
    JsonObject other = new JsonObject().put("context", 5).put("commit", SHA).put("paths", new JsonArray().add("a").add("b"));
    assertThat(ResultCache.key("git_diff", "r", one)).isEqualTo(ResultCache.key("git_diff", "r", other));
  }

  @Test
  void callsThatDifferInAnythingHaveDifferentKeys() {
    // Pairs a key of separators or concatenated parts would confuse: strings holding the separators, a string and
    // the number it spells, a value moved from one name to the next, the tool's name running into the repository's.
    List<String> keys = new ArrayList<>();
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA)));
    keys.add(ResultCache.key("git_diff", "r2", new JsonObject().put("commit", SHA)));
    keys.add(ResultCache.key("git_diff_stat", "r", new JsonObject().put("commit", SHA)));
    keys.add(ResultCache.key("git_dif", "fr", new JsonObject().put("commit", SHA)));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("context", 3)));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("context", "3")));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("context", 3.0)));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("context", (Object) null)));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("path", "a:1:b")));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("path", "a").put("1", "b")));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("path", "a\u0000b")));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("path", "a\u0000").put("b", "")));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("paths", new JsonArray().add("a,b"))));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("paths", new JsonArray().add("a").add("b"))));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("paths", "[\"a\",\"b\"]")));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("side_by_side", true)));
    keys.add(ResultCache.key("git_diff", "r", new JsonObject().put("commit", SHA).put("side_by_side", "true")));
    Set<String> distinct = new HashSet<>(keys);
    assertThat(distinct).hasSize(keys.size());
  }

  @Test
  void onlyFullLowerCaseShasAreImmutable() {
    assertThat(ResultCache.immutable(SHA)).isTrue();
    assertThat(ResultCache.immutable(SHA, SHA)).isTrue();
    assertThat(ResultCache.immutable()).isFalse();
    assertThat(ResultCache.immutable((String) null)).isFalse();
    assertThat(ResultCache.immutable(SHA, "HEAD")).isFalse();
    assertThat(ResultCache.immutable(SHA.substring(1))).isFalse();
    assertThat(ResultCache.immutable(SHA + "0")).isFalse();
    assertThat(ResultCache.immutable(SHA.toUpperCase())).isFalse();
    assertThat(ResultCache.immutable(SHA.substring(0, 39) + "g")).isFalse();
    assertThat(ResultCache.immutable(SHA.substring(0, 39) + "/")).isFalse();
    assertThat(ResultCache.immutable(SHA.substring(0, 39) + ":")).isFalse();
    assertThat(ResultCache.immutable(SHA.substring(0, 39) + "`")).isFalse();
  }
}
