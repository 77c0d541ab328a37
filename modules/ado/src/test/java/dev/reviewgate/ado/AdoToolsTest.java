package dev.reviewgate.ado;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
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

  @TempDir
  static Path dir;
  private static TempGitRepo repo;
  private static String common;
  private static String first;
  private static String second;
  private static Vertx vertx;
  private static FakeAzureDevOps ado;
  private static final List<String> LOGGED = new ArrayList<>();
  private static final Handler CAPTURE = new Handler() {
    @Override
    public void publish(LogRecord record) {
      synchronized (LOGGED) {
        LOGGED.add(record.getLoggerName() + " " + record.getMessage() + " " + record.getThrown());
      }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
  };

  @BeforeAll
  static void start() throws Exception {
    Logger.getLogger("").addHandler(CAPTURE);
    Logger.getLogger("").setLevel(Level.ALL);
    repo = new TempGitRepo(dir);
    repo.write("src/app.c", "#include <stdio.h>\n\nint add(int a, int b)\n{\n  int sum = a + b;\n  return sum;\n}\n\n"
        + "int main(void)\n{\n  printf(\"%d\\n\", add(1, 2));\n  return 0;\n}\n")
      .write("old/name.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n")
      .write("gone.txt", "bye\n")
      .write("README.md", "# shop\n");
    common = repo.commit("base");
    repo.branch("feature");
    repo.write("src/app.c", "#include <stdio.h>\n\nint add(int a, int b)\n{\n  long sum = (long) a + b;\n  return (int) sum;\n}\n\n"
        + "int main(void)\n{\n  printf(\"%d\\n\", add(40, 2));\n  return 0;\n}\n")
      .write("docs/new.md", "# Invoices\n\nPay later.\n")
      .delete("gone.txt")
      .delete("old/name.txt")
      .write("new/name.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\n");
    first = repo.commit("iteration 1");
    for (int i = 0; i < 130; i++) {
      repo.write(String.format("gen/f%03d.txt", i), "generated " + i + "\n");
    }
    repo.write("docs/new.md", "# Invoices\n\nPay later, within 30 days.\n")
      .write("img.bin", new byte[] {0, 1, 2, 3, 0, 5});
    second = repo.commit("iteration 2");
    repo.checkout("main");
    repo.write("other.txt", "moved on\n");
    String target = repo.commit("main moves on");
    vertx = Vertx.vertx();
    ado = new FakeAzureDevOps(vertx, repo, target, common).iteration("create", first).iteration("push", second);
    deploy(FakeAzureDevOps.PAT, new JsonObject());
  }

  private static String deployment;

  private static void deploy(String pat, JsonObject extra) throws Exception {
    if (deployment != null) {
      vertx.undeploy(deployment).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("ado", new JsonObject()
      .put("orgUrl", ado.orgUrl()).put("project", FakeAzureDevOps.PROJECT).put("retryBaseDelayMs", 10)).mergeIn(extra, true));
    Map<String, String> env = Map.of("AZURE_DEVOPS_PAT", pat);
    deployment = vertx.deployVerticle(new AdoVerticle(AdoBackendOptions.from(config, env::get), ToolCatalog.standard()))
      .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @AfterAll
  static void stop() throws Exception {
    Logger.getLogger("").removeHandler(CAPTURE);
    ado.close();
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static JsonObject call(String address, JsonObject args) throws Exception {
    try {
      return BusRequests.request(vertx.eventBus(), address, args, 30_000).toCompletionStage().toCompletableFuture().get(40, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw (Exception) e.getCause();
    }
  }

  private static JsonObject diff(JsonObject args) throws Exception {
    return call("reviewgate.ado.pr.diff", new JsonObject().put("repository", FakeAzureDevOps.REPO).put("pr_id", 7).mergeIn(args));
  }

  @Test
  void theLatestIterationsDiffIsWhatGitDiffPrintsFilePerFileAndPagesPastOneHundredChanges() throws Exception {
    int pagesBefore = ado.requests.get();
    JsonObject result = diff(new JsonObject().put("top", 1000));
    assertThat(result.getInteger("iteration_id")).isEqualTo(2);
    assertThat(result.getJsonArray("warnings").encode()).contains("Showing latest iteration (2)");
    assertThat(result.getJsonObject("iteration").getString("common_commit")).isEqualTo(common);
    assertThat(result.getJsonObject("iteration").getString("source_commit")).isEqualTo(second);
    assertThat(result.getJsonObject("diffs").getString("source")).isEqualTo("blobs");
    JsonArray changes = result.getJsonArray("changes");
    assertThat(changes).hasSize(135);
    // 135 changes in pages of at most 50: three change-list requests, followed by nextSkip
    assertThat(ado.requests.get() - pagesBefore).isGreaterThanOrEqualTo(4);
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

    JsonObject page = diff(new JsonObject());
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
    int blobs = ado.blobRequests.get();
    JsonObject result = diff(new JsonObject().put("include_diffs", false).put("include", new JsonArray().add("src/*.c").add("gone.txt")));
    assertThat(result.getJsonArray("changes").stream().map(c -> ((JsonObject) c).getString("path")))
      .containsExactly("gone.txt", "src/app.c");
    assertThat(result.getJsonArray("changes").getJsonObject(0).getString("change_type")).isEqualTo("delete");
    assertThat(result.getJsonArray("changes").getJsonObject(0).containsKey("diff")).isFalse();
    assertThat(ado.blobRequests.get()).isEqualTo(blobs);
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
  void throttlingAndOutagesAreWaitedOutWithinTheDeadline() throws Exception {
    ado.throttleOnce.add("/changes");
    ado.failOnce.add("/iterations");
    JsonObject result = diff(new JsonObject().put("include", new JsonArray().add("README.md").add("docs/**")));
    assertThat(result.getJsonArray("changes")).hasSize(1);
    assertThat(ado.throttled.get("/changes")).isEqualTo(1);
    assertThat(ado.throttleOnce).isEmpty();
    assertThat(ado.failOnce).isEmpty();
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
      int before = ado.requests.get();
      long start = System.nanoTime();
      for (String address : List.of("reviewgate.ado.pr.diff", "reviewgate.ado.pr.get")) {
        assertThatThrownBy(() -> call(address, new JsonObject().put("repository", FakeAzureDevOps.REPO).put("pr_id", 7)))
          .isInstanceOfSatisfying(ToolException.class, e -> {
            assertThat(e.code()).isEqualTo(400);
            assertThat(e.getMessage()).contains("without a personal access token").contains("AZURE_DEVOPS_PAT")
              .contains("nothing was sent");
          });
      }
      assertThat(ado.requests.get()).as("no request reaches Azure DevOps").isEqualTo(before);
      assertThat((System.nanoTime() - start) / 1_000_000).as("said at once, not after retries").isLessThan(2_000);
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
  void whenThisServerServesTheRepositoryTheDiffIsReadLocallyWithoutBlobRequests() throws Exception {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("repos", new JsonObject().put("shop", dir.toString())));
    String git = vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard()))
      .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    try {
      int blobs = ado.blobRequests.get();
      JsonObject result = diff(new JsonObject().put("top", 1000));
      assertThat(result.getJsonObject("diffs").getString("source")).isEqualTo("local");
      assertThat(result.getString("diff")).isEqualTo(repo.git("diff", "--histogram", common, second));
      assertThat(ado.blobRequests.get()).isEqualTo(blobs);
    } finally {
      vertx.undeploy(git).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
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
    synchronized (LOGGED) {
      assertThat(LOGGED).isNotEmpty().noneMatch(line -> line.contains(FakeAzureDevOps.PAT) || line.contains(basic));
    }
  }
}
