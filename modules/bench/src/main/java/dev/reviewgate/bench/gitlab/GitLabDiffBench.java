package dev.reviewgate.bench.gitlab;

import dev.reviewgate.core.bus.BusRequests;
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
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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
      repo.write(String.format("src/m%03d/File%03d.java", i / 20, i), body(i, 0));
    }
    String base = repo.commit("base");
    repo.branch("feature");
    for (int i = 0; i < files; i++) {
      repo.write(String.format("src/m%03d/File%03d.java", i / 20, i), body(i, 1));
    }
    String head = repo.commit("change every file");
    Vertx vertx = Vertx.vertx();
    try (GitLabDouble gitlab = new GitLabDouble(vertx, repo, base, base).version(head)) {
      ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
        .put("repos", new JsonObject().put("shop", dir.toString())));
      Map<String, String> env = Map.of("GITLAB_URL", gitlab.url(), "GITLAB_TOKEN", GitLabDouble.TOKEN);
      await(vertx.deployVerticle(new GitLabVerticle(GitLabBackendOptions.from(config, env::get), ToolCatalog.standard())));
      JsonObject call = new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", GitLabDouble.IID).put("top", 1000);
      report("API (raw files)", vertx, gitlab, call, runs);
      String git = await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard())));
      report("local clone", vertx, gitlab, call, runs);
      await(vertx.undeploy(git));
    } finally {
      vertx.close();
    }
  }

  private static void report(String path, Vertx vertx, GitLabDouble gitlab, JsonObject call, int runs) throws Exception {
    long[] ms = new long[runs + 1];
    int before = gitlab.requests.get();
    JsonObject result = null;
    for (int i = 0; i <= runs; i++) {
      long t0 = System.nanoTime();
      result = await(BusRequests.request(vertx.eventBus(), "reviewgate.gitlab.mr.diff", call, 120_000));
      ms[i] = (System.nanoTime() - t0) / 1_000_000;
    }
    int perCall = (gitlab.requests.get() - before) / (runs + 1);
    long[] rest = Arrays.copyOfRange(ms, 1, ms.length);
    Arrays.sort(rest);
    System.out.println(new JsonObject().put("path", path).put("source", result.getJsonObject("diffs").getString("source"))
      .put("changes", result.getJsonArray("changes").size()).put("diffBytes", result.getString("diff", "").length())
      .put("firstMs", ms[0]).put("p50Ms", rest[rest.length / 2]).put("p90Ms", rest[(int) Math.ceil(rest.length * 0.9) - 1])
      .put("httpRequestsPerCall", perCall).encode());
  }

  private static String body(int file, int version) {
    StringBuilder text = new StringBuilder("class File" + file + " {\n");
    for (int line = 0; line < 60; line++) {
      boolean changed = version == 1 && line % 20 == 7;
      text.append("  int f").append(line).append("() { return ").append(changed ? line * 2 : line).append("; }\n");
    }
    return text.append("}\n").toString();
  }

  private static <T> T await(io.vertx.core.Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(5, TimeUnit.MINUTES);
  }
}
