package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;

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
}
