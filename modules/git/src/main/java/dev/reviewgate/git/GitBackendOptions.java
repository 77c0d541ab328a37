package dev.reviewgate.git;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffOptions;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the git backend ({@link GitVerticle}) is built from: besides its own {@code git} section, the repositories it
 * may serve and the diff engine's limits it shapes {@code git_diff} with.
 *
 * @param repos            the configuration's {@code repos}: name → path, in the order written; each is opened at
 *                         start, and one that cannot be stops the start
 * @param workingDirectory where the server started: its repository (found upward) is the default one; null for none
 */
public record GitBackendOptions(GitOptions git, Map<String, String> repos, Path workingDirectory, DiffOptions diff) {

  public GitBackendOptions {
    repos = Collections.unmodifiableMap(new LinkedHashMap<>(repos));
  }

  public static GitBackendOptions from(ReviewgateConfig config, Path workingDirectory) {
    return new GitBackendOptions(GitOptions.from(config.section("git")), RepoRegistry.configured(config.json().getJsonObject("repos")),
      workingDirectory, DiffOptions.from(config.section("diff")));
  }
}
