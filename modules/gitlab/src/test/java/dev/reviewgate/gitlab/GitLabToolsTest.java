package dev.reviewgate.gitlab;

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
import dev.reviewgate.testkit.forge.GitLabDouble;
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
 * The four GitLab tools against {@link GitLabDouble} (real HTTP on loopback) whose merge request's versions are
 * commits of a real repository: every hunk is checked against the git CLI's {@code git diff -M --histogram}.
 */
@Timeout(120)
class GitLabToolsTest {

  @TempDir
  static Path dir;
  private static GitLabFixture mr;
  private static Vertx vertx;
  private static GitLabDouble gitlab;
  private static String deployment;
  /** Every log line and every event-bus message body seen while the tests run. */
  private static TroubleLog seen;
  private static BusCalls tools;

  @BeforeAll
  static void start() {
    seen = TroubleLog.everything();
    mr = GitLabFixture.build(dir);
    vertx = Vertx.vertx();
    vertx.eventBus().addOutboundInterceptor(context -> {
      seen.publish(new LogRecord(Level.FINE, "bus " + context.message().address() + " " + context.message().body()));
      context.next();
    });
    tools = BusCalls.on(vertx).timeoutMs(60_000);
    gitlab = new GitLabDouble(vertx, mr.repo(), mr.base(), mr.target()).version(mr.first()).version(mr.second()).version(mr.third());
    gitlab.tooLarge.add("big.txt");
    gitlab.collapsed.add("col.txt");
    deploy(GitLabDouble.TOKEN);
  }

  static void deploy(String token) {
    if (deployment != null) {
      Await.result(vertx.undeploy(deployment));
    }
    deployment = GitLabTestBackend.deploy(vertx, gitlab.url(), token);
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(seen, gitlab, vertx);
  }

  static JsonObject call(String address, JsonObject args) {
    return tools.call(address, args);
  }

  private static JsonObject diff(JsonObject args) throws Exception {
    return call("reviewgate.gitlab.mr.diff", new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", GitLabDouble.IID)
      .mergeIn(args));
  }

  /** git's own output split per file, keyed by its {@code diff --git} line. */
  private static Map<String, String> gitSections(String from, String to) {
    Map<String, String> sections = new HashMap<>();
    for (String section : mr.repo().git("diff", "-M", "--histogram", from, to).split("(?m)^(?=diff --git )")) {
      if (section.startsWith("diff --git ")) {
        sections.put(section.substring(0, section.indexOf('\n')), section);
      }
    }
    return sections;
  }

  @Test
  void theLatestVersionsEveryChangeIsListedPastAPageBoundaryWithHunksByteIdenticalToGit() throws Exception {
    // A default budget that holds a whole page of 100 changes, each with its own diff beside the page's.
    Await.result(vertx.undeploy(deployment));
    deployment = GitLabTestBackend.deploy(vertx, gitlab.url(), GitLabDouble.TOKEN, new JsonObject(),
      new JsonObject().put("defaultTokenBudget", 200_000));
    try {
      int pagesBefore = gitlab.diffPages.get();
      Map<String, String> git = gitSections(mr.base(), mr.third());
      assertThat(git).hasSize(GitLabFixture.CHANGED);
      List<JsonObject> changes = new ArrayList<>();
      StringBuilder whole = new StringBuilder();
      JsonObject first = diff(new JsonObject());
      assertThat(first.getLong("version_id")).isEqualTo(103L);
      assertThat(first.getJsonArray("warnings").encode()).contains("Showing the latest version (103");
      assertThat(first.getJsonObject("version").getString("head_commit_sha")).isEqualTo(mr.third());
      assertThat(first.getJsonObject("version").getString("base_commit_sha")).isEqualTo(mr.base());
      assertThat(first.getJsonObject("diffs").getString("source")).isEqualTo("blobs");
      JsonObject pagination = first.getJsonObject("pagination");
      assertThat(pagination.getInteger("total")).isEqualTo(GitLabFixture.CHANGED);
      assertThat(pagination.getBoolean("has_more")).isTrue();
      assertThat(pagination.getInteger("next_skip")).isEqualTo(100);
      first.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
      whole.append(first.getString("diff"));
      JsonObject rest = diff(new JsonObject().put("skip", 100));
      assertThat(rest.getJsonObject("pagination").getBoolean("has_more")).isFalse();
      assertThat(rest.getJsonObject("pagination").getString("showing")).isEqualTo("101-190");
      rest.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
      whole.append(rest.getString("diff"));
      // GitLab's list was followed past its 100-per-page boundary: two pages per call
      assertThat(gitlab.diffPages.get() - pagesBefore).isEqualTo(4);
      assertThat(changes).hasSize(GitLabFixture.CHANGED);
      assertThat(changes.stream().map(c -> c.getString("path")).distinct()).hasSize(GitLabFixture.CHANGED);
      Map<String, String> ours = new HashMap<>();
      for (JsonObject change : changes) {
        String content = change.getJsonObject("diff").getString("content");
        ours.put(content.substring(0, content.indexOf('\n')), content);
      }
      assertThat(ours).isEqualTo(git);
      assertThat(whole.length()).isEqualTo(git.values().stream().mapToInt(String::length).sum());
      assertThat(first.getJsonObject("summary").getString("change_summary")).isEqualTo("104 add, 84 edit, 1 delete, 1 rename");
      JsonObject renamed = changes.stream().filter(c -> c.getString("change_type").equals("rename")).findFirst().orElseThrow();
      assertThat(renamed.getString("path")).isEqualTo("new/name.txt");
      assertThat(renamed.getString("original_path")).isEqualTo("old/name.txt");
      // too_large and collapsed files come with their whole diff all the same
      JsonObject big = changes.stream().filter(c -> c.getString("path").equals("big.txt")).findFirst().orElseThrow();
      assertThat(big.getJsonObject("gitlab").getBoolean("too_large")).isTrue();
      assertThat(big.getJsonObject("diff").getString("content")).contains("+big line two hundred\n");
      JsonObject col = changes.stream().filter(c -> c.getString("path").equals("col.txt")).findFirst().orElseThrow();
      assertThat(col.getJsonObject("gitlab").getBoolean("collapsed")).isTrue();
      assertThat(col.getJsonObject("diff").getString("content")).isEqualTo(git.get("diff --git a/col.txt b/col.txt"));
    } finally {
      deploy(GitLabDouble.TOKEN);
    }
  }

  @Test
  void compareToListsExactlyWhatChangedBetweenTwoVersions() throws Exception {
    JsonObject result = diff(new JsonObject().put("version_id", 103).put("compare_to", 102).put("top", 1000));
    assertThat(result.getLong("compare_to")).isEqualTo(102L);
    assertThat(result.getJsonArray("warnings").encode()).doesNotContain("latest version");
    List<String> paths = result.getJsonArray("changes").stream().map(c -> ((JsonObject) c).getString("path")).sorted().toList();
    List<String> git = mr.repo().git("diff", "--name-only", mr.second(), mr.third()).lines().sorted().toList();
    assertThat(paths).isEqualTo(git).hasSize(7);
    Map<String, String> sections = gitSections(mr.second(), mr.third());
    for (Object o : result.getJsonArray("changes")) {
      String content = ((JsonObject) o).getJsonObject("diff").getString("content");
      assertThat(sections).containsValue(content);
    }
    JsonObject older = diff(new JsonObject().put("version_id", 102).put("compare_to", 101).put("include", new JsonArray().add("lib/**")));
    assertThat(older.getJsonObject("pagination").getInteger("total")).isEqualTo(80);
    assertThat(older.getJsonObject("version").getString("head_commit_sha")).isEqualTo(mr.second());
    assertThatThrownBy(() -> diff(new JsonObject().put("version_id", 101).put("compare_to", 102)))
      .hasMessageContaining("compare_to (102) must be an earlier version than 101");
  }

  @Test
  void includeGlobsAndTheChangeListAloneFetchNoFile() throws Exception {
    int raw = gitlab.rawRequests.get();
    JsonObject result = diff(new JsonObject().put("include_diffs", false).put("include", new JsonArray().add("src/*").add("gone.txt")));
    assertThat(result.getJsonArray("changes").stream().map(c -> ((JsonObject) c).getString("path")))
      .containsExactly("gone.txt", "src/app.c", "src/util.h");
    assertThat(result.getJsonArray("changes").getJsonObject(0).getString("change_type")).isEqualTo("delete");
    assertThat(result.getJsonArray("changes").getJsonObject(0).containsKey("diff")).isFalse();
    assertThat(result.getJsonArray("warnings").encode()).contains("(3 of 190)");
    assertThat(gitlab.rawRequests.get()).isEqualTo(raw);
    JsonObject excluded = diff(new JsonObject().put("include_diffs", false).put("exclude", new JsonArray().add("gen/**").add("lib/**")));
    assertThat(excluded.getJsonObject("pagination").getInteger("total")).isEqualTo(10);
  }

  @Test
  void formatsAndCutsGoThroughTheDiffEngine() throws Exception {
    JsonObject json = diff(new JsonObject().put("format", "json").put("files", "src/app.c"));
    JsonObject file = json.getJsonArray("changes").getJsonObject(0).getJsonObject("diff").getJsonObject("content");
    assertThat(file.getJsonArray("hunks").getJsonObject(0).getJsonArray("lines").stream()
      .map(l -> ((JsonObject) l).getString("kind"))).contains("add", "delete", "context");
    JsonObject cut = diff(new JsonObject().put("max_lines_per_file", 3).put("include", new JsonArray().add("src/app.c")));
    assertThat(cut.getJsonArray("changes").getJsonObject(0).getJsonObject("diff").getBoolean("is_truncated")).isTrue();
    assertThat(cut.getJsonArray("warnings").encode()).contains("max_lines_per_file (3)");
    JsonObject budget = diff(new JsonObject().put("max_bytes", 6_000).put("include", new JsonArray().add("big.txt")).put("context_lines", 100));
    assertThat(budget.getString("diff").length()).isLessThanOrEqualTo(6_000);
    assertThat(budget.getString("next_cursor")).as("the page's diff goes on by cursor").isNotNull();
    JsonObject next = diff(new JsonObject().put("max_bytes", 6_000).put("include", new JsonArray().add("big.txt")).put("context_lines", 100)
      .put("cursor", budget.getString("next_cursor")));
    assertThat(next.getString("diff")).isNotEmpty().isNotEqualTo(budget.getString("diff"));
    assertThatThrownBy(() -> diff(new JsonObject().put("max_bytes", 400))).hasMessageContaining("leaves no room");
  }

  @Test
  void aPageWhoseDiffsPassTheDefaultBudgetIsPagedByIt() throws Exception {
    Await.result(vertx.undeploy(deployment));
    // 1,715 tokens: 6,002 bytes, less than big.txt's diff with 100 lines of context.
    deployment = GitLabTestBackend.deploy(vertx, gitlab.url(), GitLabDouble.TOKEN, new JsonObject(),
      new JsonObject().put("defaultTokenBudget", 1_715));
    try {
      JsonObject args = new JsonObject().put("include", new JsonArray().add("big.txt")).put("context_lines", 100);
      JsonObject first = diff(args);
      assertThat(first.getString("next_cursor")).as("no budget given: the default pages the diff").isNotNull();
      assertThat(first.getString("diff").length()).isLessThanOrEqualTo(6_002);
      JsonObject next = diff(args.copy().put("cursor", first.getString("next_cursor")));
      assertThat(next.getString("diff")).isNotEmpty().isNotEqualTo(first.getString("diff"));
    } finally {
      deploy(GitLabDouble.TOKEN);
    }
  }

  @Test
  void aRateLimitOnTheDiffsEndpointIsWaitedOut() throws Exception {
    gitlab.throttleOnce("/diffs");
    long started = System.nanoTime();
    JsonObject result = diff(new JsonObject().put("include", new JsonArray().add("docs/**")));
    assertThat(result.getJsonArray("changes")).hasSize(1);
    assertThat(gitlab.faultsServed("/diffs")).isEqualTo(1);
    assertThat(gitlab.armedFaults()).isEmpty();
    assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(900));
  }

  @Test
  void onGitLabWithoutTheDiffsEndpointTheVersionsOwnListIsUsed() throws Exception {
    gitlab.withoutDiffsEndpoint = true;
    try {
      JsonObject result = diff(new JsonObject().put("include_diffs", false).put("top", 1000));
      assertThat(result.getJsonObject("pagination").getInteger("total")).isEqualTo(GitLabFixture.CHANGED);
      assertThat(result.getLong("version_id")).isEqualTo(103L);
    } finally {
      gitlab.withoutDiffsEndpoint = false;
    }
  }

  @Test
  void theFourToolsAreListedAndTheThreadToolsTakeGitLab() {
    ToolCatalog catalog = ToolCatalog.standard();
    Map<String, String> addresses = new HashMap<>();
    catalog.tools().forEach(tool -> addresses.put(tool.name(), tool.address()));
    assertThat(addresses).containsEntry("gitlab_list_merge_requests", Addresses.GITLAB_MR_LIST)
      .containsEntry("gitlab_get_merge_request", Addresses.GITLAB_MR_GET)
      .containsEntry("gitlab_list_merge_request_versions", Addresses.GITLAB_MR_VERSIONS)
      .containsEntry("gitlab_get_merge_request_diff", Addresses.GITLAB_MR_DIFF);
    for (String thread : List.of("pr_list_threads", "pr_review", "pr_reply", "pr_resolve_thread")) {
      assertThat(catalog.byName(thread).orElseThrow().inputSchema().getJsonObject("properties").getJsonObject("forge")
        .getJsonArray("enum").getList()).contains("gitlab");
    }
    // the diff tool takes the shared diff-shaping options
    assertThat(catalog.byName("gitlab_get_merge_request_diff").orElseThrow().inputSchema().getJsonObject("properties").fieldNames())
      .contains("include", "exclude", "files", "format", "max_lines_per_file", "token_budget");
  }

  @Test
  void aMissingMergeRequestIsNamed() {
    assertThatThrownBy(() -> call("reviewgate.gitlab.mr.diff", new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", 99)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(404);
        assertThat(e.getMessage()).startsWith("merge request !99 not found in project acme/shop");
      });
    assertThatThrownBy(() -> call("reviewgate.gitlab.mr.get", new JsonObject().put("project", "acme/nope").put("mr_iid", 7)))
      .hasMessageContaining("merge request !7 not found in project acme/nope");
    assertThatThrownBy(() -> diff(new JsonObject().put("version_id", 555)))
      .hasMessageContaining("version 555 not found for merge request !7").hasMessageContaining("103, 102, 101");
  }

  @Test
  void theMergeRequestItsListAndItsVersions() throws Exception {
    JsonObject got = call("reviewgate.gitlab.mr.get", new JsonObject().put("project", Integer.toString(GitLabDouble.PROJECT_ID))
      .put("mr_iid", 7));
    assertThat(got.getString("title")).isEqualTo("Checkout: pay by invoice");
    assertThat(got.getString("source_branch")).isEqualTo("feature/invoice");
    assertThat(got.getString("sha")).isEqualTo(mr.third());
    assertThat(got.getString("detailed_merge_status")).isIn("not_approved", "mergeable");
    assertThat(got.getJsonObject("approvals").getInteger("approvals_required")).isEqualTo(1);
    assertThat(got.getJsonArray("pipelines").getJsonObject(0).getString("status")).isEqualTo("success");
    assertThat(got.getInteger("versions_count")).isEqualTo(3);
    assertThat(got.getJsonObject("diff_refs").getString("start_sha")).isEqualTo(mr.target());

    JsonObject list = call("reviewgate.gitlab.mr.list", new JsonObject().put("project", GitLabDouble.PROJECT).put("target_branch", "main"));
    assertThat(list.getJsonArray("merge_requests").getJsonObject(0).getInteger("mr_iid")).isEqualTo(7);
    assertThat(list.getJsonArray("merge_requests").getJsonObject(0).getString("author")).isEqualTo("jhartnett");

    JsonObject versions = call("reviewgate.gitlab.mr.versions", new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", 7));
    assertThat(versions.getJsonArray("versions")).hasSize(3);
    assertThat(versions.getJsonArray("versions").getJsonObject(0).getLong("version_id")).isEqualTo(103L);
    assertThat(versions.getJsonArray("versions").getJsonObject(2).getString("head_commit_sha")).isEqualTo(mr.first());
  }

  @Test
  void theMergeRequestsTextIsTrustedOnlyWhileItsAuthorHasDeveloperAccess() throws Exception {
    JsonObject args = new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", 7);
    JsonObject outside = call("reviewgate.gitlab.mr.get", args);
    gitlab.accessLevels.put(GitLabDouble.userId("jhartnett"), 30);
    JsonObject developer = call("reviewgate.gitlab.mr.get", args);
    JsonObject listed = call("reviewgate.gitlab.mr.list", new JsonObject().put("project", GitLabDouble.PROJECT))
      .getJsonArray("merge_requests").getJsonObject(0);

    assertThat(outside.getString("author")).isEqualTo("jhartnett");
    assertThat(outside.getString("trust")).isEqualTo("untrusted");
    assertThat(outside.getString("description")).isNotEmpty();
    assertThat(developer.getString("trust")).isEqualTo("trusted");
    assertThat(listed.getString("trust")).isEqualTo("trusted");
    // GitLab names a commit's author by name and email only: no account to ask about, so untrusted.
    JsonArray commits = call("reviewgate.gitlab.mr.get", args.copy().put("include_commits", true)).getJsonArray("commit_messages");
    assertThat(commits).hasSize(3);
    assertThat(commits.getJsonObject(0).getString("sha")).isEqualTo(mr.third());
    assertThat(commits.getJsonObject(0).getString("author")).isEqualTo("Jamal Hartnett <jamal@example.com>");
    assertThat(commits.stream().map(c -> ((JsonObject) c).getString("trust"))).containsOnly("untrusted");
    assertThat(developer.containsKey("commit_messages")).isFalse();
  }

  @Test
  void whenThisServerServesTheProjectTheDiffIsReadLocallyWithoutFileRequests() throws Exception {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("repos", new JsonObject().put("shop", dir.toString())));
    String git = Await.result(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard())));
    try {
      int raw = gitlab.rawRequests.get();
      // A page small enough for the default budget shows each change's diff on its own.
      JsonObject result = diff(new JsonObject().put("top", 10));
      assertThat(result.getJsonObject("diffs").getString("source")).isEqualTo("local");
      Map<String, String> git2 = gitSections(mr.base(), mr.third());
      for (Object o : result.getJsonArray("changes")) {
        String content = ((JsonObject) o).getJsonObject("diff").getString("content");
        assertThat(git2).containsValue(content);
      }
      assertThat(gitlab.rawRequests.get()).isEqualTo(raw);
    } finally {
      Await.result(vertx.undeploy(git));
    }
  }

  @Test
  void theTokenAppearsInNoResultNoLogLineAndNoBusMessage() throws Exception {
    JsonObject result = diff(new JsonObject().put("top", 5));
    JsonObject got = call("reviewgate.gitlab.mr.get", new JsonObject().put("project", GitLabDouble.PROJECT).put("mr_iid", 7));
    assertThat(gitlab.tokensSeen).contains(GitLabDouble.TOKEN);
    assertThat(result.encode() + got.encode()).doesNotContain(GitLabDouble.TOKEN);
    assertThat(seen.lines()).anyMatch(line -> line.contains(": bus reviewgate.gitlab.mr.diff"));
    assertThat(seen.lines()).noneMatch(line -> line.contains(GitLabDouble.TOKEN));
  }
}
