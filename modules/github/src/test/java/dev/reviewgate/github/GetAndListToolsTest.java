package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.shape.ReplyBudget;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GetAndListToolsTest extends ToolTestBase {

  private static final String G3 = "/repos/sigmavirus24/github3.py";
  private static final String HEAD_873 = "f07a252af8c1ab2e3fcdd18eb41edc63453c5798";


  private JsonObject args(int number) {
    return new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py").put("pr_number", number);
  }

  @Test
  void getSummarisesThePullRequestItsReviewsChecksLinkedIssuesAndReviewRequests() {
    gh.fake.on("GET", G3 + "/pulls/873").reply(Fixtures.github3py("PullRequest_create_review_requests", 0));
    // Recorded lists of other pull requests/commits, served for this one: the summaries only read their contents.
    gh.fake.on("GET", G3 + "/pulls/873/reviews?per_page=100").reply(Fixtures.github3py("PullRequest_pull_reviews", 1));
    gh.fake.on("GET", G3 + "/commits/" + HEAD_873 + "/check-runs?per_page=100").reply(Fixtures.github3py("CheckRun_check_runs_for_ref", 3));
    gh.fake.on("GET", G3 + "/commits/" + HEAD_873 + "/status").reply(Fixtures.github3py("RepoCommit_status", 2));

    JsonObject pr = Await.result(gh.call(Addresses.GITHUB_PR_GET, args(873)));

    assertThat(pr.getInteger("number")).isEqualTo(873);
    assertThat(pr.getString("state")).isEqualTo("merged");
    assertThat(pr.getBoolean("draft")).isFalse();
    assertThat(pr.getString("author")).isNotBlank();
    assertThat(pr.getString("head_sha")).isEqualTo(HEAD_873);
    assertThat(pr.getString("base_sha")).hasSize(40);
    assertThat(pr.getString("url")).isEqualTo("https://github.com/sigmavirus24/github3.py/pull/873");
    assertThat(pr.getString("mergeable")).isEqualTo("CONFLICTING");
    assertThat(pr.getString("mergeable_state")).isEqualTo("dirty");
    assertThat(pr.getInteger("changed_files")).isPositive();
    assertThat(pr.getString("merged_at")).isEqualTo("2018-08-01T13:18:47Z");
    assertThat(pr.getJsonArray("linkedIssues")).containsExactly(787);
    assertThat(pr.getJsonObject("reviewRequests")).isEqualTo(new JsonObject()
      .put("users", new JsonArray().add("sigmavirus24")).put("teams", new JsonArray()));
    // Five COMMENTED reviews by three people: latest per author.
    JsonObject reviews = pr.getJsonObject("reviews");
    assertThat(reviews.getInteger("total")).isEqualTo(3);
    assertThat(reviews.getInteger("pending")).isEqualTo(3);
    assertThat(reviews.getInteger("approved")).isZero();
    assertThat(reviews.getJsonArray("details").stream().map(d -> ((JsonObject) d).getString("login")))
      .containsExactlyInAnyOrder("sigmavirus24", "omgjlk", "itsmemattchung");
    // One queued check run and two successful statuses.
    assertThat(pr.getJsonObject("checks")).isEqualTo(new JsonObject()
      .put("overall", "PENDING").put("success", 2).put("failure", 0).put("pending", 1).put("total", 3));
    assertThat(pr.getJsonArray("warnings")).isEmpty();
  }

  @Test
  void getStillAnswersWhenChecksCannotBeReadAndSaysSo() {
    gh.fake.on("GET", G3 + "/pulls/873").reply(Fixtures.github3py("PullRequest_create_review_requests", 0));
    gh.fake.on("GET", G3 + "/pulls/873/reviews?per_page=100").reply(Fixtures.github3py("PullRequest_pull_reviews", 1));

    JsonObject pr = Await.result(gh.call(Addresses.GITHUB_PR_GET, args(873)));

    assertThat(pr.getValue("checks")).isNull();
    assertThat(pr.getJsonArray("warnings").encode()).contains("checks unavailable");
  }

  @Test
  void mergeableNullIsUnknownWithAHintAndIsPolledWhenAskedTo() {
    String path = "/repos/hub4j-test-org/github-api/pulls/309";
    String scenario = "GHPullRequestTest__mergeCommitSHA";
    gh.fake.on("GET", path).reply(Fixtures.hub4j(scenario, "5-r_h_g_pulls_309.json"));
    JsonObject args = new JsonObject().put("owner", "hub4j-test-org").put("repo", "github-api").put("pr_number", 309);

    JsonObject unknown = Await.result(gh.call(Addresses.GITHUB_PR_GET, args));
    assertThat(unknown.getString("mergeable")).isEqualTo("UNKNOWN");
    assertThat(unknown.getJsonArray("warnings").encode()).contains("still computing").contains("wait_for_mergeable");

    FakeGitHub.Route route = gh.fake.on("GET", path).reply(Fixtures.hub4j(scenario, "5-r_h_g_pulls_309.json"),
      Fixtures.hub4j(scenario, "6-r_h_g_pulls_309.json"), Fixtures.hub4j(scenario, "7-r_h_g_pulls_309.json"));
    JsonObject known = Await.result(gh.call(Addresses.GITHUB_PR_GET, args.copy().put("wait_for_mergeable", true)));
    assertThat(known.getString("mergeable")).isEqualTo("MERGEABLE");
    assertThat(known.getString("mergeable_state")).isEqualTo("clean");
    assertThat(route.served()).isEqualTo(3);
  }

  @Test
  void mergeablePollingIsBounded() {
    String path = "/repos/hub4j-test-org/github-api/pulls/309";
    FakeGitHub.Route route = gh.fake.on("GET", path).reply(Fixtures.hub4j("GHPullRequestTest__mergeCommitSHA", "5-r_h_g_pulls_309.json"));
    JsonObject args = new JsonObject().put("owner", "hub4j-test-org").put("repo", "github-api").put("pr_number", 309)
      .put("wait_for_mergeable", true);

    JsonObject pr = Await.result(gh.call(Addresses.GITHUB_PR_GET, args));

    assertThat(pr.getString("mergeable")).isEqualTo("UNKNOWN");
    assertThat(route.served()).isEqualTo(1 + gh.options.mergeablePollAttempts());
  }

  @Test
  void getOfAMissingPullRequestIsANotFoundNamingIt() {
    var failure = Await.failure(gh.call(Addresses.GITHUB_PR_GET, args(999999)));
    assertThat(failure.code()).isEqualTo(404);
    assertThat(failure.getMessage()).contains("sigmavirus24/github3.py#999999").contains("not found");
  }

  @Test
  void listFollowsPaginationFiltersAndSaysWhenMoreMatch() {
    String first = G3 + "/pulls?state=open&sort=created&direction=desc&per_page=100";
    String second = G3 + "/pulls?state=open&sort=created&direction=desc&per_page=100&page=2";
    gh.fake.on("GET", first).reply(Fixtures.github3py("Repository_pull_requests", 1).withHeader("link",
      "<" + gh.fake.url() + second + ">; rel=\"next\", <" + gh.fake.url() + second + ">; rel=\"last\""));
    gh.fake.on("GET", second).reply(Fixtures.github3py("Repository_pull_requests", 1).withoutHeader("link"));
    JsonObject base = new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py").put("include_status", false);

    JsonObject all = Await.result(gh.call(Addresses.GITHUB_PR_LIST, base.copy().put("limit", 15)));
    assertThat(all.getInteger("count")).isEqualTo(15);
    assertThat(gh.fake.received("GET", second)).hasSize(1);
    JsonObject firstPr = all.getJsonArray("pullRequests").getJsonObject(0);
    assertThat(firstPr.getInteger("number")).isEqualTo(1033);
    assertThat(firstPr.getString("state")).isEqualTo("open");
    assertThat(firstPr.getString("base_branch")).isEqualTo("main");
    assertThat(all.getJsonArray("warnings").encode()).contains("more pull requests match");

    JsonObject byAuthor = Await.result(gh.call(Addresses.GITHUB_PR_LIST, base.copy().put("author", "omgjlk").put("limit", 1)));
    assertThat(byAuthor.getJsonArray("pullRequests").getJsonObject(0).getInteger("number")).isEqualTo(927);
    assertThat(byAuthor.getJsonArray("pullRequests").getJsonObject(0).getBoolean("draft")).isTrue();
  }

  @Test
  void aListOverItsBudgetIsCutAtAnEntryAndTheCursorReachesEveryEntryOnce() {
    String first = G3 + "/pulls?state=open&sort=created&direction=desc&per_page=100";
    gh.fake.on("GET", first).reply(Fixtures.github3py("Repository_pull_requests", 1).withoutHeader("link"));
    JsonObject args = new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py").put("include_status", false)
      .put("limit", 15);
    List<Object> all = Await.result(gh.call(Addresses.GITHUB_PR_LIST, args)).getJsonArray("pullRequests").stream()
      .map(pr -> ((JsonObject) pr).getValue("number")).toList();
    assertThat(all).hasSizeGreaterThan(5);
    ReplyContent content = ToolCatalog.standard().require("github_list_pull_requests").replyContent();
    List<Object> read = new ArrayList<>();
    JsonObject call = args.copy().put("token_budget", 700);
    int pages = 0;
    while (call != null && pages < 50) {
      JsonObject page = Await.result(gh.call(Addresses.GITHUB_PR_LIST, call));
      pages++;
      assertThat(ReplyBudget.wireBytes(page, content)).as("page %s", pages)
        .isLessThanOrEqualTo((long) (ReplyBudget.bytesForTokens(700) * 1.1));
      assertThat(page.getInteger("count")).isEqualTo(page.getJsonArray("pullRequests").size());
      page.getJsonArray("pullRequests").forEach(pr -> read.add(((JsonObject) pr).getValue("number")));
      String cursor = page.getString("next_cursor");
      if (cursor != null) {
        assertThat(page.getJsonArray("warnings").encode()).contains("cut to fit token_budget (700 tokens)");
      }
      call = cursor == null ? null : args.copy().put("token_budget", 700).put("cursor", cursor);
    }
    assertThat(pages).isGreaterThan(1);
    assertThat(read).isEqualTo(all);
    var refused = Await.failure(gh.call(Addresses.GITHUB_PR_LIST, args.copy().put("limit", 14).put("cursor",
      Await.result(gh.call(Addresses.GITHUB_PR_LIST, args.copy().put("token_budget", 700))).getString("next_cursor"))));
    assertThat(refused.getMessage()).contains("was issued for another result");
  }

  @Test
  void listMergedAsksForClosedOnesAndKeepsOnlyMerged() {
    gh.fake.on("GET", G3 + "/pulls?state=closed&sort=created&direction=desc&per_page=100&base=main")
      .reply(Fixtures.github3py("Repository_pull_requests", 1));
    JsonObject merged = Await.result(gh.call(Addresses.GITHUB_PR_LIST, new JsonObject().put("owner", "sigmavirus24")
      .put("repo", "github3.py").put("state", "merged").put("base", "main").put("include_status", false)));
    // The recorded list holds open pull requests only: none is merged.
    assertThat(merged.getInteger("count")).isZero();
    assertThat(gh.fake.received("GET", G3 + "/pulls?state=closed")).hasSize(1);
  }

  @Test
  void listSummariesCarryCheckAndReviewState() {
    gh.fake.on("GET", G3 + "/pulls?state=open&sort=created&direction=desc&per_page=100&head=sigmavirus24%3Afeature")
      .reply(Fixtures.github3py("Repository_pull_requests", 1));
    JsonObject first = new io.vertx.core.json.JsonArray(Fixtures.github3pyBody("Repository_pull_requests", 1)).getJsonObject(0);
    String sha = first.getJsonObject("head").getString("sha");
    gh.fake.on("GET", G3 + "/pulls/1033/reviews?per_page=100").reply(Fixtures.github3py("PullRequest_pull_reviews", 1));
    gh.fake.on("GET", G3 + "/commits/" + sha + "/check-runs?per_page=100").reply(Fixtures.github3py("CheckRun_check_runs_for_ref", 3));
    gh.fake.on("GET", G3 + "/commits/" + sha + "/status").reply(Fixtures.github3py("RepoCommit_status", 2));

    JsonObject list = Await.result(gh.call(Addresses.GITHUB_PR_LIST, new JsonObject().put("owner", "sigmavirus24")
      .put("repo", "github3.py").put("head", "feature").put("limit", 1)));

    JsonObject pr = list.getJsonArray("pullRequests").getJsonObject(0);
    assertThat(pr.getJsonObject("checks").getString("overall")).isEqualTo("PENDING");
    assertThat(pr.getJsonObject("reviews").getInteger("total")).isEqualTo(3);
    assertThat(pr.getJsonObject("reviews").containsKey("details")).isFalse();
  }

  @Test
  void withoutOwnerAndRepoOrADefaultTheToolSaysHowToNameTheRepository() {
    var failure = Await.failure(gh.call(Addresses.GITHUB_PR_GET, new JsonObject().put("pr_number", 1)));
    assertThat(failure.code()).isEqualTo(400);
    assertThat(failure.getMessage()).contains("pass owner and repo");
  }
}
