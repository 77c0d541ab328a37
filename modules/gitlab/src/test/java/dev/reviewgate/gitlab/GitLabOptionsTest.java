package dev.reviewgate.gitlab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code gitlab} section: where the instance and the token come from, and that the token is never printed. */
class GitLabOptionsTest {

  private static final JsonObject DEFAULTS = ReviewgateConfig.defaults().section("gitlab");

  @Test
  void theDefaultIsGitLabDotComWithoutAToken() {
    GitLabOptions options = GitLabOptions.from(DEFAULTS, name -> null);
    assertThat(options.apiBase()).isEqualTo("https://gitlab.com/api/v4");
    assertThat(options.token()).isNull();
    assertThat(options.tokenEnv()).isEqualTo("GITLAB_TOKEN");
  }

  @Test
  void gitlabUrlWinsAndAnApiSuffixOrTrailingSlashIsTakenAsIs() {
    Map<String, String> env = Map.of("GITLAB_URL", "https://gitlab.example.com/api/v4/", "GITLAB_TOKEN", " glpat-secret ");
    GitLabOptions options = GitLabOptions.from(DEFAULTS, env::get);
    assertThat(options.apiBase()).isEqualTo("https://gitlab.example.com/api/v4");
    assertThat(options.token()).isEqualTo("glpat-secret");
    assertThat(options.toString()).doesNotContain("glpat-secret").contains("token=set");
  }

  @Test
  void aUrlThatIsNotHttpIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> GitLabOptions.from(DEFAULTS, Map.of("GITLAB_URL", "gitlab.example.com")::get))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gitlab.apiUrl (or GITLAB_URL)");
  }

  @Test
  void theListCapsAreReadFromTheirKeys() {
    GitLabOptions defaults = GitLabOptions.from(DEFAULTS, name -> null);
    assertThat(defaults.maxListItems()).isEqualTo(10_000);
    assertThat(defaults.maxPipelines()).isEqualTo(100);
    GitLabOptions set = GitLabOptions.from(DEFAULTS.copy().put("maxListItems", 50).put("maxPipelines", 7), name -> null);
    assertThat(set.maxListItems()).isEqualTo(50);
    assertThat(set.maxPipelines()).isEqualTo(7);
  }
}
