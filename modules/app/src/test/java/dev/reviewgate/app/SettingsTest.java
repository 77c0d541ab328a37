package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.mcp.McpOptions;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration layers: defaults, then --config FILE, then REVIEWGATE_* variables, then flags. */
class SettingsTest {

  @TempDir
  Path temp;

  @Test
  void laterLayersWin() throws Exception {
    Path file = Files.writeString(temp.resolve("c.json"), "{\"mcp\": {\"pageSize\": 7, \"maxLineBytes\": 100}}");
    var config = Settings.load(file, Map.of("REVIEWGATE_MCP_MAX_LINE_BYTES", "200"), new JsonObject()
      .put("repos", new JsonObject().put("a", "/x")));
    McpOptions options = McpOptions.from(config);
    assertThat(options.pageSize()).isEqualTo(7);
    assertThat(options.maxLineBytes()).isEqualTo(200);
    assertThat(config.section("repos").getString("a")).isEqualTo("/x");
    assertThat(options.progressIntervalMs()).as("defaults stay").isEqualTo(1000);
  }

  @Test
  void secretAndLauncherVariablesAreNotSettings() {
    var config = Settings.load(null, Map.of("REVIEWGATE_TOKEN", "s3cret", "REVIEWGATE_JAVA_OPTS", "-Xmx1g"), new JsonObject());
    assertThat(config.json().encode()).doesNotContain("s3cret");
  }

  @Test
  void unknownOrMistypedValuesAreRefusedByName() {
    assertThatThrownBy(() -> Settings.load(null, Map.of("REVIEWGATE_MCP_PAGE_SIZ", "1"), new JsonObject()))
      .isInstanceOf(UsageException.class).hasMessageContaining("REVIEWGATE_MCP_PAGE_SIZ");
    assertThatThrownBy(() -> Settings.load(null, Map.of("REVIEWGATE_MCP_PAGE_SIZE", "many"), new JsonObject()))
      .isInstanceOf(UsageException.class).hasMessageContaining("must be an integer");
    assertThatThrownBy(() -> Settings.load(null, Map.of(), new JsonObject().put("mcp", new JsonObject().put("pageSize", "x"))))
      .isInstanceOf(UsageException.class).hasMessageContaining("'mcp.pageSize' must be an integer");
  }
}
