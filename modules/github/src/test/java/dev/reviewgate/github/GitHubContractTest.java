package dev.reviewgate.github;

import static dev.reviewgate.testkit.ReplyVariants.Kind.MAY_BE_EMPTY;
import static dev.reviewgate.testkit.ReplyVariants.Kind.NULLABLE;
import static dev.reviewgate.testkit.ReplyVariants.Kind.NULLABLE_OR_ABSENT;
import static dev.reviewgate.testkit.ReplyVariants.Kind.OPTIONAL;
import static dev.reviewgate.testkit.ReplyVariants.members;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.ReplyVariants;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;




import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every reply GitHub's published API description allows, for every endpoint the GitHub tools read, served by the fake
 * GitHub (real HTTP on loopback) to every read tool that reads it, over the event bus: each tool answers with a result
 * that fits its output schema (never an error), and nothing is logged at SEVERE. A reply that truly lacks what a call
 * needs is an upstream error naming GitHub, the endpoint and the member.
 *
 * <p>Origin of the member tables: GitHub's REST API description as the npm package {@code @octokit/openapi} 23.0.2
 * publishes it ({@code generated/api.github.com.deref.json}, built from github/rest-api-description's
 * {@code descriptions/api.github.com}), and GitHub's GraphQL schema ({@code schema.graphql} of octokit/graphql-schema,
 * commit 82ff2d4780080e6929ebb95608cefa22dfa05ac7). NULLABLE: {@code nullable: true} (GraphQL: a type without
 * {@code !}); OPTIONAL: not in the schema's {@code required}; NULLABLE_OR_ABSENT: both. Entries marked "beyond the
 * description" are what github.com sends although that version marks them required: the ghost user of a deleted
 * account ({@code user: null}) and a deleted fork ({@code head.repo: null}).
 */
class GitHubContractTest extends ToolTestBase {

  private static final String REPO = "/repos/sigmavirus24/github3.py";
  private static final int NUMBER = 873;

  /** GET /repos/{owner}/{repo}/pulls/{pull_number}: schema pull-request. */
  private static final Map<String, Kind> PULL = members(
    "user", NULLABLE, // beyond the description: a deleted account
    "body", NULLABLE,
    "milestone", NULLABLE,
    "assignee", NULLABLE,
    "assignees", OPTIONAL,
    "labels", MAY_BE_EMPTY,
    "closed_at", NULLABLE,
    "merged_at", NULLABLE,
    "merge_commit_sha", NULLABLE,
    "requested_reviewers", OPTIONAL,
    "requested_teams", OPTIONAL,
    "active_lock_reason", NULLABLE_OR_ABSENT,
    "auto_merge", NULLABLE,
    "draft", OPTIONAL,
    "mergeable", NULLABLE,
    "rebaseable", NULLABLE_OR_ABSENT,
    "merged_by", NULLABLE,
    "head.repo", NULLABLE, // beyond the description: a deleted fork
    "head.user", NULLABLE, // nullable in pull-request-simple; the same account may be deleted here
    "base.user", NULLABLE);

  /** GET /repos/{owner}/{repo}/pulls: an array of pull-request-simple. */
  private static final Map<String, Kind> PULLS = members(
    "[].user", NULLABLE,
    "[].body", NULLABLE,
    "[].milestone", NULLABLE,
    "[].assignee", NULLABLE,
    "[].assignees", OPTIONAL,
    "[].closed_at", NULLABLE,
    "[].merged_at", NULLABLE,
    "[].merge_commit_sha", NULLABLE,
    "[].requested_reviewers", OPTIONAL,
    "[].requested_teams", OPTIONAL,
    "[].active_lock_reason", NULLABLE_OR_ABSENT,
    "[].auto_merge", NULLABLE,
    "[].draft", OPTIONAL,
    "[].head.repo", NULLABLE, // beyond the description: a deleted fork
    "[].head.user", NULLABLE,
    "[].base.user", NULLABLE,
    "[]", MAY_BE_EMPTY);

  /** GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews: an array of pull-request-review. */
  private static final Map<String, Kind> REVIEWS = members(
    "[].user", NULLABLE,
    "[].commit_id", NULLABLE,
    "[].submitted_at", OPTIONAL,
    "[].body_html", OPTIONAL,
    "[].body_text", OPTIONAL,
    "[]", MAY_BE_EMPTY);

  /** GET /repos/{owner}/{repo}/commits/{ref}/check-runs: {total_count, check_runs: check-run[]}. */
  private static final Map<String, Kind> CHECK_RUNS = members(
    "check_runs[].conclusion", NULLABLE,
    "check_runs[].started_at", NULLABLE,
    "check_runs[].completed_at", NULLABLE,
    "check_runs[].external_id", NULLABLE,
    "check_runs[].html_url", NULLABLE,
    "check_runs[].details_url", NULLABLE,
    "check_runs[].output.title", NULLABLE,
    "check_runs[].output.summary", NULLABLE,
    "check_runs[].output.text", NULLABLE,
    "check_runs[].check_suite", NULLABLE,
    "check_runs[].app", NULLABLE,
    "check_runs", MAY_BE_EMPTY);

  /** GET /repos/{owner}/{repo}/commits/{ref}/status: schema combined-commit-status. */
  private static final Map<String, Kind> STATUS = members(
    "statuses[].description", NULLABLE,
    "statuses[].target_url", NULLABLE,
    "statuses", MAY_BE_EMPTY);

  /** GET /repos/{owner}/{repo}/pulls/{pull_number}/files: an array of diff-entry. */
  private static final Map<String, Kind> FILES = members(
    "[].sha", NULLABLE,
    "[].patch", OPTIONAL, // binary, or too large
    "[].previous_filename", OPTIONAL,
    "[]", MAY_BE_EMPTY);

  /** GET /repos/{owner}/{repo}/compare/{basehead}: schema commit-comparison. */
  private static final Map<String, Kind> COMPARE = members(
    "files", OPTIONAL,
    "files[].sha", NULLABLE,
    "files[].patch", OPTIONAL,
    "files[].previous_filename", OPTIONAL,
    "base_commit.author", NULLABLE,
    "base_commit.committer", NULLABLE,
    "merge_base_commit.author", NULLABLE,
    "merge_base_commit.committer", NULLABLE,
    "commits", MAY_BE_EMPTY);

  /** GraphQL repository.pullRequest.reviewThreads (PullRequestReviewThreadConnection and what it holds). */
  private static final Map<String, Kind> THREADS = members(
    "data.repository.pullRequest.reviewThreads.nodes[].line", NULLABLE,
    "data.repository.pullRequest.reviewThreads.nodes[].startLine", NULLABLE,
    "data.repository.pullRequest.reviewThreads.nodes[].originalLine", NULLABLE,
    "data.repository.pullRequest.reviewThreads.nodes[].comments.nodes[].author", NULLABLE,
    "data.repository.pullRequest.reviewThreads.nodes[].comments.nodes[]", NULLABLE,
    "data.repository.pullRequest.reviewThreads.nodes[].comments.nodes", NULLABLE,
    "data.repository.pullRequest.reviewThreads.nodes[]", NULLABLE,
    "data.repository.pullRequest.reviewThreads.pageInfo.endCursor", NULLABLE,
    "data.repository.pullRequest.reviewThreads.nodes", NULLABLE);

  /** GraphQL node(id) as a PullRequestReviewThread, read by pr_reply before it posts. */
  private static final Map<String, Kind> THREAD_COMMENTS = members(
    "data.node.comments.nodes[]", NULLABLE,
    "data.node.comments.nodes", NULLABLE);

  /** GraphQL mutation payloads: the payload and what it carries are nullable. */
  private static final Map<String, Kind> REPLY = members(
    "data.addPullRequestReviewThreadReply.comment", NULLABLE,
    "data.addPullRequestReviewThreadReply", NULLABLE);
  private static final Map<String, Kind> RESOLVE = members(
    "data.resolveReviewThread.thread", NULLABLE,
    "data.resolveReviewThread", NULLABLE);

  /** The replies the fake serves; each test changes one of them. */
  private enum Reply { PULL, PULLS, REVIEWS, CHECK_RUNS, STATUS, FILES, COMPARE, THREADS, THREAD_COMMENTS, REPLY, RESOLVE }

  private TroubleLog trouble;
  private final List<String> failures = new ArrayList<>();

  @BeforeEach
  void recordTrouble() {
    trouble = TroubleLog.install(ForgeReplies.class.getName());
  }

  @AfterEach
  void stopRecording() {
    trouble.close();
  }

  // --- the full replies: recordings of api.github.com (fixtures/github3py) and replies written from the schema ------

  private static Map<Reply, Object> full() {
    Map<Reply, Object> bodies = new EnumMap<>(Reply.class);
    bodies.put(Reply.PULL, recorded("PullRequest_create_review_requests", 0));
    bodies.put(Reply.PULLS, recorded("Repository_pull_requests", 1));
    bodies.put(Reply.REVIEWS, recorded("PullRequest_pull_reviews", 1));
    bodies.put(Reply.CHECK_RUNS, recorded("CheckRun_check_runs_for_ref", 3));
    bodies.put(Reply.STATUS, recorded("RepoCommit_status", 2));
    JsonArray files = (JsonArray) recorded("PullRequest_files", 1);
    // The recorded files hold no rename: the second becomes one, so that previous_filename is in the full reply.
    files.getJsonObject(1).put("status", "renamed").put("previous_filename", "tests/unit/test_release.py");
    bodies.put(Reply.FILES, files);
    JsonObject comparison = (JsonObject) recorded("Comparison_diff", 1);
    // Likewise one file of the recorded comparison becomes a rename.
    comparison.getJsonArray("files").getJsonObject(0).put("status", "renamed").put("previous_filename", "old/name.yaml");
    bodies.put(Reply.COMPARE, comparison);
    bodies.put(Reply.THREADS, new JsonObject(Fixtures.text("graphql/review_threads.json")));
    bodies.put(Reply.THREAD_COMMENTS, new JsonObject(Fixtures.text("graphql/thread_comments.json")));
    bodies.put(Reply.REPLY, new JsonObject(Fixtures.text("graphql/reply.json")));
    bodies.put(Reply.RESOLVE, new JsonObject(Fixtures.text("graphql/resolve.json")));
    return bodies;
  }

  private static Object recorded(String cassette, int index) {
    Object body = Fixtures.exchange(cassette, index).getValue("response");
    return body instanceof JsonObject o ? o.copy() : ((JsonArray) body).copy();
  }

  private static String headSha(Map<Reply, Object> ignored) {
    return ((JsonObject) full().get(Reply.PULL)).getJsonObject("head").getString("sha");
  }

  private static String baseSha() {
    return ((JsonObject) full().get(Reply.PULL)).getJsonObject("base").getString("sha");
  }

  /** The pull requests of the list whose reviews and checks {@code include_status} reads (its first three). */
  private static final int LISTED = 3;

  /** Routes every request the read tools make to {@code bodies}; the routes added last win over earlier ones. */
  private void serve(Map<Reply, Object> bodies) {
    FakeGitHub fake = gh.fake;
    String head = headSha(bodies);
    // The recorded diff of pull request #235 stands for #873's: the tools only read its files and hunks.
    String diff = Fixtures.exchange("PullRequest_diff", 1).getString("response");
    FakeGitHub.Reply diffText = FakeGitHub.Reply.of(200, MultiMap.caseInsensitiveMultiMap()
      .add("content-type", "application/vnd.github.diff; charset=utf-8"), Buffer.buffer(diff));
    fake.on("GET", REPO + "/pulls/" + NUMBER).accept("application/vnd.github+json").reply(json(bodies.get(Reply.PULL)));
    fake.on("GET", REPO + "/pulls/" + NUMBER).accept("application/vnd.github.diff").reply(diffText);
    fake.on("GET", REPO + "/compare/" + baseSha() + "..." + head).accept("application/vnd.github+json")
      .reply(json(bodies.get(Reply.COMPARE)));
    fake.on("GET", REPO + "/compare/" + baseSha() + "..." + head).accept("application/vnd.github.diff").reply(diffText);
    fake.on("GET", REPO + "/pulls/" + NUMBER + "/files?per_page=100").reply(json(bodies.get(Reply.FILES)));
    fake.on("GET", REPO + "/pulls?state=open&sort=created&direction=desc&per_page=100").reply(json(bodies.get(Reply.PULLS)));
    List<JsonObject> listed = ((JsonArray) full().get(Reply.PULLS)).stream().map(JsonObject.class::cast).limit(LISTED).toList();
    List<Integer> numbers = new ArrayList<>(List.of(NUMBER));
    List<String> shas = new ArrayList<>(List.of(head));
    listed.forEach(pull -> {
      numbers.add(pull.getInteger("number"));
      shas.add(pull.getJsonObject("head").getString("sha"));
    });
    // Recorded reviews and checks of other pull requests and commits, served for these: the summaries only read contents.
    numbers.forEach(n -> fake.on("GET", REPO + "/pulls/" + n + "/reviews?per_page=100").reply(json(bodies.get(Reply.REVIEWS))));
    shas.forEach(sha -> {
      fake.on("GET", REPO + "/commits/" + sha + "/check-runs?per_page=100").reply(json(bodies.get(Reply.CHECK_RUNS)));
      fake.on("GET", REPO + "/commits/" + sha + "/status").reply(json(bodies.get(Reply.STATUS)));
    });
    fake.on("POST", "/graphql").bodyContains("reviewThreads(").reply(json(bodies.get(Reply.THREADS)));
    fake.on("POST", "/graphql").bodyContains("on PullRequestReviewThread").reply(json(bodies.get(Reply.THREAD_COMMENTS)));
    fake.on("POST", "/graphql").bodyContains("addPullRequestReviewThreadReply").reply(json(bodies.get(Reply.REPLY)));
    fake.on("POST", "/graphql").bodyContains("resolveReviewThread(").reply(json(bodies.get(Reply.RESOLVE)));
    fake.on("POST", "/graphql").bodyContains("convertPullRequestToDraft").reply(FakeGitHub.Reply.json(200,
      "{\"data\": {\"convertPullRequestToDraft\": {\"pullRequest\": {\"number\": 873, \"isDraft\": true}}}}"));
  }

  private static FakeGitHub.Reply json(Object body) {
    return FakeGitHub.Reply.json(200, body instanceof JsonObject o ? o.encode() : ((JsonArray) body).encode());
  }

  // --- the calls ---------------------------------------------------------------------------------------------------

  private static JsonObject pr() {
    return new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py").put("pr_number", NUMBER);
  }

  private static JsonObject list(boolean withStatus) {
    return new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py").put("include_status", withStatus)
      .put("limit", LISTED);
  }

  /** A tool call and what its result must show beyond fitting the output schema. */
  private record Call(String tool, String address, JsonObject args, Consumer<JsonObject> check) {
  }

  private static Call call(String tool, String address, JsonObject args) {
    return new Call(tool, address, args, result -> { });
  }

  /** github_get_pull_request, whose reviews and checks were served and so must be there (not dropped with a warning). */
  private static Call get() {
    return new Call("github_get_pull_request", Addresses.GITHUB_PR_GET, pr(), result -> {
      assertThat(result.getValue("reviews")).as("reviews; warnings: %s", result.getJsonArray("warnings")).isNotNull();
      assertThat(result.getValue("checks")).as("checks; warnings: %s", result.getJsonArray("warnings")).isNotNull();
    });
  }

  private static Call listWithStatus() {
    return new Call("github_list_pull_requests (include_status)", Addresses.GITHUB_PR_LIST, list(true), result -> {
      for (Object pull : result.getJsonArray("pullRequests")) {
        assertThat(((JsonObject) pull).getValue("reviews")).as("reviews of %s", pull).isNotNull();
        assertThat(((JsonObject) pull).getValue("checks")).as("checks of %s", pull).isNotNull();
      }
    });
  }

  /** Serves each variant of {@code reply} (the others full) and makes every call; collects what went wrong. */
  private void eachVariant(Reply reply, Map<String, Kind> table, Call... calls) {
    for (ReplyVariants.Variant variant : ReplyVariants.of(full().get(reply), table)) {
      Map<Reply, Object> bodies = full();
      bodies.put(reply, variant.body());
      serve(bodies);
      for (Call call : calls) {
        trouble.clear();
        String where = reply + " " + variant.name() + " → " + call.tool();
        try {
          JsonObject result = Await.result(gh.call(call.address(), call.args().copy()));
          call.check().accept(result);
        } catch (ToolException e) {
          failures.add(where + ": error " + e.code() + " " + e.getMessage());
        } catch (AssertionError | RuntimeException e) {
          failures.add(where + ": " + e.getMessage());
        }
        trouble.lines().forEach(line -> failures.add(where + ": logged " + line));
      }
    }
    assertThat(failures).as("every reply the description allows gets a result").isEmpty();
  }

  // --- every endpoint, every variant, every read tool that reads it -----------------------------------------------

  @Test
  void pullRequest() {
    eachVariant(Reply.PULL, PULL,
      get(),
      call("github_get_pull_request_diff (sha)", Addresses.GITHUB_PR_DIFF, pr().put("sha", headSha(full()))),
      call("github_get_pull_request_diff (files_only, sha)", Addresses.GITHUB_PR_DIFF, pr().put("sha", headSha(full()))
        .put("files_only", true)),
      call("github_update_pull_request_state (reads it first)", Addresses.GITHUB_PR_UPDATE_STATE, pr().put("action", "convert_to_draft")));
  }

  @Test
  void pullRequestList() {
    eachVariant(Reply.PULLS, PULLS,
      call("github_list_pull_requests", Addresses.GITHUB_PR_LIST, list(false)),
      listWithStatus());
  }

  @Test
  void reviews() {
    eachVariant(Reply.REVIEWS, REVIEWS, get(), listWithStatus());
  }

  @Test
  void checkRuns() {
    eachVariant(Reply.CHECK_RUNS, CHECK_RUNS, get(), listWithStatus());
  }

  @Test
  void combinedStatus() {
    eachVariant(Reply.STATUS, STATUS, get(), listWithStatus());
  }

  @Test
  void pullRequestFiles() {
    eachVariant(Reply.FILES, FILES,
      call("github_get_pull_request_diff (files_only)", Addresses.GITHUB_PR_DIFF, pr().put("files_only", true)),
      call("github_get_pull_request_diff (file)", Addresses.GITHUB_PR_DIFF, pr().put("files_only", true)
        .put("file", "github3/repos/release.py")));
  }

  @Test
  void pullRequestFilesRebuildTheDiffGitHubRefusesAsTooLarge() {
    Call diff = new Call("github_get_pull_request_diff (406 too_large)", Addresses.GITHUB_PR_DIFF, pr(), result ->
      assertThat(result.getJsonArray("warnings").encode()).contains("rebuilt from the per-file patches"));
    for (ReplyVariants.Variant variant : ReplyVariants.of(full().get(Reply.FILES), FILES)) {
      Map<Reply, Object> bodies = full();
      bodies.put(Reply.FILES, variant.body());
      serve(bodies);
      gh.fake.on("GET", REPO + "/pulls/" + NUMBER).accept("application/vnd.github.diff")
        .reply(Fixtures.quoted("pulls_diff_406_too_many_files.json", 406));
      try {
        JsonObject result = Await.result(gh.call(diff.address(), diff.args().copy()));
        diff.check().accept(result);
      } catch (ToolException | AssertionError e) {
        failures.add(variant.name() + ": " + e.getMessage());
      }
    }
    assertThat(failures).isEmpty();
    assertThat(trouble.lines()).isEmpty();
  }

  @Test
  void comparison() {
    eachVariant(Reply.COMPARE, COMPARE,
      call("github_get_pull_request_diff (files_only, sha)", Addresses.GITHUB_PR_DIFF, pr().put("sha", headSha(full()))
        .put("files_only", true)));
  }

  @Test
  void reviewThreads() {
    eachVariant(Reply.THREADS, THREADS, call("pr_list_threads", Addresses.PR_THREADS_LIST, pr().put("forge", "github")));
  }

  @Test
  void threadCommentsReadBeforeAReply() {
    eachVariant(Reply.THREAD_COMMENTS, THREAD_COMMENTS, call("pr_reply", Addresses.PR_REPLY, reply()));
  }

  @Test
  void mutationPayloads() {
    eachVariant(Reply.REPLY, REPLY, call("pr_reply", Addresses.PR_REPLY, reply()));
    eachVariant(Reply.RESOLVE, RESOLVE, call("pr_resolve_thread", Addresses.PR_RESOLVE, pr().put("forge", "github")
      .put("thread_id", "PRRT_kwDOAAABc84AAAB1").put("resolved", true)));
  }

  private static JsonObject reply() {
    return pr().put("forge", "github").put("thread_id", "PRRT_kwDOAAABc84AAAB1").put("body", "Thanks, done.");
  }

  // --- what GitHub left unsaid is stated, not invented ---------------------------------------------------------------

  @Test
  void aGhostAuthorADeletedForkAndAComputingMergeabilityAreStated() {
    JsonObject pull = (JsonObject) full().get(Reply.PULL);
    pull.putNull("user").put("state", "open").putNull("merged_at").putNull("mergeable").getJsonObject("head").putNull("repo");
    Map<Reply, Object> bodies = full();
    bodies.put(Reply.PULL, pull);
    serve(bodies);

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_GET, pr()));

    assertThat(result.getValue("author")).isNull();
    assertThat(result.getString("mergeable")).isEqualTo("UNKNOWN");
    assertThat(result.getJsonArray("warnings").encode()).contains("author is unknown").contains("head.repo: null")
      .contains("still computing");
  }

  @Test
  void outdatedAndFileThreadsHaveNoLineAndSaySoAndGhostCommentsNoAuthor() {
    JsonObject threads = (JsonObject) full().get(Reply.THREADS);
    threads.getJsonObject("data").getJsonObject("repository").getJsonObject("pullRequest").getJsonObject("reviewThreads")
      .getJsonArray("nodes").getJsonObject(0).getJsonObject("comments").getJsonArray("nodes").getJsonObject(1).putNull("author");
    Map<Reply, Object> bodies = full();
    bodies.put(Reply.THREADS, threads);
    serve(bodies);

    JsonObject result = Await.result(gh.call(Addresses.PR_THREADS_LIST, pr().put("forge", "github")));

    JsonArray listed = result.getJsonArray("threads");
    assertThat(listed.getJsonObject(0).getInteger("line")).isEqualTo(25);
    assertThat(listed.getJsonObject(0).getString("hunk")).isEqualTo("@@ -22,6 +22,8 @@");
    assertThat(listed.getJsonObject(0).getJsonArray("comments").getJsonObject(1).getValue("author")).isNull();
    JsonObject outdated = listed.getJsonObject(1);
    assertThat(outdated.getValue("line")).isNull();
    assertThat(outdated.getInteger("original_line")).isEqualTo(30);
    assertThat(outdated.getBoolean("outdated")).isTrue();
    JsonObject onFile = listed.getJsonObject(2);
    assertThat(onFile.getString("subject")).isEqualTo("file");
    assertThat(onFile.getValue("line")).isNull();
    assertThat(result.getJsonArray("warnings").encode()).contains("1 thread(s) have no line in the current diff")
      .contains("1 comment(s) have no known author");
  }

  @Test
  void filesWithoutAPatchAreNamed() {
    JsonArray files = (JsonArray) full().get(Reply.FILES);
    files.getJsonObject(0).remove("patch");
    Map<Reply, Object> bodies = full();
    bodies.put(Reply.FILES, files);
    serve(bodies);

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr().put("files_only", true)));

    assertThat(result.getJsonArray("warnings").encode()).contains("no patch for 1 of these files")
      .contains(files.getJsonObject(0).getString("filename"));
  }

  // --- a reply that truly lacks what the call needs ------------------------------------------------------------------

  @Test
  void aPullRequestWithoutItsHeadIsAnUpstreamErrorNamingGitHubTheEndpointAndTheMember() {
    JsonObject noHead = (JsonObject) full().get(Reply.PULL);
    noHead.remove("head");
    JsonObject noSha = (JsonObject) full().get(Reply.PULL);
    noSha.getJsonObject("head").remove("sha");
    for (JsonObject pull : List.of(noHead, noSha)) {
      Map<Reply, Object> bodies = full();
      bodies.put(Reply.PULL, pull);
      serve(bodies);
      String member = pull == noHead ? "head is absent" : "head.sha is absent";
      for (Call call : List.of(get(), call("diff", Addresses.GITHUB_PR_DIFF, pr().put("sha", headSha(full()))))) {
        ToolException failure = Await.failure(gh.call(call.address(), call.args()));
        assertThat(failure.code()).as(call.tool()).isEqualTo(502);
        assertThat(failure.getMessage()).contains("GitHub's reply to GET /repos/{owner}/{repo}/pulls/{pull_number}")
          .contains(member).doesNotContainIgnoringCase("internal");
      }
    }
    assertThat(trouble.lines()).isEmpty();
  }

  @Test
  void aReviewThreadWithoutItsIdIsAnUpstreamErrorNamingTheMember() {
    JsonObject threads = (JsonObject) full().get(Reply.THREADS);
    threads.getJsonObject("data").getJsonObject("repository").getJsonObject("pullRequest").getJsonObject("reviewThreads")
      .getJsonArray("nodes").getJsonObject(1).remove("id");
    Map<Reply, Object> bodies = full();
    bodies.put(Reply.THREADS, threads);
    serve(bodies);

    ToolException failure = Await.failure(gh.call(Addresses.PR_THREADS_LIST, pr().put("forge", "github")));

    assertThat(failure.code()).isEqualTo(502);
    assertThat(failure.getMessage()).contains("GitHub's reply to POST /graphql repository.pullRequest.reviewThreads")
      .contains("reviewThreads.nodes[1].id is absent");
    assertThat(trouble.lines()).isEmpty();
  }

  @Test
  void aRepositoryGitHubDoesNotFindIsNotFound() {
    JsonObject threads = new JsonObject().put("data", new JsonObject().putNull("repository"));
    Map<Reply, Object> bodies = full();
    bodies.put(Reply.THREADS, threads);
    serve(bodies);

    ToolException failure = Await.failure(gh.call(Addresses.PR_THREADS_LIST, pr().put("forge", "github")));

    assertThat(failure.code()).isEqualTo(404);
    assertThat(trouble.lines()).isEmpty();
  }
}
