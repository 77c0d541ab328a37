package dev.reviewgate.bench.ado;

import dev.reviewgate.ado.AdoBackendOptions;
import dev.reviewgate.ado.AdoVerticle;
import dev.reviewgate.bench.forge.ForgeDiffRuns;
import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.testkit.forge.FakeAzureDevOps;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * {@code ado_get_pull_request_diff} of one 300-file iteration, the two ways it can be made: from the blobs over the
 * Azure DevOps API (testkit's fake server, real HTTP on loopback) and from this server's own clone. Prints, per path,
 * the first call's time, p50 and p90 of the following calls, and HTTP requests per call.
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.ado.AdoDiffBench [files=300] [runs=20]</pre>
 */
public final class AdoDiffBench {

  private AdoDiffBench() {
  }

  public static void main(String[] args) throws Exception {
    ForgeDiffRuns.of(args).run("ado-bench", (vertx, pr) -> {
      FakeAzureDevOps ado = new FakeAzureDevOps(vertx, pr.repo(), pr.base(), pr.base()).iteration("create", pr.head());
      ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
        .put("ado", new JsonObject().put("orgUrl", ado.orgUrl()).put("project", FakeAzureDevOps.PROJECT))
        .put("repos", new JsonObject().put(FakeAzureDevOps.REPO, pr.repo().dir().toString())));
      Map<String, String> env = Map.of("AZURE_DEVOPS_PAT", FakeAzureDevOps.PAT);
      return new ForgeDiffRuns.Served(ado, config, new AdoVerticle(AdoBackendOptions.from(config, env::get), ToolCatalog.standard()),
        "API (blobs)", Addresses.ADO_PR_DIFF, new JsonObject().put("repository", FakeAzureDevOps.REPO).put("pr_id", 7).put("top", 1000));
    });
  }
}
