package dev.reviewgate.gitea;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeGitea;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three Gitea tools against {@link FakeGitea} (real HTTP on loopback) whose pull request is commits of a real
 * repository: every hunk is checked against the git CLI's {@code git diff -M --histogram merge-base head}.
 */
@Timeout(120)
class GiteaToolsTest {

  @TempDir
  static Path dir;
  private static GiteaFixture pr;
  private static Vertx vertx;
  private static FakeGitea gitea;
  /** Every log line and every event-bus message body seen while the tests run. */
  private static TroubleLog seen;
  private static BusCalls tools;

  @BeforeAll
  static void start() {
    seen = TroubleLog.everything();
    pr = GiteaFixture.build(dir);
    vertx = Vertx.vertx();
    vertx.eventBus().addOutboundInterceptor(context -> {
      seen.publish(new LogRecord(Level.FINE, "bus " + context.message().address() + " " + context.message().body()));
      context.next();
    });
    tools = BusCalls.on(vertx).timeoutMs(60_000);
    gitea = new FakeGitea(vertx, pr.repo(), pr.base(), pr.target(), pr.third());
    // A default budget that holds whole pages, each change with its own diff (GiteaDiffBudgetTest pages by budget).
    GiteaTestBackend.deploy(vertx, gitea.url(), FakeGitea.TOKEN, new JsonObject().put("diff", new JsonObject()
      .put("defaultTokenBudget", 1_000_000)));
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(seen, gitea, vertx);
  }

  private static JsonObject repo() {
    return new JsonObject().put("owner", FakeGitea.OWNER).put("repo", FakeGitea.REPO);
  }

  private static JsonObject diff(JsonObject args) {
    return tools.call(Addresses.GITEA_PR_DIFF, repo().put("pr_number", FakeGitea.NUMBER).mergeIn(args));
  }

  /** git's own output split per file, keyed by its {@code diff --git} line. */
  private static Map<String, String> gitSections(String from, String to) {
    Map<String, String> sections = new HashMap<>();
    for (String section : pr.repo().git("diff", "-M", "--histogram", from, to).split("(?m)^(?=diff --git )")) {
      if (section.startsWith("diff --git ")) {
        sections.put(section.substring(0, section.indexOf('\n')), section);
      }
    }
    return sections;
  }

  private static Map<String, String> byHeader(List<JsonObject> changes) {
    Map<String, String> ours = new HashMap<>();
    for (JsonObject change : changes) {
      String content = change.getJsonObject("diff").getString("content");
      ours.put(content.substring(0, content.indexOf('\n')), content);
    }
    return ours;
  }

  @Test
  void everyFilesHunksAreByteIdenticalToGitAcrossGiteasPages() {
    Map<String, String> git = gitSections(pr.base(), pr.third());
    assertThat(git).hasSize(GiteaFixture.CHANGED);
    int pagesBefore = gitea.filePages.get();
    JsonObject first = diff(new JsonObject());
    assertThat(first.getString("base_sha")).isEqualTo(pr.base());
    assertThat(first.getString("head_sha")).isEqualTo(pr.third());
    assertThat(first.getJsonObject("diffs").getString("source")).isEqualTo("blobs");
    assertThat(first.getJsonObject("pagination").getInteger("total")).isEqualTo(GiteaFixture.CHANGED);
    assertThat(first.getJsonObject("pagination").getInteger("next_skip")).isEqualTo(100);
    JsonObject rest = diff(new JsonObject().put("skip", 100));
    assertThat(rest.getJsonObject("pagination").getBoolean("has_more")).isFalse();
    // Gitea's list was followed page by page: five pages of 30 per call
    assertThat(gitea.filePages.get() - pagesBefore).isEqualTo(10);
    List<JsonObject> changes = new ArrayList<>();
    first.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
    rest.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
    assertThat(byHeader(changes)).isEqualTo(git);
    assertThat(first.getString("diff").length() + rest.getString("diff").length())
      .isEqualTo(git.values().stream().mapToInt(String::length).sum());
    assertThat(first.getJsonObject("summary").getString("change_summary")).isEqualTo("83 edit, 43 add, 1 delete, 1 rename");
    JsonObject renamed = changes.stream().filter(c -> c.getString("change_type").equals("rename")).findFirst().orElseThrow();
    assertThat(renamed.getString("original_path")).isEqualTo("old/name.txt");
    // the modes Gitea's change list does not tell come from its trees: headers are git's too
    assertThat(byHeader(changes).get("diff --git a/tool.sh b/tool.sh")).startsWith("diff --git a/tool.sh b/tool.sh\nold mode 100644\nnew mode 100755\n");
    assertThat(byHeader(changes).get("diff --git a/bin/run.sh b/bin/run.sh")).contains("new file mode 100755");
    assertThat(gitea.treeRequests.get()).isPositive();
    assertThat(first.getJsonArray("warnings").encode() + rest.getJsonArray("warnings").encode()).doesNotContain("regular files");
  }

  @Test
  void filesOnlyPagesAcrossGiteasPagesAndFetchesNoFile() {
    int raw = gitea.rawRequests.get();
    JsonObject all = diff(new JsonObject().put("files_only", true).put("top", 1000));
    assertThat(all.getJsonArray("changes")).hasSize(GiteaFixture.CHANGED);
    assertThat(all.getJsonObject("diffs").getBoolean("included")).isFalse();
    JsonObject second = diff(new JsonObject().put("files_only", true).put("top", 50).put("skip", 50));
    assertThat(second.getJsonObject("pagination").getString("showing")).isEqualTo("51-100");
    assertThat(second.getJsonArray("changes").getJsonObject(0).getString("path"))
      .isEqualTo(all.getJsonArray("changes").getJsonObject(50).getString("path"));
    assertThat(gitea.rawRequests.get()).isEqualTo(raw);
    List<String> paths = all.getJsonArray("changes").stream().map(c -> ((JsonObject) c).getString("path")).sorted().toList();
    assertThat(paths).isEqualTo(pr.repo().git("diff", "-M", "--name-only", pr.base(), pr.third()).lines().sorted().toList());
  }

  @Test
  void oneFileIsDiffedAlone() {
    int raw = gitea.rawRequests.get();
    JsonObject one = diff(new JsonObject().put("file", "src/app.c"));
    assertThat(one.getJsonArray("changes")).hasSize(1);
    assertThat(one.getString("diff")).isEqualTo(gitSections(pr.base(), pr.third()).get("diff --git a/src/app.c b/src/app.c"));
    assertThat(gitea.rawRequests.get() - raw).isEqualTo(2);
    JsonObject binary = diff(new JsonObject().put("file", new JsonArray().add("img.bin")));
    assertThat(binary.getString("diff")).isEqualTo(gitSections(pr.base(), pr.third()).get("diff --git a/img.bin b/img.bin"));
  }

  @Test
  void changesSinceAnEarlierHeadAreTheFilesThatChangedSinceThen() {
    JsonObject since = diff(new JsonObject().put("since_sha", pr.second()).put("top", 1000));
    assertThat(since.getString("since_sha")).isEqualTo(pr.second());
    Map<String, String> git = gitSections(pr.second(), pr.third());
    assertThat(git).hasSize(5);
    List<JsonObject> changes = new ArrayList<>();
    since.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
    assertThat(byHeader(changes)).isEqualTo(git);
    assertThat(since.getJsonArray("warnings").encode()).contains("renamed since then shows as added");
    assertThat(byHeader(changes).get("diff --git a/tool.sh b/tool.sh")).isEqualTo("diff --git a/tool.sh b/tool.sh\nold mode 100644\nnew mode 100755\n");
  }

  @Test
  void listSendsStateOpenItselfAndGetNamesTheServer() {
    JsonObject list = tools.call(Addresses.GITEA_PR_LIST, repo());
    assertThat(list.getJsonArray("pull_requests")).hasSize(1);
    assertThat(list.getJsonArray("pull_requests").getJsonObject(0).getString("author")).isEqualTo("jhartnett");
    assertThat(gitea.received("GET", "/api/v1/repos/acme/shop/pulls?").get(0).uri()).contains("state=open");
    assertThat(tools.call(Addresses.GITEA_PR_LIST, repo().put("state", "closed")).getJsonArray("pull_requests")).isEmpty();

    JsonObject got = tools.call(Addresses.GITEA_PR_GET, repo().put("pr_number", FakeGitea.NUMBER));
    assertThat(got.getString("title")).isEqualTo("Checkout: pay by invoice");
    assertThat(got.getString("head_sha")).isEqualTo(pr.third());
    assertThat(got.getString("merge_base")).isEqualTo(pr.base());
    assertThat(got.getJsonObject("server").getString("flavor")).isEqualTo("gitea");
    // Gitea does not say what the author may do: their title and body are a stranger's, and say so.
    assertThat(got.getString("trust")).isEqualTo("untrusted");
    assertThat(got.getString("author")).isNotBlank();
    gitea.version = FakeGitea.FORGEJO_VERSION;
    try {
      JsonObject forgejo = tools.call(Addresses.GITEA_PR_GET, repo().put("pr_number", FakeGitea.NUMBER));
      assertThat(forgejo.getJsonObject("server").getString("flavor")).isEqualTo("forgejo");
      assertThat(forgejo.getJsonObject("server").getString("version")).isEqualTo(FakeGitea.FORGEJO_VERSION);
    } finally {
      gitea.version = FakeGitea.GITEA_VERSION;
    }
    assertThatThrownBy(() -> tools.call(Addresses.GITEA_PR_GET, repo().put("pr_number", 99)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(404);
        assertThat(e.getMessage()).startsWith("pull request #99 not found in acme/shop");
      });
  }

  @Test
  void whenGiteasTreesCannotBeReadTheFilesAreShownAsRegularFilesAndTheAnswerSaysSo() {
    gitea.failOnce("/git/trees/" + pr.base(), FakeGitea.Fault.status(404, new JsonObject().put("message", "not found")));
    gitea.failOnce("/git/trees/" + pr.third(), FakeGitea.Fault.status(404, new JsonObject().put("message", "not found")));
    JsonObject result = diff(new JsonObject().put("file", "tool.sh"));
    assertThat(result.getJsonArray("warnings").encode()).contains("trees could not be read", "regular files");
    // a mode-only change is what it cannot show then: nothing of tool.sh differs but its mode
    assertThat(result.getJsonArray("changes").getJsonObject(0).getJsonObject("diff").getString("content"))
      .isEqualTo("diff --git a/tool.sh b/tool.sh\n");
  }

  @Test
  void aRateLimitIsWaitedOut() {
    gitea.throttleOnce("/files");
    long started = System.nanoTime();
    JsonObject result = diff(new JsonObject().put("include", "docs/**"));
    assertThat(result.getJsonArray("changes")).hasSize(1);
    assertThat(gitea.faultsServed("/files")).isEqualTo(1);
    assertThat(gitea.armedFaults()).isEmpty();
    assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(900));
  }

  @Test
  void whenThisServerServesTheRepositoryTheDiffIsReadLocallyWithoutFileRequests() {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("repos", new JsonObject().put("shop", dir.toString())));
    String git = Await.result(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard())));
    try {
      int raw = gitea.rawRequests.get();
      JsonObject result = diff(new JsonObject().put("top", 1000));
      assertThat(result.getJsonObject("diffs").getString("source")).isEqualTo("local");
      List<JsonObject> changes = new ArrayList<>();
      result.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
      assertThat(byHeader(changes)).isEqualTo(gitSections(pr.base(), pr.third()));
      assertThat(gitea.rawRequests.get()).isEqualTo(raw);
      assertThat(result.getJsonArray("warnings").encode()).doesNotContain("regular files");
    } finally {
      Await.result(vertx.undeploy(git));
    }
  }

  @Test
  void aRejectedTokenNamesItsVariableAndTheTokenAppearsInNoResultLogOrBusMessage() {
    Vertx other = Vertx.vertx();
    try {
      other.eventBus().addOutboundInterceptor(context -> {
        seen.publish(new LogRecord(Level.FINE, "bus " + context.message().address() + " " + context.message().body()));
        context.next();
      });
      String wrong = "0000feedbeef0000feedbeef0000feedbeef0000";
      GiteaTestBackend.deploy(other, gitea.url(), wrong);
      assertThatThrownBy(() -> BusCalls.on(other).call(Addresses.GITEA_PR_GET, repo().put("pr_number", FakeGitea.NUMBER)))
        .isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(403);
          assertThat(e.getMessage()).contains("HTTP 401", "GITEA_TOKEN").doesNotContain(wrong);
        });
      assertThat(gitea.tokensSeen).contains("token " + wrong);
      assertThat(seen.lines()).noneMatch(line -> line.contains(wrong));
    } finally {
      Await.result(other.close());
    }
    JsonObject result = diff(new JsonObject().put("top", 5));
    assertThat(gitea.tokensSeen).contains("token " + FakeGitea.TOKEN);
    assertThat(result.encode()).doesNotContain(FakeGitea.TOKEN);
    assertThat(seen.lines()).anyMatch(line -> line.contains(": bus reviewgate.gitea.pr.diff"));
    assertThat(seen.lines()).noneMatch(line -> line.contains(FakeGitea.TOKEN));
  }

  @Test
  void theThreeToolsAreListedAndTheThreadToolsTakeGitea() {
    ToolCatalog catalog = ToolCatalog.standard();
    assertThat(catalog.byName("gitea_list_pull_requests").orElseThrow().address()).isEqualTo(Addresses.GITEA_PR_LIST);
    assertThat(catalog.byName("gitea_get_pull_request").orElseThrow().address()).isEqualTo(Addresses.GITEA_PR_GET);
    assertThat(catalog.byName("gitea_get_pull_request_diff").orElseThrow().address()).isEqualTo(Addresses.GITEA_PR_DIFF);
    for (String thread : List.of("pr_list_threads", "pr_review", "pr_reply", "pr_resolve_thread")) {
      assertThat(catalog.byName(thread).orElseThrow().inputSchema().getJsonObject("properties").getJsonObject("forge")
        .getJsonArray("enum").getList()).contains("gitea");
    }
    assertThat(catalog.byName("gitea_get_pull_request_diff").orElseThrow().inputSchema().getJsonObject("properties").fieldNames())
      .contains("include", "exclude", "files", "files_only", "format", "max_lines_per_file", "token_budget", "file", "since_sha");
  }
}
