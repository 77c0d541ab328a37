package dev.reviewgate.gitea;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.ReplyVariants;
import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.ReplyVariants.Variant;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeGitea;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every read tool answers every reply Gitea's API description allows, from a Gitea server and from a Forgejo one
 * (whose {@code GET /version} answers {@code 9.0.3+gitea-1.22.0}): for each endpoint the module reads, a full reply is
 * served through {@link FakeGitea} in each of its {@link ReplyVariants} (nullable members null, optional ones
 * absent, arrays empty, unknown members added), and every tool that reads the endpoint is called over the event bus.
 * Each must answer with a result that fits its output schema, and nothing may be logged at SEVERE nor by
 * {@link ForgeReplies}; a member a call truly needs, when lacking, is a 502 naming Gitea, the endpoint and the member.
 *
 * <p>Origin of the member tables: go-gitea/gitea, {@code templates/swagger/v1_json.tmpl} (as stored in the reference
 * index on 2026-12-07, commit 67ce9ca1), definitions {@code PullRequest}, {@code PRBranchInfo}, {@code ChangedFile},
 * {@code PullReview}, {@code PullReviewComment}, {@code User}, {@code GitTreeResponse}, {@code GitEntry} and
 * {@code ServerVersion}. The description marks no
 * member of these definitions {@code required} and none {@code x-nullable}: every member may be absent. The
 * members it gives as {@code $ref} to another definition ({@code user}, {@code base}, {@code head},
 * {@code milestone}, {@code assignee}, {@code merged_by}, {@code team}, {@code resolver}) and its date-times that are
 * unset until something happens ({@code merged_at}, {@code closed_at}, {@code due_date}, {@code submitted_at}) are
 * null when unset; arrays may be empty; {@code draft}, {@code pin_order} and {@code requested_reviewers} are newer
 * members older servers leave out; {@code previous_filename} is sent for renames and copies only.
 */
@Timeout(600)
class GiteaContractTest {

  private static final ToolCatalog CATALOG = ToolCatalog.standard();

  @TempDir
  static Path dir;
  private static GiteaFixture pr;
  private static Vertx vertx;
  private static FakeGitea gitea;
  private static TroubleLog trouble;
  private static long seededComment;

  /** A tool call that reads an endpoint, and the members (paths in an endpoint's table) it cannot answer without. */
  record Call(String address, JsonObject args, Set<String> needs) {

    Call(String address, JsonObject args) {
      this(address, args, Set.of());
    }

    Call {
      args = new JsonObject().put("owner", FakeGitea.OWNER).put("repo", FakeGitea.REPO).mergeIn(args);
    }

    @Override
    public String toString() {
      return CATALOG.byAddress(address).map(Tool::name).orElse(address) + " " + args.encode();
    }
  }

  private static final JsonObject PR = new JsonObject().put("pr_number", FakeGitea.NUMBER);
  private static final Call GET = new Call(Addresses.GITEA_PR_GET, PR);
  private static final Call LIST = new Call(Addresses.GITEA_PR_LIST, new JsonObject());
  /** Its hunks are written from the merge base to the head. */
  private static final Call DIFF = new Call(Addresses.GITEA_PR_DIFF, PR.copy().put("include", new JsonArray().add("src/*").add("docs/*")),
    Set.of("head", "[].status", "[].filename"));
  private static final Call FILES_ONLY = new Call(Addresses.GITEA_PR_DIFF, PR.copy().put("files_only", true).put("top", 1000),
    Set.of("head", "[].status", "[].filename"));
  private static final Call THREADS = new Call(Addresses.PR_THREADS_LIST, PR.copy().put("forge", "gitea"), Set.of("[].path"));

  /** One endpoint the module reads: the fake's route, its full reply, what the description says of its members, the calls. */
  record Endpoint(String route, String name, Supplier<Object> full, Map<String, Kind> members, List<Call> calls) {
  }

  private static List<Endpoint> endpoints() {
    String pull = "GET /repos/{owner}/{repo}/pulls/{index}";
    Call reply = new Call(Addresses.PR_REPLY, PR.copy().put("forge", "gitea").put("thread_id", Long.toString(seededComment))
      .put("body", "Fixed."));
    return List.of(
      new Endpoint("GET ", pull, () -> settled(gitea.pullRequestJson()), ReplyVariants.members(
        "user", Kind.NULLABLE, "base", Kind.NULLABLE, "head", Kind.NULLABLE, "milestone", Kind.NULLABLE, "assignee", Kind.NULLABLE,
        "assignees", Kind.MAY_BE_EMPTY, "labels", Kind.MAY_BE_EMPTY, "requested_reviewers", Kind.OPTIONAL,
        "merged_by", Kind.NULLABLE, "merged_at", Kind.NULLABLE, "closed_at", Kind.NULLABLE, "due_date", Kind.NULLABLE,
        "merge_commit_sha", Kind.NULLABLE, "draft", Kind.OPTIONAL, "pin_order", Kind.OPTIONAL, "body", Kind.OPTIONAL,
        "mergeable", Kind.OPTIONAL, "head.repo", Kind.NULLABLE, "base.repo", Kind.NULLABLE, "user.full_name", Kind.OPTIONAL),
        List.of(GET, DIFF, FILES_ONLY, THREADS)),
      new Endpoint("GET /pulls", "GET /repos/{owner}/{repo}/pulls", () -> new JsonArray().add(settled(gitea.pullRequestJson())),
        ReplyVariants.members("[]", Kind.MAY_BE_EMPTY, "[].user", Kind.NULLABLE, "[].head", Kind.NULLABLE, "[].base", Kind.NULLABLE,
          "[].draft", Kind.OPTIONAL, "[].merged_by", Kind.NULLABLE, "[].labels", Kind.MAY_BE_EMPTY),
        List.of(LIST)),
      new Endpoint("GET /files", pull + "/files", () -> new JsonArray(List.copyOf(gitea.filesJson())),
        ReplyVariants.members("[]", Kind.MAY_BE_EMPTY, "[].previous_filename", Kind.OPTIONAL, "[].additions", Kind.OPTIONAL,
          "[].deletions", Kind.OPTIONAL, "[].changes", Kind.OPTIONAL, "[].html_url", Kind.OPTIONAL, "[].contents_url", Kind.OPTIONAL,
          "[].raw_url", Kind.OPTIONAL),
        List.of(DIFF, FILES_ONLY, THREADS)),
      new Endpoint("GET /reviews", pull + "/reviews", gitea::reviewsJson, ReplyVariants.members(
        "[]", Kind.MAY_BE_EMPTY, "[].user", Kind.NULLABLE, "[].team", Kind.NULLABLE, "[].submitted_at", Kind.NULLABLE,
        "[].comments_count", Kind.OPTIONAL, "[].body", Kind.OPTIONAL, "[].html_url", Kind.OPTIONAL, "[].state", Kind.OPTIONAL),
        List.of(THREADS)),
      new Endpoint("GET /reviews/:id/comments", pull + "/reviews/{id}/comments", GiteaContractTest::comments, ReplyVariants.members(
        "[]", Kind.MAY_BE_EMPTY, "[].user", Kind.NULLABLE, "[].resolver", Kind.NULLABLE, "[].position", Kind.OPTIONAL,
        "[].original_position", Kind.OPTIONAL, "[].html_url", Kind.OPTIONAL, "[].diff_hunk", Kind.OPTIONAL,
        "[].created_at", Kind.OPTIONAL, "[].body", Kind.OPTIONAL),
        List.of(THREADS)),
      // Replying finds the thread's spot first: a reply to a comment on a line, as the description has it
      new Endpoint("GET /reviews/:id/comments", pull + "/reviews/{id}/comments", GiteaContractTest::comments, ReplyVariants.members(
        "[].user", Kind.NULLABLE, "[].resolver", Kind.NULLABLE, "[].html_url", Kind.OPTIONAL, "[].diff_hunk", Kind.OPTIONAL),
        List.of(reply)),
      // The modes of the files diffed through the API: every tree asked gets this one reply (the root's)
      new Endpoint("GET /git/trees/:sha", "GET /repos/{owner}/{repo}/git/trees/{sha}", () -> gitea.treeJson(pr.third(), 1, 1000),
        ReplyVariants.members("tree", Kind.MAY_BE_EMPTY, "truncated", Kind.OPTIONAL, "page", Kind.OPTIONAL,
          "total_count", Kind.OPTIONAL, "url", Kind.OPTIONAL, "tree[].size", Kind.OPTIONAL, "tree[].url", Kind.OPTIONAL),
        List.of(DIFF)),
      new Endpoint("GET /version", "GET /version", () -> new JsonObject().put("version", gitea.version),
        ReplyVariants.members("version", Kind.OPTIONAL), List.of(GET)));
  }

  private static JsonArray comments() {
    return gitea.reviews.get(0).getJsonArray("comments").copy();
  }

  /** The pull request once merged and closed too, so that every member its variants change has a value. */
  private static JsonObject settled(JsonObject pull) {
    JsonObject merger = FakeGitea.user("mreyes", "Mia Reyes");
    return pull.put("merged_by", merger).put("merged_at", "2026-11-26T10:00:00Z").put("closed_at", "2026-11-27T10:00:00Z")
      .put("due_date", "2026-12-01T00:00:00Z").put("merge_commit_sha", pull.getJsonObject("head").getString("sha"))
      .put("milestone", new JsonObject().put("id", 3).put("title", "v2.4").put("state", "open"))
      .put("assignee", merger).put("assignees", new JsonArray().add(merger))
      .put("labels", new JsonArray().add(new JsonObject().put("id", 1).put("name", "billing").put("color", "00aabb")));
  }

  @BeforeAll
  static void start() {
    trouble = TroubleLog.install(ForgeReplies.class.getName());
    pr = GiteaFixture.build(dir);
    vertx = Vertx.vertx();
    gitea = new FakeGitea(vertx, pr.repo(), pr.base(), pr.target(), pr.third());
    seededComment = gitea.nextId();
    gitea.seedReview("REQUEST_CHANGES", "Two things.", new JsonArray()
      .add(gitea.commentJson(seededComment, 0, "src/app.c", 5, 0, "Why long?", FakeGitea.user("mreyes", "Mia Reyes"),
        FakeGitea.user("jhartnett", "Jamal Hartnett")))
      .add(gitea.commentJson(gitea.nextId(), 0, "new/name.txt", 0, 3, "Was three.", FakeGitea.user("mreyes", "Mia Reyes"), null)));
    GiteaTestBackend.deploy(vertx, gitea.url(), FakeGitea.TOKEN);
    Await.result(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(ReviewgateConfig.defaults()), CATALOG)));
  }

  @AfterEach
  void ownReplies() {
    gitea.replies.clear();
    gitea.version = FakeGitea.GITEA_VERSION;
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(trouble, gitea, vertx);
  }

  private static JsonObject call(Call call) {
    return BusCalls.on(vertx).timeoutMs(60_000).checked(call.address(), call.args());
  }

  @TestFactory
  Stream<DynamicTest> everyReplyTheDescriptionAllowsIsAnsweredWithAResultByGiteaAndByForgejo() {
    return Stream.of(FakeGitea.GITEA_VERSION, FakeGitea.FORGEJO_VERSION).flatMap(version -> endpoints().stream()
      .flatMap(endpoint -> ReplyVariants.of(endpoint.full().get(), endpoint.members()).stream()
        .map(variant -> DynamicTest.dynamicTest(version + " " + endpoint.name() + ": " + variant.name(),
          () -> answered(version, endpoint, variant)))));
  }

  private static void answered(String version, Endpoint endpoint, Variant variant) {
    gitea.version = version;
    gitea.replies.put(endpoint.route(), variant.body());
    trouble.clear();
    try {
      for (Call call : endpoint.calls()) {
        ReplyVariants.expectRead("Gitea", endpoint.name(), call, variant,
          ReplyVariants.lacking(call.needs(), endpoint.members(), variant, member -> false), () -> call(call));
      }
      assertThat(trouble.lines()).as("log records at SEVERE or from ForgeReplies for %s", variant.name()).isEmpty();
    } finally {
      gitea.replies.remove(endpoint.route());
    }
  }

  @Test
  void theRepliesAreReadWholeWhenGiteaSendsThemAsItsDescriptionShows() {
    JsonObject got = call(GET);
    assertThat(got.getString("body")).isEqualTo("Adds invoices.");
    assertThat(got.getJsonArray("warnings")).isEmpty();
    JsonObject threads = call(THREADS);
    assertThat(threads.getInteger("total")).isEqualTo(3);
    assertThat(threads.getJsonArray("warnings")).isEmpty();
  }

  @Test
  void aMergeBaseGiteaHasNotComputedIsSaidNotGuessed() {
    gitea.replies.put("GET ", gitea.pullRequestJson().put("merge_base", ""));
    assertThat(call(GET).getJsonArray("warnings").encode()).contains("merge_base is empty");
    assertThatThrownBy(() -> call(DIFF)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).contains("Gitea's reply to GET /repos/{owner}/{repo}/pulls/{index}", "merge_base", "Retry");
    });
    assertThat(call(FILES_ONLY).getJsonArray("changes")).hasSize(GiteaFixture.CHANGED);
    JsonObject threads = call(THREADS);
    assertThat(threads.getInteger("total")).isEqualTo(3);
    assertThat(threads.getJsonArray("warnings").encode()).contains("hunk left out").contains("merge_base");
  }

  @Test
  void aReplyTrulyLackingWhatTheCallNeedsIsAnUpstreamErrorNamingGiteaTheEndpointAndTheMember() {
    trouble.clear();
    JsonArray comments = comments();
    comments.getJsonObject(1).remove("path");
    gitea.replies.put("GET /reviews/:id/comments", comments);
    assertThatThrownBy(() -> call(THREADS)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).contains("Gitea's reply to GET /repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments")
        .contains("[1].path is absent").doesNotContain("internal error");
    });
    gitea.replies.put("GET ", gitea.pullRequestJson().putNull("number"));
    assertThatThrownBy(() -> call(GET)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).contains("Gitea's reply to GET /repos/{owner}/{repo}/pulls/{index}: number is null");
    });
    assertThat(trouble.lines()).isEmpty();
  }
}
