package dev.reviewgate.gitea;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code gitea} section: where the server and the token come from, and that the token is never printed. */
class GiteaOptionsTest {

  private static final JsonObject DEFAULTS = ReviewgateConfig.defaults().section("gitea");

  @Test
  void theDefaultIsCodebergWithoutAToken() {
    GiteaOptions options = GiteaOptions.from(DEFAULTS, name -> null);
    assertThat(options.apiBase()).isEqualTo("https://codeberg.org/api/v1");
    assertThat(options.token()).isNull();
    assertThat(options.tokenEnv()).isEqualTo("GITEA_TOKEN");
    assertThat(options.maxListItems()).isEqualTo(10_000);
  }

  @Test
  void giteaUrlWinsAndAnApiSuffixOrTrailingSlashIsTakenAsIs() {
    Map<String, String> env = Map.of("GITEA_URL", "https://git.example.com/api/v1/", "GITEA_TOKEN", " s3cret-token ");
    GiteaOptions options = GiteaOptions.from(DEFAULTS, env::get);
    assertThat(options.apiBase()).isEqualTo("https://git.example.com/api/v1");
    assertThat(options.token()).isEqualTo("s3cret-token");
    assertThat(options.toString()).doesNotContain("s3cret-token").contains("token=set");
  }

  @Test
  void aUrlThatIsNotHttpIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> GiteaOptions.from(DEFAULTS, Map.of("GITEA_URL", "git.example.com")::get))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gitea.url (or GITEA_URL)");
  }

  @Test
  void everyVerdictIsGiteasWordNeverGitHubsApprove() {
    assertThat(PullRequestReviews.event("approve")).isEqualTo("APPROVED");
    assertThat(PullRequestReviews.event("approve_with_suggestions")).isEqualTo("APPROVED");
    assertThat(PullRequestReviews.event("request_changes")).isEqualTo("REQUEST_CHANGES");
    assertThat(PullRequestReviews.event("wait_for_author")).isEqualTo("REQUEST_CHANGES");
    assertThat(PullRequestReviews.event("comment")).isEqualTo("COMMENT");
  }
}
