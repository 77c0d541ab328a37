package dev.reviewgate.git;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;

/** The shared temporary repository in {@code <parent>/repo}, plus the git module's options and a reader over it. */
final class TestRepo extends TempGitRepo {

  TestRepo(Path parent) {
    super(parent.resolve("repo"));
  }

  /**
   * The default git settings but for {@code parallelFromFiles}: 24, as the tests of the diff threads were written for
   * (the default, 256, would need ten times their files).
   */
  static GitOptions options() {
    return options(new JsonObject());
  }

  static GitOptions options(JsonObject overrides) {
    return GitOptions.from(ReviewgateConfig.defaults().section("git").copy().put("parallelFromFiles", PARALLEL_FROM)
      .mergeIn(overrides));
  }

  /** Where {@link #options()} starts writing a diff's files in parallel. */
  static final int PARALLEL_FROM = 24;

  /**
   * The git backend of the default configuration serving this repository as {@code demo} (its default, being the only one),
   * with {@code git} settings overridden.
   */
  GitBackendOptions servedAsDemo(JsonObject gitSection) {
    return GitBackendOptions.from(ReviewgateConfig.defaults().merge(new JsonObject()
      .put("repos", new JsonObject().put("demo", dir().toString()))
      .put("git", gitSection)), null);
  }

  GitReader reader() {
    return RepoRegistry.create(new JsonObject().put("t", dir().toString()), null, options()).reader("t");
  }
}
