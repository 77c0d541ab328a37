package dev.reviewgate.ado;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeAzureDevOps;
import dev.reviewgate.testkit.repo.ShopHistory;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pull request of one change whose diff alone passes the reply budget: the change is cut to the lines that fit. */
class AdoBudgetCutTest {

  @TempDir
  static Path dir;
  private static Vertx vertx;
  private static FakeAzureDevOps ado;
  private static BusCalls tools;
  private static TroubleLog logged;

  @BeforeAll
  static void start() throws Exception {
    logged = TroubleLog.everything();
    TempGitRepo repo = new TempGitRepo(dir);
    String base = repo.write("huge.txt", ShopHistory.numbered("before", 2_000)).commit("base");
    String head = repo.write("huge.txt", ShopHistory.numbered("after", 2_000)).commit("every line rewritten");
    vertx = Vertx.vertx();
    tools = BusCalls.on(vertx);
    ado = new FakeAzureDevOps(vertx, repo, base, base).iteration("create", head);
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("ado", new JsonObject()
      .put("orgUrl", ado.orgUrl()).put("project", FakeAzureDevOps.PROJECT).put("retryBaseDelayMs", 10)));
    Map<String, String> env = Map.of("AZURE_DEVOPS_PAT", FakeAzureDevOps.PAT);
    Await.result(vertx.deployVerticle(new AdoVerticle(AdoBackendOptions.from(config, env::get), ToolCatalog.standard())));
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(logged, ado, vertx);
  }

  private static JsonObject diff(JsonObject args) {
    return tools.call("reviewgate.ado.pr.diff", new JsonObject().put("repository", FakeAzureDevOps.REPO).put("pr_id", 7)
      .put("max_lines_per_file", 10_000).mergeIn(args));
  }

  private static int bytes(JsonObject reply) {
    return reply.encode().getBytes(StandardCharsets.UTF_8).length;
  }

  private static int lines(JsonObject reply) {
    return reply.getJsonArray("changes").getJsonObject(0).getJsonObject("diff").getString("content").split("\n").length;
  }

  @Test
  void theOneChangeIsCutToTheBudgetAndAWiderBudgetShowsMoreOfIt() {
    JsonObject whole = diff(new JsonObject().put("max_bytes", 4_000_000));
    assertThat(bytes(whole)).isGreaterThan(100_000);
    for (int budget : new int[] {8_000, 20_000}) {
      JsonObject cut = diff(new JsonObject().put("max_bytes", budget));
      assertThat(cut.getJsonArray("changes")).hasSize(1);
      assertThat(cut.getJsonArray("changes").getJsonObject(0).getJsonObject("diff").getBoolean("is_truncated")).isTrue();
      assertThat(cut.getJsonArray("warnings").encode()).contains("huge.txt alone passes");
      assertThat(bytes(cut)).isLessThanOrEqualTo((int) (budget * 1.1));
    }
    assertThat(lines(diff(new JsonObject().put("max_bytes", 20_000))))
      .isGreaterThan(lines(diff(new JsonObject().put("max_bytes", 8_000))));
    // No budget given: the default (20,000 tokens, about 70,000 bytes) holds the reply.
    assertThat(bytes(diff(new JsonObject()))).isLessThanOrEqualTo(77_000);
  }
}
