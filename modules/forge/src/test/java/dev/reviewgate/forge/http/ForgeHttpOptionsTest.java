package dev.reviewgate.forge.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** The HTTP and blob settings every forge section declares: read from config/reviewgate.json, checked with one text. */
class ForgeHttpOptionsTest {

  private static final ReviewgateConfig DEFAULTS = ReviewgateConfig.defaults();

  @Test
  void eachForgeSectionsDefaultsAreRead() {
    assertThat(ForgeHttpOptions.from("github", DEFAULTS.section("github")))
      .isEqualTo(new ForgeHttpOptions(30_000, 3, 1_000, 60_000, 8, 512, 33_554_432));
    assertThat(ForgeHttpOptions.from("ado", DEFAULTS.section("ado")))
      .isEqualTo(new ForgeHttpOptions(30_000, 3, 500, 30_000, 8, 256, 16_777_216));
    assertThat(ForgeHttpOptions.from("gitlab", DEFAULTS.section("gitlab")))
      .isEqualTo(new ForgeHttpOptions(30_000, 3, 500, 30_000, 8, 256, 16_777_216));
    assertThat(ForgeBlobOptions.from("gitlab", DEFAULTS.section("gitlab"))).isEqualTo(new ForgeBlobOptions(8, 8_388_608, 5_000));
  }

  @Test
  void aSetValueWins() {
    JsonObject section = DEFAULTS.section("ado").copy().put("maxRetries", 0).put("timeoutMs", 1_500);
    ForgeHttpOptions options = ForgeHttpOptions.from("ado", section);
    assertThat(options.maxRetries()).isZero();
    assertThat(options.timeoutMs()).isEqualTo(1_500);
  }

  @Test
  void aBadValueIsRefusedNamingTheKeyTheValueAndTheRange() {
    assertThatThrownBy(() -> ForgeHttpOptions.from("gitlab", DEFAULTS.section("gitlab").copy().put("maxConcurrentReads", 0)))
      .isInstanceOf(IllegalArgumentException.class)
      .hasMessageStartingWith("configuration key gitlab.maxConcurrentReads must be a whole number from 1 to 2147483647 (got 0)");
    assertThatThrownBy(() -> ForgeHttpOptions.from("github", DEFAULTS.section("github").copy().put("timeoutMs", "30s")))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("github.timeoutMs").hasMessageContaining("(got '30s')");
    assertThatThrownBy(() -> ForgeHttpOptions.from("ado", DEFAULTS.section("ado").copy().put("retryBaseDelayMs", 2.5)))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ado.retryBaseDelayMs").hasMessageContaining("(got 2.5)");
    assertThatThrownBy(() -> ForgeBlobOptions.from("ado", DEFAULTS.section("ado").copy().put("maxBlobBytes", 4_294_967_296L)))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ado.maxBlobBytes");
  }

  @Test
  void aMissingKeyIsRefusedNamingIt() {
    JsonObject section = DEFAULTS.section("gitlab").copy();
    section.remove("etagCacheEntries");
    assertThatThrownBy(() -> ForgeHttpOptions.from("gitlab", section))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gitlab.etagCacheEntries is missing");
  }
}
