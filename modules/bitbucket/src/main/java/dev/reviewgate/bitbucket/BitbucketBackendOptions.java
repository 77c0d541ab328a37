package dev.reviewgate.bitbucket;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.diff.DiffOptions;
import dev.reviewgate.forge.ForgeBackendOptions;
import java.util.function.UnaryOperator;

/**
 * What the Bitbucket backend ({@link BitbucketVerticle}) is built from: besides its own {@code bitbucket} section, the
 * diff engine's limits and the callers' time limits no Bitbucket request or wait may outlive.
 */
public record BitbucketBackendOptions(BitbucketOptions bitbucket, DiffOptions diff, ToolTimeouts timeouts)
  implements ForgeBackendOptions {

  /** @param env the environment: the URL, flavour, token and email are read from it, as {@link BitbucketOptions} says */
  public static BitbucketBackendOptions from(ReviewgateConfig config, UnaryOperator<String> env) {
    return new BitbucketBackendOptions(BitbucketOptions.from(config.section("bitbucket"), env),
      DiffOptions.from(config.section("diff")), ToolTimeouts.from(config));
  }
}
