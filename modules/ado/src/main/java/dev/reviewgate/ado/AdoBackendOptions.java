package dev.reviewgate.ado;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.forge.ForgeBackendOptions;
import java.util.function.UnaryOperator;

/**
 * What the Azure DevOps backend ({@link AdoVerticle}) is built from: besides its own {@code ado} section, the diff
 * engine's limits and the callers' time limits no Azure DevOps request or wait may outlive.
 */
public record AdoBackendOptions(AdoOptions ado, DiffOptions diff, ToolTimeouts timeouts) implements ForgeBackendOptions {

  /** @param env the environment: the organization, project and token are read from it, as {@link AdoOptions} says */
  public static AdoBackendOptions from(ReviewgateConfig config, UnaryOperator<String> env) {
    return new AdoBackendOptions(AdoOptions.from(config.section("ado"), env), DiffOptions.from(config.section("diff")),
      ToolTimeouts.from(config));
  }
}
