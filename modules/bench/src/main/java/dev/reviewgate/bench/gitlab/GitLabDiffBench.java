package dev.reviewgate.bench.gitlab;

import dev.reviewgate.bench.forge.ForgeDiffRuns;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.gitlab.GitLabBackendOptions;
import dev.reviewgate.gitlab.GitLabDouble;
import dev.reviewgate.gitlab.GitLabVerticle;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code gitlab_get_merge_request_diff} of one 300-file version, the two ways it can be made: from the files fetched
 * over the GitLab API (the GitLab double of the gitlab tests, real HTTP on loopback) and from this server's own clone.
 * Prints, per path, the first call's time, p50 and p90 of the following calls, and HTTP requests per call.
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.gitlab.GitLabDiffBench [files=300] [runs=20]</pre>
 */
public final class GitLabDiffBench {

  private GitLabDiffBench() {
  }

  public static void main(String[] args) throws Exception {
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Path dir = Files.createTempDirectory("gitlab-bench");
    TempGitRepo repo = new TempGitRepo(dir);
    for (int i = 0; i < files; i++) {
      repo.write(String.format("src/m%03d/File%03d.java", i / 20, i), ForgeDiffRuns.body(i, 0));
    }
    String base = repo.commit("base");
    repo.branch("feature");
    for (int i = 0; i < files; i++) {
      repo.write(String.format("src/m%03d/File%03d.java", i / 20, i), ForgeDiffRuns.body(i, 1));
    }
    String head = repo.commit("change every file");
    Vertx vertx = Vertx.vertx();
    try (GitLabDouble gitlab = new GitLabDouble(vertx, repo, base, base).version(head)) {
      ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
        .put("repos", new JsonObject().put("shop", dir.toString())));
      Map<String, String> env = Map.of("GITLAB_URL", gitlab.url(), "GITLAB_TOKEN", GitLabDouble.TOKEN);
      ForgeDiffRuns.await(vertx.deployVerticle(new GitLabVerticle(GitLabBackendOptions.from(config, env::get), ToolCatalog.standard())));
      JsonObject call = new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", GitLabDouble.IID).put("top", 1000);
      ForgeDiffRuns.report("API (raw files)", vertx, "reviewgate.gitlab.mr.diff", call, runs, gitlab.requests);
      String git = ForgeDiffRuns.await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard())));
      ForgeDiffRuns.report("local clone", vertx, "reviewgate.gitlab.mr.diff", call, runs, gitlab.requests);
      ForgeDiffRuns.await(vertx.undeploy(git));
    } finally {
      vertx.close();
    }
  }
}
