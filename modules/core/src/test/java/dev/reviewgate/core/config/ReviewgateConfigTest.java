package dev.reviewgate.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class ReviewgateConfigTest {

  @Test
  void defaultsComeFromTheShippedFileAndLayersMergeDeeply() {
    ReviewgateConfig defaults = ReviewgateConfig.defaults();
    assertThat(defaults.section("http").getInteger("port")).isEqualTo(7420);
    ReviewgateConfig merged = defaults.merge(new JsonObject().put("http", new JsonObject().put("port", 0)));
    assertThat(merged.section("http").getInteger("port")).isZero();
    assertThat(merged.section("http").getString("host")).isEqualTo("127.0.0.1");
    assertThat(defaults.section("http").getInteger("port")).as("defaults untouched").isEqualTo(7420);
    assertThat(merged.section("nope")).isEmpty();
  }
}
