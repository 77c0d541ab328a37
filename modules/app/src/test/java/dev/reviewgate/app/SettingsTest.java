package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration layers as config/README.md describes them. */
class SettingsTest {

  @Test
  void layersApplyInOrderFileThenEnvironmentThenFlags(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("reviewgate.json");
    Files.writeString(file, "{\"git\": {\"timeoutMs\": 1000, \"maxQueued\": 7}, \"requestTimeoutMs\": 5000}");

    ReviewgateConfig config = Settings.load(file, Map.of("REVIEWGATE_GIT_TIMEOUT_MS", "2000", "REVIEWGATE_REQUEST_TIMEOUT_MS", "6000"),
      new JsonObject().put("git", new JsonObject().put("timeoutMs", 3000)));

    assertThat(config.section("git").getLong("timeoutMs")).isEqualTo(3000);
    assertThat(config.section("git").getInteger("maxQueued")).isEqualTo(7);
    assertThat(config.requestTimeoutMs()).isEqualTo(6000);
    assertThat(config.section("git").getInteger("workerThreads")).as("default kept").isEqualTo(4);
  }

  @Test
  void lockdownAndTheWritesThatNeedThePersonComeFromTheirShortVariablesOrTheFlag() {
    ReviewgateConfig defaults = Settings.load(null, Map.of(), new JsonObject());
    ReviewgateConfig env = Settings.load(null, Map.of("REVIEWGATE_LOCKDOWN", "true", "REVIEWGATE_CONFIRM_WRITES", "none"),
      new JsonObject());
    ReviewgateConfig flag = Settings.load(null, Map.of(), Cli.parse(new String[] {"stdio", "--lockdown"}).flagLayer());

    assertThat(defaults.section("mcp").getBoolean("lockdown")).isFalse();
    assertThat(defaults.section("mcp").getString("confirmWrites")).isEqualTo("merge,approve");
    assertThat(env.section("mcp").getBoolean("lockdown")).isTrue();
    assertThat(env.section("mcp").getString("confirmWrites")).isEqualTo("none");
    assertThat(flag.section("mcp").getBoolean("lockdown")).isTrue();
  }

  @Test
  void theBearerTokenVariableIsASecretNotAConfigurationKey() {
    ReviewgateConfig config = Settings.load(null, Map.of("REVIEWGATE_TOKEN", "s3cret", "REVIEWGATE_HTTP_PORT", "0"), new JsonObject());

    assertThat(config.section("http").getInteger("port")).isZero();
    assertThat(config.json().encode()).doesNotContain("s3cret");
  }

  @Test
  void aTokenVariableRenamedInTheFileIsAlsoLeftOut(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("reviewgate.json");
    Files.writeString(file, "{\"http\": {\"tokenEnv\": \"REVIEWGATE_HTTP_SECRET\"}}");

    ReviewgateConfig config = Settings.load(file, Map.of("REVIEWGATE_HTTP_SECRET", "s3cret"), new JsonObject());

    assertThat(config.json().encode()).doesNotContain("s3cret");
  }

  @Test
  void anyToolMayHaveItsOwnTimeoutButOnlyAsANumber(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("reviewgate.json");
    Files.writeString(file, "{\"mcp\": {\"toolTimeoutsMs\": {\"github_get_pull_request_diff\": 120000}}}");

    ReviewgateConfig config = Settings.load(file, Map.of(), new JsonObject());

    JsonObject timeouts = config.section("mcp").getJsonObject("toolTimeoutsMs");
    assertThat(timeouts.getLong("github_get_pull_request_diff")).isEqualTo(120_000);
    assertThat(timeouts.getLong("review_request")).as("defaults kept").isEqualTo(660_000);
    assertThatThrownBy(() -> Settings.load(null, Map.of("REVIEWGATE_MCP_TOOL_TIMEOUTS_MS", "{\"git_diff\": \"long\"}"), new JsonObject()))
      .isInstanceOf(UsageException.class).hasMessageContaining("mcp.toolTimeoutsMs.git_diff").hasMessageContaining("an integer");
  }

  @Test
  void unknownKeysAreStillRefusedByName() {
    assertThatThrownBy(() -> Settings.load(null, Map.of("REVIEWGATE_GIT_TIMEOUT", "1"), new JsonObject()))
      .isInstanceOf(UsageException.class).hasMessageContaining("REVIEWGATE_GIT_TIMEOUT");
    assertThatThrownBy(() -> Settings.load(null, Map.of(), new JsonObject().put("mcp", new JsonObject().put("pageSzie", 3))))
      .isInstanceOf(UsageException.class).hasMessageContaining("mcp.pageSzie");
  }
}
