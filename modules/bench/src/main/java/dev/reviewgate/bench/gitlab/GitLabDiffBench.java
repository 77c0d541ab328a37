package dev.reviewgate.bench.gitlab;

import dev.reviewgate.bench.forge.ForgeDiffRuns;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.gitlab.GitLabBackendOptions;
import dev.reviewgate.gitlab.GitLabVerticle;
import dev.reviewgate.testkit.forge.GitLabDouble;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * {@code gitlab_get_merge_request_diff} of one 300-file version, the two ways it can be made: from the files fetched
 * over the GitLab API (testkit's GitLab double, real HTTP on loopback) and from this server's own clone. Prints, per
 * path, the first call's time, p50 and p90 of the following calls, and HTTP requests per call.
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.gitlab.GitLabDiffBench [files=300] [runs=20]</pre>
 */
public final class GitLabDiffBench {

  private GitLabDiffBench() {
  }

  public static void main(String[] args) throws Exception {
    ForgeDiffRuns.of(args).run("gitlab-bench", (vertx, mr) -> {
      GitLabDouble gitlab = new GitLabDouble(vertx, mr.repo(), mr.base(), mr.base()).version(mr.head());
      ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
        .put("repos", new JsonObject().put("shop", mr.repo().dir().toString())));
      Map<String, String> env = Map.of("GITLAB_URL", gitlab.url(), "GITLAB_TOKEN", GitLabDouble.TOKEN);
      return new ForgeDiffRuns.Served(gitlab, config, new GitLabVerticle(GitLabBackendOptions.from(config, env::get), ToolCatalog.standard()),
        "API (raw files)", "reviewgate.gitlab.mr.diff",
        new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", GitLabDouble.IID).put("top", 1000));
    });
  }
}
