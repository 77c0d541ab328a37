package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GitHubOptionsTest {

  private final JsonObject defaults = ReviewgateConfig.defaults().section("github");

  @Test
  void defaultsComeFromTheConfigurationFile() {
    GitHubOptions options = GitHubOptions.from(defaults, Map.<String, String>of()::get);
    assertThat(options.apiUrl()).isEqualTo("https://api.github.com");
    assertThat(options.graphqlUrl()).isEqualTo("https://api.github.com/graphql");
    assertThat(options.hasToken()).isFalse();
    assertThat(options.http().maxRetries()).isEqualTo(defaults.getInteger("maxRetries"));
  }

  @Test
  void theEnvironmentGivesTheBaseUrlAndTheTokenAndEnterpriseGraphQlLivesUnderApi() {
    GitHubOptions options = GitHubOptions.from(defaults.copy().put("tokenEnv", "MY_TOKEN"),
      Map.of("GITHUB_API_URL", "https://ghe.example.com/api/v3/", "MY_TOKEN", "  secret-value ")::get);
    assertThat(options.apiUrl()).isEqualTo("https://ghe.example.com/api/v3");
    assertThat(options.graphqlUrl()).isEqualTo("https://ghe.example.com/api/graphql");
    assertThat(options.hasToken()).isTrue();
    assertThat(options.toString()).doesNotContain("secret-value");
  }

  @Test
  void aConfiguredGraphQlUrlWins() {
    GitHubOptions options = GitHubOptions.from(defaults.copy().put("graphqlUrl", "https://proxy.example/gql"), Map.<String, String>of()::get);
    assertThat(options.graphqlUrl()).isEqualTo("https://proxy.example/gql");
  }

  @Test
  void aBaseUrlThatIsNotHttpIsRefusedAtStart() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> GitHubOptions.from(defaults, Map.of("GITHUB_API_URL", "api.github.com")::get))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("GITHUB_API_URL").hasMessageContaining("https://api.github.com");
  }
}
