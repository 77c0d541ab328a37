package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The toolsets a setup offers by default, and the flags and variables that choose others. */
class SetupToolsetsTest {

  private final ToolCatalog catalog = ToolCatalog.standard();

  @TempDir
  Path repo;

  @Test
  void aPlainRepositoryWithNoForgeGetsGitAndReview() throws Exception {
    origin(null);
    assertThat(selection(Map.of()).toolsets()).containsExactly("git", "review");
  }

  @Test
  void aForgeConfiguredInTheEnvironmentOrSettingsTurnsOnItsToolsetAndThreads() throws Exception {
    origin(null);
    assertThat(selection(Map.of("GITLAB_TOKEN", "t")).toolsets()).containsExactly("git", "review", "gitlab", "threads");
    assertThat(selection(Map.of("GITLAB_URL", "https://git.example.com")).toolsets()).contains("gitlab");
    assertThat(selection(Map.of("GITHUB_TOKEN", "t")).toolsets()).containsExactly("git", "review", "github", "threads");
    assertThat(selection(Map.of("AZURE_DEVOPS_PAT", "t")).toolsets()).contains("ado", "threads");
    assertThat(selection(Map.of("REVIEWGATE_ADO_ORG_URL", "https://dev.azure.com/org")).toolsets()).contains("ado");
    assertThat(selection(Map.of("BITBUCKET_TOKEN", "t")).toolsets()).containsExactly("git", "review", "bitbucket", "threads");
    assertThat(selection(Map.of("BITBUCKET_URL", "https://bitbucket.example.com")).toolsets()).contains("bitbucket", "threads");
    assertThat(selection(Map.of("GITLAB_TOKEN", " ")).toolsets()).as("a blank token configures nothing")
      .containsExactly("git", "review");
    assertThat(selection(Map.of("GITEA_TOKEN", "t")).toolsets()).containsExactly("git", "review", "gitea", "threads");
    assertThat(selection(Map.of("GITEA_URL", "https://git.example.net")).toolsets()).contains("gitea", "threads");
  }

  @Test
  void theOriginRemoteOfTheServedRepositoryNamesItsForge() throws Exception {
    origin("git@github.com:octo/hello.git");
    assertThat(selection(Map.of()).toolsets()).containsExactly("git", "review", "github", "threads");
    origin("https://gitlab.example.org/group/sub/app.git");
    assertThat(selection(Map.of()).toolsets()).containsExactly("git", "review", "gitlab", "threads");
    origin("https://org@dev.azure.com/org/project/_git/app");
    assertThat(selection(Map.of()).toolsets()).contains("ado");
    origin("https://org.visualstudio.com/project/_git/app");
    assertThat(selection(Map.of()).toolsets()).contains("ado");
    origin("git@bitbucket.org:acme/shop.git");
    assertThat(selection(Map.of()).toolsets()).containsExactly("git", "review", "bitbucket", "threads");
    origin("ssh://git@bitbucket.example.com:7999/acme/shop.git");
    assertThat(selection(Map.of("BITBUCKET_URL", "https://bitbucket.example.com")).toolsets()).as("a Data Center server")
      .contains("bitbucket");
    origin("ssh://git@code.example.com:2222/team/app.git");
    assertThat(selection(Map.of()).toolsets()).as("a host of no known forge").containsExactly("git", "review");
    assertThat(selection(Map.of("GITLAB_URL", "https://code.example.com/")).toolsets()).as("a self-managed GitLab")
      .contains("gitlab");
    assertThat(selection(Map.of("GITEA_URL", "https://code.example.com")).toolsets()).as("a self-hosted Gitea or Forgejo")
      .containsExactly("git", "review", "gitea", "threads");
    origin("https://codeberg.org/forgejo/forgejo.git");
    assertThat(selection(Map.of()).toolsets()).containsExactly("git", "review", "gitea", "threads");
  }

  @Test
  void flagsAndVariablesChooseOtherToolsetsAndReadOnly() throws Exception {
    origin(null);
    assertThat(selection(Map.of("REVIEWGATE_TOOLSETS", "default,diff")).toolsets()).containsExactly("git", "review", "diff");
    assertThat(selection(Map.of("REVIEWGATE_MCP_TOOLSETS", "git")).toolsets()).containsExactly("git");
    ToolSelection flagged = selection(Map.of(), "stdio", "--toolsets", "all", "--read-only");
    assertThat(flagged.readOnly()).isTrue();
    assertThat(flagged.tools(catalog, Exposure.MCP)).extracting(Tool::name).contains("gitlab_get_merge_request", "diff_parse")
      .doesNotContain("review_request", "pr_review");
    assertThat(selection(Map.of("REVIEWGATE_READ_ONLY", "true")).readOnly()).isTrue();
    assertThatThrownBy(() -> selection(Map.of(), "serve", "--toolsets", "git,forges")).isInstanceOf(UsageException.class)
      .hasMessageContaining("unknown toolset 'forges'");
    assertThatThrownBy(() -> Cli.parse(new String[] {"call", "git_diff", "{}", "--read-only"}))
      .isInstanceOf(UsageException.class).hasMessageContaining("belongs to stdio, serve and tools");
  }

  /** The selection of a process started in {@link #repo} with {@code env} and the command line {@code args}. */
  private ToolSelection selection(Map<String, String> env, String... args) {
    Cli cli = Cli.parse(args.length == 0 ? new String[] {"stdio"} : args);
    ReviewgateConfig config = Settings.load(null, env, cli.flagLayer());
    return SetupToolsets.selection(catalog, config, env, repo.resolve("src"));
  }

  /** A repository whose config file names {@code url} as its origin (none when null); nothing else is read. */
  private void origin(String url) throws Exception {
    Files.createDirectories(repo.resolve(".git"));
    Files.createDirectories(repo.resolve("src"));
    Files.writeString(repo.resolve(".git/config"), "[core]\n\tbare = false\n"
      + (url == null ? "" : "[remote \"origin\"]\n\turl = " + url + "\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"));
  }
}
