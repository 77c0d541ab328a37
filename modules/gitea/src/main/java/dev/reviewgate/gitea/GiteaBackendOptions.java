package dev.reviewgate.gitea;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.forge.ForgeBackendOptions;
import java.util.function.UnaryOperator;

/**
 * What the Gitea backend ({@link GiteaVerticle}) is built from: besides its own {@code gitea} section, the diff
 * engine's limits and the callers' time limits no Gitea request or wait may outlive.
 */
public record GiteaBackendOptions(GiteaOptions gitea, DiffOptions diff, ToolTimeouts timeouts) implements ForgeBackendOptions {

  /** @param env the environment: the server URL and the token are read from it, as {@link GiteaOptions} says */
  public static GiteaBackendOptions from(ReviewgateConfig config, UnaryOperator<String> env) {
    return new GiteaBackendOptions(GiteaOptions.from(config.section("gitea"), env), DiffOptions.from(config.section("diff")),
      ToolTimeouts.from(config));
  }
}
