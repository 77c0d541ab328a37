package dev.reviewgate.gitlab;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.forge.ForgeBackendOptions;
import java.util.function.UnaryOperator;

/**
 * What the GitLab backend ({@link GitLabVerticle}) is built from: besides its own {@code gitlab} section, the diff
 * engine's limits and the callers' time limits no GitLab request or wait may outlive.
 */
public record GitLabBackendOptions(GitLabOptions gitlab, DiffOptions diff, ToolTimeouts timeouts) implements ForgeBackendOptions {

  /** @param env the environment: the instance URL and the token are read from it, as {@link GitLabOptions} says */
  public static GitLabBackendOptions from(ReviewgateConfig config, UnaryOperator<String> env) {
    return new GitLabBackendOptions(GitLabOptions.from(config.section("gitlab"), env), DiffOptions.from(config.section("diff")),
      ToolTimeouts.from(config));
  }
}
