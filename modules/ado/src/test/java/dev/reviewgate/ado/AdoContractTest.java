package dev.reviewgate.ado;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.ReplyVariants.Variant;
import dev.reviewgate.testkit.ReplyVariants;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeAzureDevOps.Reply;
import dev.reviewgate.testkit.forge.FakeAzureDevOps;
import dev.reviewgate.testkit.repo.ShopHistory;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;




import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Azure DevOps read tool against every reply Azure DevOps REST 7.1 allows for the endpoints it reads: per
 * endpoint, one full reply and the table of its members the reference does not require, made by {@link ReplyVariants}
 * into each variant (each member null, then absent; arrays empty; all at once; unknown members everywhere), served by
 * {@link FakeAzureDevOps} over loopback HTTP. Each tool that reads the endpoint must answer a result that matches its
 * output schema, with no SEVERE log record and nothing from {@link ForgeReplies}' log of shapes a mapping tripped on.
 *
 * <p>The member tables come from {@code MicrosoftDocs/vsts-rest-api-specs}, {@code specification/git/7.1/git.json} at
 * commit {@code adb28786a3e9349d5b3deb43eb2134b682c33bb2}: definitions {@code GitPullRequest}, {@code IdentityRef}
 * ({@code IdentityRefWithVote}), {@code GitCommitRef}, {@code ResourceRef}, {@code GitPullRequestStatus}
 * ({@code GitStatus}, {@code GitStatusContext}), {@code GitPullRequestIteration}, {@code GitPullRequestIterationChanges},
 * {@code GitPullRequestChange} ({@code GitChange}, {@code Change}, {@code GitItem}, {@code ItemModel}),
 * {@code GitPullRequestCommentThread} ({@code CommentThread}, {@code Comment}, {@code CommentThreadContext},
 * {@code CommentPosition}). None of them lists a required member, and Azure DevOps leaves out members rather than
 * sending null, so every member is varied both ways, except the few a call cannot do without (named at each table).
 * A list reply is Azure DevOps' collection wrapper on the wire, {@code {"value": [...], "count": n}}.
 */
@Timeout(120)
class AdoContractTest {

  private static final Kind NA = Kind.NULLABLE_OR_ABSENT;
  private static final Kind EMPTY = Kind.MAY_BE_EMPTY;
  private static final ToolCatalog CATALOG = ToolCatalog.standard();

  @TempDir
  static Path dir;
  private static Vertx vertx;
  private static FakeAzureDevOps ado;
  private static final Map<Reply, JsonObject> FULL = new EnumMap<>(Reply.class);
  private static TroubleLog trouble;

  /** The read tools, and the arguments each is called with. */
  private enum Call {
    GET_PULL_REQUEST("ado_get_pull_request", new JsonObject()),
    LIST_PULL_REQUESTS("ado_list_pull_requests", new JsonObject()),
    LIST_ITERATIONS("ado_list_pull_request_iterations", new JsonObject()),
    DIFF("ado_get_pull_request_diff", new JsonObject()),
    DIFF_FILES_ONLY("ado_get_pull_request_diff", new JsonObject().put("include_diffs", false)),
    LIST_THREADS("pr_list_threads", new JsonObject());

    final String tool;
    final JsonObject args;

    Call(String tool, JsonObject args) {
      this.tool = tool;
      this.args = args;
    }

    JsonObject arguments() {
      JsonObject base = tool.startsWith("pr_")
        ? new JsonObject().put("forge", "ado").put("repository", FakeAzureDevOps.REPO).put("pr_number", 7)
        : new JsonObject().put("repository", FakeAzureDevOps.REPO);
      if (tool.startsWith("ado_") && !tool.equals("ado_list_pull_requests")) {
        base.put("pr_id", 7);
      }
      return base.mergeIn(args);
    }
  }

  /** One endpoint read: its reply, the members REST 7.1 leaves optional, the arrays that may be empty, its readers. */
  private record Endpoint(Reply reply, Map<String, Kind> optional, Map<String, Kind> arrays, List<Call> readers) {
  }

  @BeforeAll
  static void start() throws Exception {
    trouble = TroubleLog.install(ForgeReplies.class.getName());
    TempGitRepo repo = new TempGitRepo(dir);
    String common = ShopHistory.base(repo);
    String head = ShopHistory.firstPush(repo);
    vertx = Vertx.vertx();
    ado = new FakeAzureDevOps(vertx, repo, common, common).iteration("create", head);
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("ado", new JsonObject()
      .put("orgUrl", ado.orgUrl()).put("project", FakeAzureDevOps.PROJECT).put("retryBaseDelayMs", 10)));
    Map<String, String> env = Map.of("AZURE_DEVOPS_PAT", FakeAzureDevOps.PAT);
    Await.result(vertx.deployVerticle(new AdoVerticle(AdoBackendOptions.from(config, env::get), CATALOG)));
    Await.result(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(config), CATALOG)));
    fullReplies();
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(trouble, ado, vertx);
  }

  /** Each endpoint's reply with every member its table varies (the fake's own, with what it leaves out added). */
  private static void fullReplies() {
    JsonObject identity = new JsonObject().put("displayName", "Jamal Hartnett").put("uniqueName", "jamal@contoso.com")
      .put("id", "54d125f7-69f7-4191-904f-c5b96b6261c8");
    JsonObject pull = ado.pullRequest().put("closedBy", identity.copy()).put("closedDate", "2026-11-25T10:00:00Z")
      .put("labels", new JsonArray().add(new JsonObject().put("id", "l1").put("name", "invoices").put("active", true)))
      .put("completionOptions", new JsonObject().put("mergeStrategy", "squash").put("deleteSourceBranch", true))
      .put("lastMergeCommit", new JsonObject().put("commitId", "0".repeat(39) + "1")).put("codeReviewId", 7)
      .put("supportsIterations", true).put("url", ado.orgUrl() + "/_apis/git/repositories/shop/pullRequests/7")
      .put("repository", new JsonObject().put("id", "3411ebc1").put("name", FakeAzureDevOps.REPO))
      .put("workItemRefs", new JsonArray().add(new JsonObject().put("id", "4711").put("url", "u")));
    pull.getJsonArray("reviewers").getJsonObject(1).put("isRequired", false);
    FULL.put(Reply.PULL_REQUEST, pull);
    FULL.put(Reply.PULL_REQUESTS, new JsonObject().put("value", new JsonArray().add(pull.copy())).put("count", 1));
    FULL.put(Reply.WORK_ITEMS, new JsonObject().put("value", new JsonArray().add(new JsonObject().put("id", "4711")
      .put("url", ado.orgUrl() + "/_apis/wit/workItems/4711"))).put("count", 1));
    FULL.put(Reply.STATUSES, new JsonObject().put("value", new JsonArray().add(new JsonObject().put("id", 1).put("iterationId", 1)
      .put("state", "succeeded").put("description", "Build succeeded").put("targetUrl", "https://ci.contoso.com/b/3")
      .put("creationDate", "2026-11-24T09:00:00Z").put("createdBy", identity.copy())
      .put("context", new JsonObject().put("name", "build").put("genre", "ci")))).put("count", 1));
    JsonObject iterations = ado.iterationsReply();
    iterations.getJsonArray("value").forEach(i -> ((JsonObject) i).put("updatedDate", "2026-11-24T09:00:00Z")
      .put("description", "first push").put("hasMoreCommits", false).put("push", new JsonObject().put("pushId", 12))
      .put("author", identity.copy()));
    FULL.put(Reply.ITERATIONS, iterations);
    JsonArray entries = new JsonArray();
    for (JsonObject entry : ado.changeEntries(1, 0)) {
      JsonObject item = entry.getJsonObject("item").put("commitId", "0".repeat(39) + "2");
      if (!item.containsKey("path")) { // the delete: the full reply names it both ways
        item.put("path", entry.getString("originalPath"));
      }
      entries.add(entry);
    }
    FULL.put(Reply.CHANGES, new JsonObject().put("changeEntries", entries).put("nextSkip", 0).put("nextTop", 0));
    FULL.put(Reply.THREADS, new JsonObject().put("value", new JsonArray()
      .add(thread(101, "/src/app.c", "right", 2, 3, "Why long?"))
      .add(thread(102, "/gone.txt", "left", 1, 2, "Was this still used?"))
      .add(thread(103, null, null, 0, 0, "Overall fine."))
      .add(thread(104, null, null, 0, 0, "Jamal voted 5").put("comments", new JsonArray().add(comment(1, "Jamal voted 5", "system")))))
      .put("count", 4));
  }

  private static JsonObject thread(int id, String path, String side, int first, int last, String text) {
    JsonObject thread = new JsonObject().put("id", id).put("status", "active").put("isDeleted", false)
      .put("publishedDate", "2026-11-24T10:00:00Z").put("lastUpdatedDate", "2026-11-24T10:00:00Z")
      .put("properties", new JsonObject().put("CodeReviewThreadType", new JsonObject().put("$type", "System.String")))
      .put("identities", new JsonObject().put("1", new JsonObject().put("displayName", "Jamal Hartnett")))
      .put("comments", new JsonArray().add(comment(1, text, "text")).add(comment(2, "Agreed.", "text").put("parentCommentId", 1)));
    if (path != null) {
      JsonObject context = new JsonObject().put("filePath", path)
        .put(side + "FileStart", new JsonObject().put("line", first).put("offset", 1))
        .put(side + "FileEnd", new JsonObject().put("line", last).put("offset", 4));
      thread.put("threadContext", context).put("pullRequestThreadContext", new JsonObject().put("changeTrackingId", 1));
    }
    return thread;
  }

  private static JsonObject comment(int id, String content, String type) {
    return new JsonObject().put("id", id).put("parentCommentId", 0).put("content", content).put("commentType", type)
      .put("isDeleted", false).put("publishedDate", "2026-11-24T10:00:00Z").put("lastUpdatedDate", "2026-11-24T10:00:00Z")
      .put("author", new JsonObject().put("displayName", "Jamal Hartnett").put("uniqueName", "jamal@contoso.com").put("id", "54d1"))
      .put("usersLiked", new JsonArray().add(new JsonObject().put("displayName", "Norman Paulk")));
  }

  /** {@code GitPullRequest}'s members under {@code prefix}; its {@code pullRequestId} only when {@code withId}. */
  private static Map<String, Kind> pullRequestMembers(String prefix, boolean withId) {
    Map<String, Kind> out = new LinkedHashMap<>();
    if (withId) {
      out.put(prefix + "pullRequestId", NA);
    }
    for (String member : List.of("title", "description", "status", "isDraft", "createdBy.displayName", "createdBy.uniqueName",
      "createdBy", "creationDate", "closedBy", "closedDate", "sourceRefName", "targetRefName", "mergeStatus",
      "lastMergeSourceCommit.commitId", "lastMergeSourceCommit", "lastMergeTargetCommit.commitId", "lastMergeTargetCommit",
      "lastMergeCommit", "reviewers[].displayName", "reviewers[].uniqueName", "reviewers[].vote", "reviewers[].isRequired",
      "reviewers", "labels", "completionOptions", "workItemRefs", "url", "repository", "supportsIterations", "codeReviewId")) {
      out.put(prefix + member, NA);
    }
    return out;
  }

  private static final List<Endpoint> ENDPOINTS = List.of(
    // The pull request: the caller names it, so even pullRequestId may be left out.
    new Endpoint(Reply.PULL_REQUEST, pullRequestMembers("", true),
      ReplyVariants.members("reviewers", EMPTY, "labels", EMPTY, "workItemRefs", EMPTY), List.of(Call.GET_PULL_REQUEST)),
    // A list entry is named by its pullRequestId in every later call: needed, not varied.
    new Endpoint(Reply.PULL_REQUESTS, with(pullRequestMembers("value[].", false), "value", NA, "count", NA),
      ReplyVariants.members("value", EMPTY, "value[].reviewers", EMPTY), List.of(Call.LIST_PULL_REQUESTS)),
    new Endpoint(Reply.WORK_ITEMS, ReplyVariants.members("value[].id", NA, "value[].url", NA, "value", NA, "count", NA),
      ReplyVariants.members("value", EMPTY), List.of(Call.GET_PULL_REQUEST)),
    new Endpoint(Reply.STATUSES, ReplyVariants.members("value[].id", NA, "value[].iterationId", NA, "value[].state", NA,
      "value[].description", NA, "value[].targetUrl", NA, "value[].creationDate", NA, "value[].createdBy", NA,
      "value[].context.name", NA, "value[].context.genre", NA, "value[].context", NA, "value", NA, "count", NA),
      ReplyVariants.members("value", EMPTY), List.of(Call.GET_PULL_REQUEST)),
    // An iteration is named by its id in every later call: needed, not varied. An empty list (a pull request without
    // its first push, which Azure DevOps does not have) leaves the diff nothing to show: see the test of that below.
    new Endpoint(Reply.ITERATIONS, ReplyVariants.members("value[].reason", NA, "value[].author.displayName", NA,
      "value[].author.uniqueName", NA, "value[].author", NA, "value[].createdDate", NA, "value[].updatedDate", NA,
      "value[].sourceRefCommit.commitId", NA, "value[].sourceRefCommit", NA, "value[].targetRefCommit.commitId", NA,
      "value[].targetRefCommit", NA, "value[].commonRefCommit.commitId", NA, "value[].commonRefCommit", NA,
      "value[].description", NA, "value[].hasMoreCommits", NA, "value[].push", NA, "count", NA), Map.of(),
      List.of(Call.LIST_ITERATIONS, Call.GET_PULL_REQUEST, Call.DIFF, Call.DIFF_FILES_ONLY, Call.LIST_THREADS)),
    // A change names its file by item.path (a delete by originalPath instead): item.path is needed, not varied.
    new Endpoint(Reply.CHANGES, ReplyVariants.members("changeEntries[].changeTrackingId", NA, "changeEntries[].changeId", NA,
      "changeEntries[].changeType", NA, "changeEntries[].originalPath", NA, "changeEntries[].item.objectId", NA,
      "changeEntries[].item.originalObjectId", NA, "changeEntries[].item.gitObjectType", NA, "changeEntries[].item.url", NA,
      "changeEntries[].item.commitId", NA, "changeEntries", NA, "nextSkip", NA, "nextTop", NA),
      ReplyVariants.members("changeEntries", EMPTY), List.of(Call.DIFF, Call.DIFF_FILES_ONLY, Call.LIST_THREADS)),
    // A shown thread is named by its id in pr_reply and pr_resolve_thread: needed, not varied.
    new Endpoint(Reply.THREADS, ReplyVariants.members("value[].status", NA, "value[].isDeleted", NA, "value[].publishedDate", NA,
      "value[].lastUpdatedDate", NA, "value[].properties", NA, "value[].identities", NA, "value[].pullRequestThreadContext", NA,
      "value[].threadContext.filePath", NA, "value[].threadContext.rightFileStart.line", NA,
      "value[].threadContext.rightFileStart.offset", NA, "value[].threadContext.rightFileStart", NA,
      "value[].threadContext.rightFileEnd.line", NA, "value[].threadContext.rightFileEnd", NA,
      "value[].threadContext.leftFileStart.line", NA, "value[].threadContext.leftFileStart", NA,
      "value[].threadContext.leftFileEnd", NA, "value[].threadContext", NA, "value[].comments[].id", NA,
      "value[].comments[].parentCommentId", NA, "value[].comments[].author.displayName", NA,
      "value[].comments[].author.uniqueName", NA, "value[].comments[].author", NA, "value[].comments[].content", NA,
      "value[].comments[].commentType", NA, "value[].comments[].isDeleted", NA, "value[].comments[].publishedDate", NA,
      "value[].comments[].lastUpdatedDate", NA, "value[].comments[].usersLiked", NA, "value[].comments", NA, "value", NA,
      "count", NA), ReplyVariants.members("value", EMPTY, "value[].comments", EMPTY), List.of(Call.LIST_THREADS)));

  private static Map<String, Kind> with(Map<String, Kind> members, Object... more) {
    Map<String, Kind> out = new LinkedHashMap<>(members);
    out.putAll(ReplyVariants.members(more));
    return out;
  }

  @TestFactory
  Stream<DynamicTest> everyReadToolAnswersEveryReplyRest71Allows() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Endpoint endpoint : ENDPOINTS) {
      List<Variant> variants = new ArrayList<>(ReplyVariants.of(FULL.get(endpoint.reply()), endpoint.optional()));
      if (!endpoint.arrays().isEmpty()) {
        // the first of these is the reply as sent again: only the emptied arrays are new
        variants.addAll(ReplyVariants.of(FULL.get(endpoint.reply()), endpoint.arrays()).subList(1, endpoint.arrays().size() + 1));
      }
      for (Variant variant : variants) {
        for (Call call : endpoint.readers()) {
          String name = endpoint.reply() + " " + variant.name() + " → " + call.tool + " " + call.args.encode();
          tests.add(DynamicTest.dynamicTest(name, () -> {
            JsonObject result;
            try {
              result = serving(endpoint.reply(), (JsonObject) variant.body(), () -> call(call));
            } catch (Exception | AssertionError e) { // the report names dynamic tests by number: say which this is
              throw new AssertionError(name + ": " + e.getMessage(), e);
            }
            assertThat(result).as(name).isNotNull();
          }));
        }
      }
    }
    return tests.stream();
  }

  @Test
  void whatAzureDevOpsLeavesOutIsNullInTheResultAndSaidInItsWarnings() throws Exception {
    JsonObject pull = FULL.get(Reply.PULL_REQUEST).copy();
    pull.remove("lastMergeSourceCommit");
    pull.remove("mergeStatus");
    pull.getJsonArray("reviewers").getJsonObject(0).remove("vote");
    JsonObject pr = serving(Reply.PULL_REQUEST, pull, () -> call(Call.GET_PULL_REQUEST));
    assertThat(pr.getValue("source_commit")).isNull();
    assertThat(pr.getValue("merge_status")).isNull();
    assertThat(pr.getJsonArray("reviewers").getJsonObject(0).getValue("vote")).isNull();
    assertThat(pr.getJsonArray("reviewers").getJsonObject(0).getString("vote_text")).isEqualTo("not reported");
    assertThat(pr.getJsonArray("warnings").getList()).contains(
      "Azure DevOps did not send lastMergeSourceCommit; source_commit is null (Azure DevOps may still be computing the merge).",
      "Azure DevOps did not send reviewers[].vote; that reviewer's vote is null.");

    JsonObject iterations = FULL.get(Reply.ITERATIONS).copy();
    iterations.getJsonArray("value").getJsonObject(0).remove("commonRefCommit");
    JsonObject listed = serving(Reply.ITERATIONS, iterations, () -> call(Call.LIST_ITERATIONS));
    assertThat(listed.getJsonArray("iterations").getJsonObject(0).getValue("common_commit")).isNull();
    assertThat(listed.getJsonArray("warnings").getList())
      .containsExactly("Azure DevOps did not send iterations' commonRefCommit; common_commit is null.");

    JsonObject changes = FULL.get(Reply.CHANGES).copy();
    changes.getJsonArray("changeEntries").forEach(c -> ((JsonObject) c).getJsonObject("item").remove("originalObjectId"));
    JsonObject diff = serving(Reply.CHANGES, changes, () -> call(Call.DIFF));
    JsonObject edit = diff.getJsonArray("changes").stream().map(JsonObject.class::cast)
      .filter(c -> c.getString("path").equals("src/app.c")).findFirst().orElseThrow();
    assertThat(edit.containsKey("diff")).as("an edit without its old blob is not diffed as an add").isFalse();
    assertThat(diff.getJsonArray("warnings").encode()).contains("did not send the blob ids").contains("src/app.c");

    JsonObject threads = FULL.get(Reply.THREADS).copy();
    threads.getJsonArray("value").getJsonObject(1).getJsonObject("threadContext").remove("leftFileEnd");
    threads.getJsonArray("value").getJsonObject(0).getJsonArray("comments").getJsonObject(0).put("author", new JsonObject());
    JsonObject listing = serving(Reply.THREADS, threads, () -> call(Call.LIST_THREADS));
    List<JsonObject> shown = listing.getJsonArray("threads").stream().map(JsonObject.class::cast).toList();
    assertThat(shown).extracting(t -> t.getString("id")).containsExactly("101", "102", "103");
    assertThat(shown.get(0).getJsonArray("comments").getJsonObject(0).getValue("author")).isNull();
    assertThat(shown.get(1).getString("side")).isEqualTo("old");
    assertThat(shown.get(1).getInteger("line")).isEqualTo(1);
    assertThat(shown.get(2).getValue("path")).as("a general thread has no file").isNull();
  }

  @Test
  void aReplyLackingWhatTheCallNeedsIsAnUpstreamErrorNamingForgeEndpointAndMember() {
    JsonObject iterations = FULL.get(Reply.ITERATIONS).copy();
    iterations.getJsonArray("value").getJsonObject(0).remove("id");
    assertThatThrownBy(() -> serving(Reply.ITERATIONS, iterations, () -> call(Call.LIST_ITERATIONS)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(502);
        assertThat(e.getMessage()).startsWith("Azure DevOps's reply to " + AdoEndpoints.ITERATIONS.endpoint() + ": value[0].id is absent");
      });

    JsonObject changes = FULL.get(Reply.CHANGES).copy();
    JsonArray entries = changes.getJsonArray("changeEntries");
    int index = 0;
    while (!"/src/app.c".equals(entries.getJsonObject(index).getJsonObject("item").getString("path"))) {
      index++;
    }
    entries.getJsonObject(index).getJsonObject("item").remove("path");
    String member = "changeEntries[" + index + "].item.path";
    for (Call call : List.of(Call.DIFF, Call.DIFF_FILES_ONLY)) {
      assertThatThrownBy(() -> serving(Reply.CHANGES, changes, () -> call(call)))
        .isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(502);
          assertThat(e.getMessage()).startsWith("Azure DevOps's reply to " + AdoEndpoints.ITERATION_CHANGES.endpoint()
            + ": " + member + " is absent");
        });
    }
  }

  @Test
  void aPullRequestWithoutIterationsHasNoDiffAndSaysSo() {
    JsonObject none = new JsonObject().put("value", new JsonArray()).put("count", 0);
    assertThatThrownBy(() -> serving(Reply.ITERATIONS, none, () -> call(Call.DIFF)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(404);
        assertThat(e.getMessage()).contains("has no iterations yet");
      });
  }

  private interface Body {
    JsonObject get() throws Exception;
  }

  /**
   * Runs {@code body} with {@code reply} served for its endpoint and the full replies for the others, and checks what
   * the log got meanwhile: no SEVERE record, and no shape a mapping tripped on.
   */
  private static JsonObject serving(Reply endpoint, JsonObject reply, Body body) throws Exception {
    ado.served.putAll(FULL);
    ado.served.put(endpoint, reply);
    trouble.clear();
    try {
      return body.get();
    } finally {
      ado.served.clear();
      assertThat(trouble.lines()).as("SEVERE records, and shapes a mapping tripped on, while serving " + endpoint).isEmpty();
    }
  }

  /** Calls a tool over the bus as its clients do, and checks its result against the tool's output schema. */
  private static JsonObject call(Call call) {
    return BusCalls.on(vertx).checked(CATALOG.require(call.tool).address(), call.arguments());
  }
}
