package dev.reviewgate.bench.ado;

import dev.reviewgate.bench.forge.ForgeDiffRuns;
import dev.reviewgate.ado.AdoBackendOptions;
import dev.reviewgate.ado.AdoVerticle;
import dev.reviewgate.ado.FakeAzureDevOps;
import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code ado_get_pull_request_diff} of one 300-file iteration, the two ways it can be made: from the blobs over the
 * Azure DevOps API (the fake server of the ado tests, real HTTP on loopback) and from this server's own clone. Prints,
 * per path, the first call's time, p50 and p90 of the following calls, and HTTP requests per call.
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.ado.AdoDiffBench [files=300] [runs=20]</pre>
 */
public final class AdoDiffBench {

  private AdoDiffBench() {
  }

  public static void main(String[] args) throws Exception {
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Path dir = Files.createTempDirectory("ado-bench");
    TempGitRepo repo = new TempGitRepo(dir);
    for (int i = 0; i < files; i++) {
      repo.write(String.format("src/m%03d/File%03d.java", i / 20, i), ForgeDiffRuns.body(i, 0));
    }
    String common = repo.commit("base");
    repo.branch("feature");
    for (int i = 0; i < files; i++) {
      repo.write(String.format("src/m%03d/File%03d.java", i / 20, i), ForgeDiffRuns.body(i, 1));
    }
    String source = repo.commit("change every file");
    Vertx vertx = Vertx.vertx();
    try (FakeAzureDevOps ado = new FakeAzureDevOps(vertx, repo, common, common).iteration("create", source)) {
      ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
        .put("ado", new JsonObject().put("orgUrl", ado.orgUrl()).put("project", FakeAzureDevOps.PROJECT))
        .put("repos", new JsonObject().put(FakeAzureDevOps.REPO, dir.toString())));
      Map<String, String> env = Map.of("AZURE_DEVOPS_PAT", FakeAzureDevOps.PAT);
      ForgeDiffRuns.await(vertx.deployVerticle(new AdoVerticle(AdoBackendOptions.from(config, env::get), ToolCatalog.standard())));
      JsonObject call = new JsonObject().put("repository", FakeAzureDevOps.REPO).put("pr_id", 7).put("top", 1000);
      ForgeDiffRuns.report("API (blobs)", vertx, Addresses.ADO_PR_DIFF, call, runs, ado.requests);
      String git = ForgeDiffRuns.await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard())));
      ForgeDiffRuns.report("local clone", vertx, Addresses.ADO_PR_DIFF, call, runs, ado.requests);
      ForgeDiffRuns.await(vertx.undeploy(git));
    } finally {
      vertx.close();
    }
  }
}
