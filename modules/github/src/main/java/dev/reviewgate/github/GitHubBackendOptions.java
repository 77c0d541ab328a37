package dev.reviewgate.github;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.forge.ForgeBackendOptions;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * What the GitHub backend ({@link GitHubVerticle}) is built from: besides its own {@code github} section, the diff
 * engine's limits, the callers' time limits no GitHub request or wait may outlive, and where to find a default
 * repository.
 *
 * @param workingDirectory where to look for a repository whose {@code origin} remote on GitHub gives the default
 *                         owner and repository (when {@code github.owner} and {@code github.repo} are not set)
 */
public record GitHubBackendOptions(GitHubOptions github, DiffOptions diff, ToolTimeouts timeouts, Path workingDirectory) implements ForgeBackendOptions {

  /** @param env the environment: the token and {@code GITHUB_API_URL} are read from it, as {@link GitHubOptions} says */
  public static GitHubBackendOptions from(ReviewgateConfig config, UnaryOperator<String> env, Path workingDirectory) {
    return new GitHubBackendOptions(GitHubOptions.from(config.section("github"), env), DiffOptions.from(config.section("diff")),
      ToolTimeouts.from(config), workingDirectory);
  }
}
