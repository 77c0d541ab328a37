package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** The diff's thread and cache bounds come from the configuration, and values they cannot take are refused by name. */
class GitOptionsTest {

  private static GitOptions with(String key, Object value) {
    return GitOptions.from(ReviewgateConfig.defaults().section("git").copy().put(key, value));
  }

  @Test
  void parallelFromFilesAndTheAttributesCacheAreReadAndBadValuesRefused() {
    assertThat(with("parallelFromFiles", 64).parallelFromFiles()).isEqualTo(64);
    assertThat(with("attributesCacheBytes", 1 << 20).attributesCacheBytes()).isEqualTo(1 << 20);
    assertThatThrownBy(() -> with("parallelFromFiles", 0)).hasMessageContaining("git.parallelFromFiles must be at least 1");
    assertThatThrownBy(() -> with("parallelFromFiles", 1L << 40)).hasMessageContaining("git.parallelFromFiles is too large");
    assertThatThrownBy(() -> with("attributesCacheBytes", -1)).hasMessageContaining("git.attributesCacheBytes");
  }

  @Test
  void aStreamedDiffsLeadIsReadAndZeroRefused() {
    assertThat(GitOptions.from(ReviewgateConfig.defaults().section("git")).streamAheadBytes()).isEqualTo(4L << 20);
    assertThat(with("streamAheadBytes", 65_536).streamAheadBytes()).isEqualTo(65_536);
    assertThatThrownBy(() -> with("streamAheadBytes", 0)).hasMessageContaining("git.streamAheadBytes must be at least 1");
  }

  @Test
  void thePackWindowIsAPowerOfTwoOfAtLeastFourKibibytes() {
    assertThat(GitOptions.from(ReviewgateConfig.defaults().section("git")).packWindowBytes()).isEqualTo(65_536);
    assertThat(with("packWindowBytes", 8192).packWindowBytes()).isEqualTo(8192);
    assertThatThrownBy(() -> with("packWindowBytes", 2048)).hasMessageContaining("git.packWindowBytes must be a power of two");
    assertThatThrownBy(() -> with("packWindowBytes", 65_000)).hasMessageContaining("found 65000");
  }
}
