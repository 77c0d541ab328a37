package dev.reviewgate.gitlab;

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
import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.ReplyVariants.Variant;
import dev.reviewgate.testkit.ReplyVariants;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.GitLabDouble;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Every read tool answers every reply GitLab's REST API reference allows: for each endpoint the GitLab module reads, a
 * full reply is served through {@link GitLabDouble} in each of its {@link ReplyVariants} (documented-nullable members
 * null, optional ones absent, arrays empty, unknown members added), and every tool that reads the endpoint is called
 * over the event bus. Each must answer with a result that fits its output schema, and nothing may be logged at SEVERE
 * nor by {@link ForgeReplies} (which logs only a mapping that tripped over the forge's data).
 *
 * <p>Origin of the member tables: gitlabhq/gitlabhq, doc/api/merge_requests.md ("Get single MR" response table and
 * example: {@code merged_by}, {@code merge_user}, {@code merged_at}, {@code closed_by}, {@code closed_at},
 * {@code milestone}, {@code assignee}, {@code merge_commit_sha}, {@code squash_commit_sha}, {@code merge_error} null;
 * {@code diff_refs} and {@code changes_count} "empty when the merge request is created"; {@code detailed_merge_status}
 * introduced in 15.6, {@code merge_user} in 14.7; {@code work_in_progress} deprecated for {@code draft}),
 * doc/api/discussions.md ("List project merge request discussion items": note {@code type} {@code DiscussionNote},
 * {@code DiffNote} or null; {@code position} for diff notes only; {@code line_range} ends with {@code old_line} null),
 * and lib/api/entities/note.rb ({@code position} only for a DiffNote, {@code resolved}, {@code resolved_by},
 * {@code resolved_at} only for resolvable notes), merge_request_basic.rb, merge_request.rb, merge_request_diff.rb and
 * diff.rb (which members each reply exposes, and when), as stored in the reference index on 2026-12-03 (discussions.md
 * with the response-attributes table; note.rb at ba0f3164; merge_request_diff.rb at 41946e65; diff.rb at 017a6c12).
 * Text positions' {@code line_range} is sent only for a note on several lines: null (or absent on older GitLab)
 * otherwise, as GitLab's position serialisation leaves it.
 */
@Timeout(600)
class GitLabContractTest {

  private static final ToolCatalog CATALOG = ToolCatalog.standard();

  @TempDir
  static Path dir;
  private static GitLabFixture mr;
  private static Vertx vertx;
  private static GitLabDouble gitlab;
  private static TroubleLog trouble;

  /**
   * A tool call that reads an endpoint, and the members (paths in an endpoint's table) without which it truly cannot
   * answer: then a clear error naming GitLab, the endpoint and the member instead of a result.
   */
  record Call(String address, JsonObject args, Set<String> needs) {

    Call(String address, JsonObject args) {
      this(address, args, Set.of());
    }

    Call {
      args = new JsonObject().put("project", GitLabDouble.PROJECT).mergeIn(args);
    }

    @Override
    public String toString() {
      return CATALOG.byAddress(address).map(Tool::name).orElse(address) + " " + args.encode();
    }
  }

  private static final Call GET = new Call(Addresses.GITLAB_MR_GET, new JsonObject().put("mr_iid", GitLabDouble.IID));
  private static final Call LIST = new Call(Addresses.GITLAB_MR_LIST, new JsonObject());
  private static final Call VERSIONS = new Call(Addresses.GITLAB_MR_VERSIONS, new JsonObject().put("mr_iid", GitLabDouble.IID));
  /** Its hunks are written from the version's base commit to its head. */
  private static final Call DIFF = new Call(Addresses.GITLAB_MR_DIFF, new JsonObject().put("mr_iid", GitLabDouble.IID)
    .put("include", new JsonArray().add("src/*").add("docs/*")), Set.of("[].base_commit_sha"));
  private static final Call FILES_ONLY = new Call(Addresses.GITLAB_MR_DIFF, new JsonObject().put("mr_iid", GitLabDouble.IID)
    .put("files_only", true));
  private static final Call SINCE = new Call(Addresses.GITLAB_MR_DIFF, new JsonObject().put("mr_iid", GitLabDouble.IID)
    .put("version_id", 103).put("compare_to", 102).put("include", new JsonArray().add("src/*").add("docs/*")));
  private static final Call THREADS = new Call(Addresses.PR_THREADS_LIST, new JsonObject().put("forge", "gitlab")
    .put("pr_number", GitLabDouble.IID));
  /** Replying reads the discussion first (to post a reply only once); resolving reads the discussion GitLab answers. */
  private static final Call REPLY = new Call(Addresses.PR_REPLY, new JsonObject().put("forge", "gitlab").put("pr_number", GitLabDouble.IID)
    .put("thread_id", SeededDiscussions.MULTI_LINE).put("body", "Fixed."));
  private static final Call RESOLVE = new Call(Addresses.PR_RESOLVE, new JsonObject().put("forge", "gitlab")
    .put("pr_number", GitLabDouble.IID).put("thread_id", SeededDiscussions.MULTI_LINE).put("resolved", true));

  /** One endpoint the module reads: the double's route, its full reply, what the reference says of its members, the calls that read it. */
  record Endpoint(String route, String name, Supplier<Object> full, Map<String, Kind> members, List<Call> calls) {
  }

  private static List<Endpoint> endpoints() {
    String mrPath = "GET /projects/:id/merge_requests/:merge_request_iid";
    return List.of(
      new Endpoint("GET ", mrPath, () -> merged(gitlab.mergeRequestJson()), ReplyVariants.members(
        "description", Kind.NULLABLE, "diff_refs", Kind.NULLABLE, "changes_count", Kind.NULLABLE,
        "assignee", Kind.NULLABLE, "assignees", Kind.MAY_BE_EMPTY, "reviewers", Kind.MAY_BE_EMPTY, "milestone", Kind.NULLABLE,
        "labels", Kind.MAY_BE_EMPTY, "merged_by", Kind.NULLABLE, "merge_user", Kind.NULLABLE_OR_ABSENT, "merged_at", Kind.NULLABLE,
        "closed_by", Kind.NULLABLE, "closed_at", Kind.NULLABLE, "merge_commit_sha", Kind.NULLABLE,
        "squash_commit_sha", Kind.NULLABLE, "merge_error", Kind.NULLABLE, "pipeline", Kind.NULLABLE, "head_pipeline", Kind.NULLABLE,
        "draft", Kind.OPTIONAL, "detailed_merge_status", Kind.OPTIONAL,
        "author.avatar_url", Kind.NULLABLE, "author.state", Kind.OPTIONAL, "author.web_url", Kind.OPTIONAL, "author.username", Kind.OPTIONAL),
        List.of(GET)),
      new Endpoint("GET /merge_requests", "GET /projects/:id/merge_requests", () -> new JsonArray().add(merged(gitlab.mergeRequestJson())),
        ReplyVariants.members("[]", Kind.MAY_BE_EMPTY, "[].description", Kind.NULLABLE, "[].assignee", Kind.NULLABLE,
          "[].milestone", Kind.NULLABLE, "[].merged_by", Kind.NULLABLE, "[].merge_user", Kind.NULLABLE_OR_ABSENT,
          "[].labels", Kind.MAY_BE_EMPTY, "[].draft", Kind.OPTIONAL, "[].detailed_merge_status", Kind.OPTIONAL,
          "[].author.avatar_url", Kind.NULLABLE, "[].author.username", Kind.OPTIONAL),
        List.of(LIST)),
      new Endpoint("GET /approvals", mrPath + "/approvals", () -> gitlab.approvalsJson().put("approved_by", new JsonArray()
          .add(new JsonObject().put("user", GitLabDouble.user("mreyes", "Mia Reyes")))),
        // approvals_required and approvals_left are GitLab Premium's; Free answers without them
        ReplyVariants.members("approvals_required", Kind.OPTIONAL, "approvals_left", Kind.OPTIONAL, "approved_by", Kind.MAY_BE_EMPTY,
          "approved_by[].user.avatar_url", Kind.NULLABLE),
        List.of(GET)),
      new Endpoint("GET /pipelines", mrPath + "/pipelines", () -> new JsonArray().add(gitlab.pipelineJson()),
        ReplyVariants.members("[]", Kind.MAY_BE_EMPTY), List.of(GET)),
      new Endpoint("GET /versions", mrPath + "/versions", gitlab::versionsJson,
        ReplyVariants.members("[].real_size", Kind.NULLABLE, "[].patch_id_sha", Kind.NULLABLE_OR_ABSENT,
          "[].base_commit_sha", Kind.NULLABLE),
        List.of(GET, VERSIONS, DIFF, FILES_ONLY, SINCE, THREADS)),
      new Endpoint("GET /versions/:v", mrPath + "/versions/:version_id", () -> gitlab.versionJson(102),
        ReplyVariants.members("real_size", Kind.NULLABLE, "patch_id_sha", Kind.NULLABLE_OR_ABSENT, "commits", Kind.MAY_BE_EMPTY,
          "diffs", Kind.MAY_BE_EMPTY, "diffs[].generated_file", Kind.OPTIONAL),
        List.of(SINCE)),
      new Endpoint("GET /diffs", mrPath + "/diffs", gitlab::diffsJson,
        ReplyVariants.members("[]", Kind.MAY_BE_EMPTY, "[].generated_file", Kind.OPTIONAL),
        List.of(DIFF, FILES_ONLY, SINCE, THREADS)),
      new Endpoint("GET /repository/compare", "GET /projects/:id/repository/compare", () -> gitlab.compareJson(mr.second(), mr.third()),
        ReplyVariants.members("commit", Kind.NULLABLE, "commits", Kind.MAY_BE_EMPTY, "diffs", Kind.MAY_BE_EMPTY,
          "compare_timeout", Kind.OPTIONAL, "diffs[].generated_file", Kind.OPTIONAL),
        List.of(SINCE)),
      new Endpoint("GET /discussions", mrPath + "/discussions", gitlab::discussionsJson, ReplyVariants.members(
        "[]", Kind.MAY_BE_EMPTY, "[].notes[].type", Kind.NULLABLE, "[].notes[].position", Kind.OPTIONAL,
        "[].notes[].position.line_range", Kind.NULLABLE_OR_ABSENT, "[].notes[].position.old_line", Kind.NULLABLE,
        "[].notes[].position.new_line", Kind.NULLABLE, "[].notes[].position.line_range.start.old_line", Kind.NULLABLE,
        "[].notes[].position.line_range.start.new_line", Kind.NULLABLE, "[].notes[].position.line_range.end.old_line", Kind.NULLABLE,
        "[].notes[].position.line_range.end.new_line", Kind.NULLABLE, "[].notes[].resolved", Kind.OPTIONAL,
        "[].notes[].resolved_by", Kind.NULLABLE_OR_ABSENT, "[].notes[].resolved_at", Kind.NULLABLE_OR_ABSENT,
        "[].notes[].commit_id", Kind.OPTIONAL, "[].notes[].attachment", Kind.NULLABLE, "[].notes[].noteable_iid", Kind.NULLABLE,
        "[].notes[].suggestions", Kind.MAY_BE_EMPTY, "[].notes[].author.avatar_url", Kind.NULLABLE,
        "[].notes[].author.username", Kind.OPTIONAL),
        List.of(THREADS)),
      new Endpoint("GET /discussions/:id", mrPath + "/discussions/:discussion_id", GitLabContractTest::multiLine, discussion(),
        List.of(REPLY)),
      new Endpoint("PUT /discussions/:id", "PUT " + mrPath.substring("GET ".length()) + "/discussions/:discussion_id",
        GitLabContractTest::multiLine, discussion(), List.of(RESOLVE)));
  }

  /** What the reference says of one discussion's members (the same as of each listed one). */
  private static Map<String, Kind> discussion() {
    return ReplyVariants.members("notes[].type", Kind.NULLABLE, "notes[].position.line_range", Kind.NULLABLE_OR_ABSENT,
      "notes[].position.old_line", Kind.NULLABLE, "notes[].position", Kind.OPTIONAL, "notes[].resolved_by", Kind.NULLABLE_OR_ABSENT,
      "notes[].author.username", Kind.OPTIONAL, "notes[].suggestions", Kind.MAY_BE_EMPTY);
  }

  private static JsonObject multiLine() {
    return SeededDiscussions.all(mr).stream().filter(d -> d.getString("id").equals(SeededDiscussions.MULTI_LINE)).findFirst()
      .orElseThrow();
  }

  /** The merge request once merged and closed too, so that every member its variants change has a value. */
  private static JsonObject merged(JsonObject mr) {
    JsonObject merger = GitLabDouble.user("mreyes", "Mia Reyes");
    return mr.put("merged_by", merger).put("merge_user", merger).put("merged_at", "2026-11-26T10:00:00Z")
      .put("closed_by", merger).put("closed_at", "2026-11-27T10:00:00Z").put("merge_commit_sha", mr.getString("sha"))
      .put("squash_commit_sha", mr.getString("sha")).put("merge_error", "the pipeline failed");
  }

  @BeforeAll
  static void start() throws Exception {
    trouble = TroubleLog.install(ForgeReplies.class.getName());
    mr = GitLabFixture.build(dir);
    vertx = Vertx.vertx();
    gitlab = new GitLabDouble(vertx, mr.repo(), mr.base(), mr.target()).version(mr.first()).version(mr.second()).version(mr.third());
    SeededDiscussions.all(mr).forEach(gitlab::seed);
    GitLabTestBackend.deploy(vertx, gitlab.url(), GitLabDouble.TOKEN);
    Await.result(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(ReviewgateConfig.defaults()), CATALOG)));
  }

  @AfterEach
  void ownReplies() {
    gitlab.replies.clear();
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(trouble, gitlab, vertx);
  }

  private static JsonObject call(Call call) {
    return BusCalls.on(vertx).checked(call.address(), call.args());
  }

  @TestFactory
  Stream<DynamicTest> everyReplyTheReferenceAllowsIsAnsweredWithAResult() {
    return endpoints().stream().flatMap(endpoint -> ReplyVariants.of(endpoint.full().get(), endpoint.members()).stream()
      .map(variant -> DynamicTest.dynamicTest(endpoint.name() + ": " + variant.name(), () -> answered(endpoint, variant))));
  }

  private static void answered(Endpoint endpoint, Variant variant) throws Exception {
    gitlab.replies.put(endpoint.route(), variant.body());
    trouble.clear();
    try {
      for (Call call : endpoint.calls()) {
        ReplyVariants.expectRead("GitLab", endpoint.name(), call, variant,
          ReplyVariants.lacking(call.needs(), endpoint.members(), variant, member -> false), () -> call(call));
      }
      assertThat(trouble.lines()).as("log records at SEVERE or from ForgeReplies for %s", variant.name()).isEmpty();
    } finally {
      gitlab.replies.remove(endpoint.route());
    }
  }

  @Test
  void theSeededRepliesAreReadWholeWhenGitLabSendsThemAsItsReferenceShows() throws Exception {
    JsonObject got = call(GET);
    assertThat(got.getString("description")).isEqualTo("Adds invoices.");
    assertThat(got.getJsonObject("diff_refs").getString("base_sha")).isEqualTo(mr.base());
    assertThat(got.getJsonArray("warnings")).isEmpty();
    JsonObject threads = call(THREADS);
    assertThat(threads.getInteger("total")).isEqualTo(6);
    assertThat(threads.getJsonArray("warnings")).isEmpty();
  }

  @Test
  void whatGitLabHasNotComputedYetIsShownAsNullWithAWarningNotInvented() throws Exception {
    gitlab.replies.put("GET ", gitlab.mergeRequestJson().putNull("diff_refs").putNull("description").putNull("changes_count")
      .put("author", new JsonObject().put("id", 1)));
    JsonObject got = call(GET);
    assertThat(got.getValue("diff_refs")).isNull();
    assertThat(got.getValue("description")).isNull();
    assertThat(got.getValue("author")).isNull();
    assertThat(got.getJsonArray("warnings").encode()).contains("diff_refs is null").contains("retry");

    JsonArray versions = gitlab.versionsJson();
    versions.getJsonObject(0).putNull("base_commit_sha");
    gitlab.replies.put("GET /versions", versions);
    assertThatThrownBy(() -> call(DIFF)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).contains("GitLab", "GET /projects/:id/merge_requests/:merge_request_iid/versions",
        "base_commit_sha", "version 103", "Retry");
    });
    JsonObject threads = call(THREADS);
    assertThat(threads.getInteger("total")).isEqualTo(6);
    assertThat(threads.getJsonArray("warnings").encode()).contains("hunk left out").contains("base_commit_sha");
  }

  @Test
  void aReplyTrulyLackingWhatTheCallNeedsIsAnUpstreamErrorNamingGitLabTheEndpointAndTheMember() {
    trouble.clear();
    JsonArray discussions = gitlab.discussionsJson();
    discussions.getJsonObject(2).remove("id");
    gitlab.replies.put("GET /discussions", discussions);
    assertThatThrownBy(() -> call(THREADS)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).contains("GitLab's reply to GET /projects/:id/merge_requests/:merge_request_iid/discussions")
        .contains("[2].id is absent").doesNotContain("INTERNAL").doesNotContain("internal error");
    });
    gitlab.replies.put("GET ", gitlab.mergeRequestJson().putNull("iid"));
    assertThatThrownBy(() -> call(GET)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).contains("GitLab's reply to GET /projects/:id/merge_requests/:merge_request_iid: iid is null");
    });
    JsonArray diffs = gitlab.diffsJson();
    diffs.getJsonObject(0).remove("old_path");
    diffs.getJsonObject(0).remove("new_path");
    gitlab.replies.put("GET /diffs", diffs);
    assertThatThrownBy(() -> call(FILES_ONLY)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).contains("GitLab's reply to GET /projects/:id/merge_requests/:merge_request_iid/diffs: [0].new_path");
    });
    assertThat(trouble.lines()).isEmpty();
  }
}
