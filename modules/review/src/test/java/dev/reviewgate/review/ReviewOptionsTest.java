package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ReviewOptionsTest {

  @Test
  void theDefaultsLetAWaitRunItsFullTime() {
    ReviewgateConfig defaults = ReviewgateConfig.defaults();
    assertThat(ReviewOptions.from(defaults, Path.of("")).maxWaitMs())
      .isEqualTo(defaults.section("review").getLong("maxWaitMs"));
  }

  @Test
  void aWaitEndsBeforeTheMcpTimeLimitOfTheReviewTools() {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
      .put("mcp", new JsonObject().put("toolTimeoutsMs", new JsonObject().put("review_update", 120_000)))
      .put("review", new JsonObject().put("gitTimeoutMs", 10_000)));

    assertThat(ReviewOptions.from(config, Path.of("")).maxWaitMs()).isEqualTo(120_000 - 10_000 - 5_000);
  }

  @Test
  void theMarginLeftUnderTheMcpTimeLimitIsReviewMaxWaitMarginMs() {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
      .put("mcp", new JsonObject().put("toolTimeoutsMs", new JsonObject().put("review_update", 120_000)))
      .put("review", new JsonObject().put("gitTimeoutMs", 10_000).put("maxWaitMarginMs", 20_000)));

    assertThat(ReviewOptions.from(config, Path.of("")).maxWaitMs()).isEqualTo(120_000 - 10_000 - 20_000);
  }

  @Test
  void aMarginThatIsNotPositiveIsRefusedNamingTheKey() {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
      .put("review", new JsonObject().put("replyTransitMs", 0)));

    assertThatThrownBy(() -> ReviewOptions.from(config, Path.of("")))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("review.replyTransitMs");
  }
}
