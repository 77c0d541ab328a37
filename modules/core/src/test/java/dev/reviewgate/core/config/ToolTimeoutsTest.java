package dev.reviewgate.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class ToolTimeoutsTest {

  @Test
  void aToolsEntryWinsOverRequestTimeoutMs() {
    ToolTimeouts timeouts = ToolTimeouts.from(ReviewgateConfig.defaults().merge(new JsonObject().put("requestTimeoutMs", 7_000)
      .put("mcp", new JsonObject().put("toolTimeoutsMs", new JsonObject().put("git_diff", 90_000)))));
    assertThat(timeouts.of("git_diff")).isEqualTo(90_000);
    assertThat(timeouts.of("git_log")).isEqualTo(7_000);
    assertThat(timeouts.of("review_request")).as("the shipped entries stay").isEqualTo(660_000);
  }

  @Test
  void aTimeoutThatIsNoPositiveNumberIsRefusedByName() {
    assertThatThrownBy(() -> ToolTimeouts.from(ReviewgateConfig.defaults().merge(new JsonObject()
      .put("mcp", new JsonObject().put("toolTimeoutsMs", new JsonObject().put("git_diff", "soon"))))))
      .isInstanceOf(IllegalArgumentException.class).hasMessage("mcp.toolTimeoutsMs.git_diff must be a number (got soon)");
    assertThatThrownBy(() -> ToolTimeouts.from(ReviewgateConfig.defaults().merge(new JsonObject().put("requestTimeoutMs", 0))))
      .isInstanceOf(IllegalArgumentException.class).hasMessage("requestTimeoutMs must be greater than 0 (got 0)");
  }
}
