package dev.reviewgate.ado;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.DiffPageBudget;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeAzureDevOps;
import dev.reviewgate.testkit.repo.ShopHistory;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Azure DevOps tools against {@link FakeAzureDevOps} (real HTTP on loopback) whose pull request's iterations are
 * commits of a real repository: every diff is checked against {@code git diff --histogram} of the same commits.
 */
@Timeout(60)
class AdoToolsTest {

  /** A budget that holds every change of the pull request on one page. */
  private static final int WHOLE = 4_000_000;

  @TempDir
  static Path dir;
  private static TempGitRepo repo;
  private static String common;
  private static String first;
  private static String second;
  private static Vertx vertx;
  private static FakeAzureDevOps ado;
  private static BusCalls tools;
  private static TroubleLog logged;
  private static String deployment;

  /** The shop's pull request: its first push, then 130 generated files, revised terms and a binary image. */
  @BeforeAll
  static void start() throws Exception {
    logged = TroubleLog.everything();
    repo = new TempGitRepo(dir);
    common = ShopHistory.base(repo);
    first = ShopHistory.firstPush(repo);
    ShopHistory.termsAndImage(ShopHistory.generated(repo, 130));
    second = repo.commit("second push");
    String target = ShopHistory.targetMovesOn(repo);
    vertx = Vertx.vertx();
    tools = BusCalls.on(vertx);
    ado = new FakeAzureDevOps(vertx, repo, target, common).iteration("create", first).iteration("push", second);
    deploy(FakeAzureDevOps.PAT, new JsonObject());
  }

  private static void deploy(String pat, JsonObject extra) {
    if (deployment != null) {
      Await.result(vertx.undeploy(deployment));
    }
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("ado", new JsonObject()
      .put("orgUrl", ado.orgUrl()).put("project", FakeAzureDevOps.PROJECT).put("retryBaseDelayMs", 10)).mergeIn(extra, true));
    Map<String, String> env = Map.of("AZURE_DEVOPS_PAT", pat);
    deployment = Await.result(vertx.deployVerticle(new AdoVerticle(AdoBackendOptions.from(config, env::get), ToolCatalog.standard())));
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(logged, ado, vertx);
  }

  private static JsonObject call(String address, JsonObject args) {
    return tools.call(address, args);
  }

  private static JsonObject diff(JsonObject args) throws Exception {
    return call("reviewgate.ado.pr.diff", new JsonObject().put("repository", FakeAzureDevOps.REPO).put("pr_id", 7).mergeIn(args));
  }

  @Test
  void theLatestIterationsDiffIsWhatGitDiffPrintsFilePerFileAndPagesPastOneHundredChanges() throws Exception {
    int pagesBefore = ado.requests();
    JsonObject result = diff(new JsonObject().put("top", 1000).put("max_bytes", WHOLE));
    assertThat(result.getInteger("iteration_id")).isEqualTo(2);
    assertThat(result.getJsonArray("warnings").encode()).contains("Showing latest iteration (2)");
    assertThat(result.getJsonObject("iteration").getString("common_commit")).isEqualTo(common);
    assertThat(result.getJsonObject("iteration").getString("source_commit")).isEqualTo(second);
    assertThat(result.getJsonObject("diffs").getString("source")).isEqualTo("blobs");
    JsonArray changes = result.getJsonArray("changes");
    assertThat(changes).hasSize(135);
    // 135 changes in pages of at most 50: three change-list requests, followed by nextSkip
    assertThat(ado.requests() - pagesBefore).isGreaterThanOrEqualTo(4);
    assertThat(result.getJsonObject("summary").getString("change_summary")).isEqualTo("132 add, 1 delete, 1 edit, 1 rename");
    for (Object o : changes) {
      JsonObject change = (JsonObject) o;
      String path = change.getString("path");
      String content = change.getJsonObject("diff").getString("content");
      if (change.getString("change_type").contains("rename")) {
        assertThat(content).startsWith("diff --git a/old/name.txt b/new/name.txt\nsimilarity index 88%\nrename from old/name.txt\n");
        assertThat(repo.git("diff", "--histogram", "-M", common, second)).contains(content);
      } else {
        assertThat(content).as(path).isEqualTo(repo.git("diff", "--histogram", common, second, "--", path));
      }
    }
    assertThat(result.getString("diff")).isEqualTo(repo.git("diff", "--histogram", "-M", common, second));

    JsonObject page = diff(new JsonObject().put("max_bytes", WHOLE));
    assertThat(page.getJsonArray("changes")).hasSize(100);
    assertThat(page.getJsonObject("pagination").getBoolean("has_more")).isTrue();
    assertThat(page.getJsonObject("pagination").getInteger("next_skip")).isEqualTo(100);
    assertThat(page.getJsonArray("warnings").encode()).contains("Use skip=100");
    JsonObject rest = diff(new JsonObject().put("skip", 100));
    assertThat(rest.getJsonArray("changes")).hasSize(35);
    assertThat(rest.getJsonObject("pagination").getBoolean("has_more")).isFalse();
  }

  @Test
  void compareToShowsOnlyWhatChangedSinceAnEarlierIteration() throws Exception {
    JsonObject result = diff(new JsonObject().put("iteration_id", 2).put("compare_to", 1).put("include", new JsonArray().add("docs/**")));
    assertThat(result.getJsonArray("warnings").encode()).doesNotContain("latest iteration").contains("docs/**");
    JsonArray changes = result.getJsonArray("changes");
    assertThat(changes).hasSize(1);
    assertThat(changes.getJsonObject(0).getJsonObject("diff").getString("content"))
      .isEqualTo(repo.git("diff", "--histogram", first, second, "--", "docs/new.md"));
    assertThat(result.getInteger("compare_to")).isEqualTo(1);
  }

  @Test
  void theChangeListAloneFetchesNoBlob() throws Exception {
    int blobs = ado.blobRequests();
    JsonObject result = diff(new JsonObject().put("include_diffs", false).put("include", new JsonArray().add("src/*.c").add("gone.txt")));
    assertThat(result.getJsonArray("changes").stream().map(c -> ((JsonObject) c).getString("path")))
      .containsExactly("gone.txt", "src/app.c");
    assertThat(result.getJsonArray("changes").getJsonObject(0).getString("change_type")).isEqualTo("delete");
    assertThat(result.getJsonArray("changes").getJsonObject(0).containsKey("diff")).isFalse();
    assertThat(ado.blobRequests()).isEqualTo(blobs);
  }

  @Test
  void formatsAndCutsGoThroughTheDiffEngine() throws Exception {
    JsonObject json = diff(new JsonObject().put("format", "json").put("include", new JsonArray().add("src/app.c")));
    JsonObject file = json.getJsonArray("changes").getJsonObject(0).getJsonObject("diff").getJsonObject("content");
    String gitHunk = repo.git("diff", "--histogram", common, second, "--", "src/app.c").lines()
      .filter(l -> l.startsWith("@@")).findFirst().orElseThrow();
    JsonObject hunk = file.getJsonArray("hunks").getJsonObject(0);
    assertThat("@@ -" + hunk.getInteger("old_start") + "," + hunk.getInteger("old_count") + " +" + hunk.getInteger("new_start") + ","
      + hunk.getInteger("new_count") + " @@").isEqualTo(gitHunk.substring(0, gitHunk.indexOf("@@", 2) + 2));
    assertThat(hunk.getJsonArray("lines").stream().map(l -> ((JsonObject) l).getString("kind"))).contains("add", "delete", "context");
    JsonObject cut = diff(new JsonObject().put("max_lines_per_file", 3).put("include", new JsonArray().add("src/app.c")));
    assertThat(cut.getJsonArray("changes").getJsonObject(0).getJsonObject("diff").getBoolean("is_truncated")).isTrue();
    assertThat(cut.getJsonObject("diffs").getJsonArray("truncated_files").getList()).containsExactly("src/app.c");
    assertThat(cut.getJsonArray("warnings").encode()).contains("max_lines_per_file (3)");
  }

  @Test
  void aPageEndsBeforeTheChangeThatWouldPassTheDefaultBudgetAndNextSkipGoesOn() throws Exception {
    // 300 tokens: 1,050 bytes, of which a third for the page's text; the generated files' diffs pass it.
    deploy(FakeAzureDevOps.PAT, new JsonObject().put("diff", new JsonObject().put("defaultTokenBudget", 300)));
    try {
      JsonObject first = diff(new JsonObject().put("include", new JsonArray().add("gen/**")));
      JsonObject pagination = first.getJsonObject("pagination");
      assertThat(pagination.getBoolean("has_more")).isTrue();
      assertThat(first.getJsonArray("warnings").encode()).contains("at the default budget of 300 tokens");
      int shown = first.getJsonArray("changes").size();
      assertThat(shown).isPositive();
      assertThat(pagination.getInteger("next_skip")).isEqualTo(shown);
      JsonObject next = diff(new JsonObject().put("include", new JsonArray().add("gen/**")).put("skip", shown));
      assertThat(next.getJsonArray("changes").getJsonObject(0).getString("path"))
        .isNotEqualTo(first.getJsonArray("changes").getJsonObject(0).getString("path"));
    } finally {
      deploy(FakeAzureDevOps.PAT, new JsonObject());
    }
  }

  @Test
  void throttlingAndOutagesAreWaitedOutWithinTheDeadline() throws Exception {
    ado.throttleOnce("/changes");
    ado.failOnce("/iterations");
    JsonObject result = diff(new JsonObject().put("include", new JsonArray().add("README.md").add("docs/**")));
    assertThat(result.getJsonArray("changes")).hasSize(1);
    assertThat(ado.faultsServed("/changes")).isEqualTo(1);
    assertThat(ado.armedFaults()).isEmpty();
  }

  @Test
  void anErrorInsideABlobStreamFailsTheCallWithNothingPartial() throws Exception {
    String blob = repo.git("rev-parse", second + ":docs/new.md").strip();
    ado.errorInStream.add(blob);
    try {
      assertThatThrownBy(() -> diff(new JsonObject().put("include", new JsonArray().add("docs/**"))))
        .isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(502);
          assertThat(e.getMessage()).contains("error instead of the content of blob " + blob).contains("TF401028");
        });
    } finally {
      ado.errorInStream.clear();
    }
  }

  @Test
  void missingThingsAndBadCredentialsSayWhatToCheck() throws Exception {
    assertThatThrownBy(() -> call("reviewgate.ado.pr.diff", new JsonObject().put("repository", "shop").put("pr_id", 99)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(404);
        assertThat(e.getMessage()).startsWith("Pull request 99 not found in repository shop");
      });
    assertThatThrownBy(() -> diff(new JsonObject().put("iteration_id", 9)))
      .hasMessageContaining("Iteration 9 not found for pull request 7 (it has iterations 1 to 2)");
    assertThatThrownBy(() -> diff(new JsonObject().put("iteration_id", 1).put("compare_to", 1)))
      .hasMessageContaining("compare_to (1) must be an earlier iteration than 1");
    deploy("wrong-token", new JsonObject());
    try {
      assertThatThrownBy(() -> diff(new JsonObject()))
        .isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(403);
          assertThat(e.getMessage()).contains("did not accept the credentials").contains("sign-in page").contains("AZURE_DEVOPS_PAT");
        });
    } finally {
      deploy(FakeAzureDevOps.PAT, new JsonObject());
    }
  }

  @Test
  void anOrganizationWithoutAPatSaysSoBeforeAnyRequest() throws Exception {
    deploy("", new JsonObject());
    try {
      int before = ado.requests();
      long start = System.nanoTime();
      for (String address : List.of("reviewgate.ado.pr.diff", "reviewgate.ado.pr.get")) {
        assertThatThrownBy(() -> call(address, new JsonObject().put("repository", FakeAzureDevOps.REPO).put("pr_id", 7)))
          .isInstanceOfSatisfying(ToolException.class, e -> {
            assertThat(e.code()).isEqualTo(400);
            assertThat(e.getMessage()).contains("without a personal access token").contains("AZURE_DEVOPS_PAT")
              .contains("nothing was sent");
          });
      }
      assertThat(ado.requests()).as("no request reaches Azure DevOps").isEqualTo(before);
      assertThat((System.nanoTime() - start) / 1_000_000).as("said at once, not after retries").isLessThan(2_000);
    } finally {
      deploy(FakeAzureDevOps.PAT, new JsonObject());
    }
  }

  @Test
  void thePullRequestIsUntrustedUnlessTheOperatorNamesItsAuthor() throws Exception {
    JsonObject args = new JsonObject().put("repository", "shop").put("pr_id", 7);
    JsonObject unnamed = call("reviewgate.ado.pr.get", args);
    JsonArray unnamedCommits = call("reviewgate.ado.pr.get", args.copy().put("include_commits", true)).getJsonArray("commit_messages");
    assertThat(unnamedCommits.stream().map(c -> ((JsonObject) c).getString("trust"))).containsOnly("untrusted");
    deploy(FakeAzureDevOps.PAT, new JsonObject().put("ado", new JsonObject().put("trustedAuthors", new JsonArray().add("jamal@contoso.com"))));
    try {
      JsonObject named = call("reviewgate.ado.pr.get", args);
      JsonObject listed = call("reviewgate.ado.pr.list", new JsonObject().put("repository", "shop")).getJsonArray("pull_requests")
        .getJsonObject(0);
      assertThat(unnamed.getString("author")).isEqualTo("Jamal Hartnett");
      assertThat(unnamed.getString("trust")).isEqualTo("untrusted");
      assertThat(named.getString("trust")).isEqualTo("trusted");
      assertThat(listed.getString("trust")).isEqualTo("trusted");
      JsonArray commits = call("reviewgate.ado.pr.get", args.copy().put("include_commits", true)).getJsonArray("commit_messages");
      assertThat(commits.stream().map(c -> ((JsonObject) c).getString("author") + ":" + ((JsonObject) c).getString("trust")))
        .containsExactly("Jamal Hartnett <jamal@contoso.com>:trusted", "Jamal Hartnett <jamal@contoso.com>:trusted");
      assertThat(commits.getJsonObject(0).getString("message")).isEqualTo("push push");
    } finally {
      deploy(FakeAzureDevOps.PAT, new JsonObject());
    }
  }

  @Test
  void thePullRequestItsListAndItsIterations() throws Exception {
    JsonObject pr = call("reviewgate.ado.pr.get", new JsonObject().put("repository", "shop").put("pr_id", 7));
    assertThat(pr.getString("title")).isEqualTo("Checkout: pay by invoice");
    assertThat(pr.getString("source_branch")).isEqualTo("feature/invoice");
    assertThat(pr.getInteger("iterations_count")).isEqualTo(2);
    assertThat(pr.getJsonArray("reviewers").getJsonObject(0).getString("vote_text")).isEqualTo("approved with suggestions");
    assertThat(pr.getJsonArray("reviewers").getJsonObject(1).getString("vote_text")).isEqualTo("waiting for author");
    assertThat(pr.getJsonArray("required_reviewers").getList()).containsExactly("Norman Paulk");
    assertThat(pr.getJsonArray("work_items").getJsonObject(0).getValue("id")).isEqualTo("4711");
    assertThat(pr.getJsonArray("statuses").getJsonObject(0).getString("name")).isEqualTo("ci/build");

    JsonObject list = call("reviewgate.ado.pr.list", new JsonObject().put("repository", "shop").put("target_branch", "main"));
    assertThat(list.getJsonArray("pull_requests").getJsonObject(0).getInteger("pr_id")).isEqualTo(7);

    JsonObject iterations = call("reviewgate.ado.pr.iterations", new JsonObject().put("repository", "shop").put("pr_id", 7));
    assertThat(iterations.getJsonArray("iterations")).hasSize(2);
    assertThat(iterations.getJsonArray("iterations").getJsonObject(1).getString("reason")).isEqualTo("push");
    assertThat(iterations.getJsonArray("iterations").getJsonObject(1).getString("source_commit")).isEqualTo(second);
  }

  @Test
  void aPageOfManyChangesFitsItsBudgetAndItsPagesListEveryChangeOnce() throws Exception {
    List<String> paths = diff(new JsonObject().put("top", 1000).put("max_bytes", WHOLE)).getJsonArray("changes").stream()
      .map(c -> ((JsonObject) c).getString("path")).toList();
    DiffPageBudget.check(BusCalls.on(vertx).timeoutMs(60_000), "ado_get_pull_request_diff", new JsonObject()
      .put("repository", "shop").put("pr_id", 7), paths);
  }

  @Test
  void whenThisServerServesTheRepositoryTheDiffIsReadLocallyWithoutBlobRequests() throws Exception {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("repos", new JsonObject().put("shop", dir.toString())));
    String git = Await.result(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard())));
    try {
      int blobs = ado.blobRequests();
      JsonObject result = diff(new JsonObject().put("top", 1000).put("max_bytes", WHOLE));
      assertThat(result.getJsonObject("diffs").getString("source")).isEqualTo("local");
      assertThat(result.getString("diff")).isEqualTo(repo.git("diff", "--histogram", common, second));
      assertThat(ado.blobRequests()).isEqualTo(blobs);
    } finally {
      Await.result(vertx.undeploy(git));
    }
  }

  @Test
  void theTokenAppearsInNoResultAndNoLogLine() throws Exception {
    String basic = Base64.getEncoder().encodeToString((":" + FakeAzureDevOps.PAT).getBytes(StandardCharsets.UTF_8));
    JsonObject result = diff(new JsonObject().put("top", 5));
    JsonObject pr = call("reviewgate.ado.pr.get", new JsonObject().put("repository", "shop").put("pr_id", 7));
    assertThat(ado.authorizations).contains("Basic " + basic);
    for (String text : List.of(result.encode(), pr.encode())) {
      assertThat(text).doesNotContain(FakeAzureDevOps.PAT).doesNotContain(basic);
    }
    assertThat(logged.lines()).isNotEmpty().noneMatch(line -> line.contains(FakeAzureDevOps.PAT) || line.contains(basic));
  }
}
