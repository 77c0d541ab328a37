package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** github_update_pull_request_state against recorded GraphQL, review-request and merge answers. */
class StateToolTest extends ToolTestBase {

  private static final String HUB = "/repos/hub4j-test-org/github-api";
  private static final String READY = "GHPullRequestTest__markReadyForReview";
  private static final String MERGEABLE = "GHPullRequestTest__mergeCommitSHA";
  private static final String HEAD_309 = "b036909fcf45565c82c888ee326ebd0e382f6173";


  private static JsonObject args(int number, String action) {
    return new JsonObject().put("owner", "hub4j-test-org").put("repo", "github-api").put("pr_number", number).put("action", action);
  }

  @Test
  void readyForReviewUsesTheGraphQlMutationWithThePullRequestsNodeId() {
    gh.fake.on("GET", HUB + "/pulls/486").reply(Fixtures.hub4jFile(READY, "4-r_h_g_pulls.json", 200));
    gh.fake.on("POST", "/graphql").bodyContains("markPullRequestReadyForReview").reply(Fixtures.hub4j(READY, "5-graphql.json"));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(486, "ready_for_review")));

    assertThat(result.getString("result")).contains("hub4j-test-org/github-api#486").contains("ready for review");
    assertThat(result.getBoolean("draft")).isFalse();
    FakeGitHub.Received mutation = gh.fake.received("POST", "/graphql").get(0);
    assertThat(new JsonObject(mutation.body()).getJsonObject("variables").getString("id")).isEqualTo("PR_kwDODFTdCc6_MbEN");
    assertThat(mutation.headers().get("Authorization")).isEqualTo("Bearer " + GitHubHarness.TOKEN);
  }

  @Test
  void convertToDraftOfAReadyPullRequestCallsConvertPullRequestToDraft() {
    gh.fake.on("GET", HUB + "/pulls/486").reply(Fixtures.hub4jFile(READY, "6-r_h_g_pulls_486.json", 200));
    // No recording of this mutation exists; the answer follows the documented payload shape of the recorded sibling.
    gh.fake.on("POST", "/graphql").bodyContains("convertPullRequestToDraft").reply(FakeGitHub.Reply.json(200,
      "{\"data\":{\"convertPullRequestToDraft\":{\"pullRequest\":{\"number\":486,\"isDraft\":true}}}}"));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(486, "convert_to_draft")));

    assertThat(result.getBoolean("draft")).isTrue();
    assertThat(result.getString("result")).contains("now a draft");
  }

  @Test
  void aPullRequestAlreadyInTheWantedStateIsLeftAlone() {
    gh.fake.on("GET", HUB + "/pulls/486").reply(Fixtures.hub4jFile(READY, "4-r_h_g_pulls.json", 200));
    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(486, "convert_to_draft")));
    assertThat(result.getString("result")).contains("already a draft");
    assertThat(gh.fake.received("POST", "/graphql")).isEmpty();
  }

  @Test
  void graphQlErrorsWithHttp200AreFailuresCarryingGitHubsMessage() {
    gh.fake.on("GET", HUB + "/pulls/486").reply(Fixtures.hub4jFile(READY, "6-r_h_g_pulls_486.json", 200));
    gh.fake.on("POST", "/graphql").reply(Fixtures.hub4j("GHPullRequestTest__enablePullRequestAutoMergeFailure", "5-graphql.json"));

    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(486, "convert_to_draft")));

    assertThat(failure.code()).isEqualTo(409);
    assertThat(failure.getMessage()).contains("does not have a verified email");
  }

  @Test
  void requestReviewersSendsUsersAndTeamsAndReportsWhoIsNowRequested() {
    gh.fake.on("POST", "/repos/sigmavirus24/github3.py/pulls/873/requested_reviewers")
      .reply(Fixtures.github3py("PullRequest_create_review_requests", 1));
    gh.fake.on("POST", HUB + "/pulls/449/requested_reviewers")
      .reply(Fixtures.hub4j("GHPullRequestTest__testPullRequestTeamReviewRequests", "5-r_h_g_pulls_449_requested_reviewers.json"));

    JsonObject users = Await.result(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, new JsonObject().put("owner", "sigmavirus24")
      .put("repo", "github3.py").put("pr_number", 873).put("action", "request_reviewers").put("reviewers", new JsonArray().add("sigmavirus24"))));
    assertThat(users.getJsonObject("reviewRequests").getJsonArray("users")).containsExactly("sigmavirus24");
    assertThat(new JsonObject(gh.fake.received("POST", "/repos/sigmavirus24").get(0).body()))
      .isEqualTo(new JsonObject().put("reviewers", new JsonArray().add("sigmavirus24")));

    JsonObject teams = Await.result(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(449, "request_reviewers")
      .put("team_reviewers", new JsonArray().add("dummy-team"))));
    assertThat(teams.getJsonObject("reviewRequests").getJsonArray("teams")).containsExactly("dummy-team");
    assertThat(teams.getString("result")).contains("team dummy-team");
  }

  @Test
  void requestReviewersWithNobodyIsRefusedBeforeAnyRequest() {
    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(449, "request_reviewers")
      .put("reviewers", new JsonArray())));
    assertThat(failure.code()).isEqualTo(400);
    assertThat(failure.getMessage()).contains("at least one reviewer");
    assertThat(gh.fake.received()).isEmpty();
  }

  @Test
  void mergeWaitsForMergeabilityThenSquashMergesWithTheExpectedHead() {
    gh.fake.on("GET", HUB + "/pulls/309").reply(Fixtures.hub4j(MERGEABLE, "5-r_h_g_pulls_309.json"),
      Fixtures.hub4j(MERGEABLE, "6-r_h_g_pulls_309.json"), Fixtures.hub4j(MERGEABLE, "7-r_h_g_pulls_309.json"));
    gh.fake.on("PUT", HUB + "/pulls/309/merge").reply(Fixtures.hub4j("GHPullRequestTest__squashMerge", "11-r_h_g_pulls_267_merge.json"));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge").put("sha", HEAD_309)));

    assertThat(result.getBoolean("merged")).isTrue();
    assertThat(result.getString("sha")).isEqualTo("ecec449372b1e8270524a35c1a5aa8fdaf0e6676");
    assertThat(result.getString("result")).contains("merged with squash");
    assertThat(new JsonObject(gh.fake.received("PUT", HUB + "/pulls/309/merge").get(0).body()))
      .isEqualTo(new JsonObject().put("merge_method", "squash").put("sha", HEAD_309));
  }

  @Test
  void mergeMethodIsPassedThrough() {
    gh.fake.on("GET", HUB + "/pulls/309").reply(Fixtures.hub4j(MERGEABLE, "7-r_h_g_pulls_309.json"));
    gh.fake.on("PUT", HUB + "/pulls/309/merge").reply(Fixtures.openapi("pulls__merge", "200"));
    Await.result(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge").put("merge_method", "rebase").put("commit_title", "t")));
    assertThat(new JsonObject(gh.fake.received("PUT", HUB + "/pulls/309/merge").get(0).body()))
      .isEqualTo(new JsonObject().put("merge_method", "rebase").put("commit_title", "t"));
  }

  @Test
  void aConflictingPullRequestIsRefusedWithUpdateTheBranchFirst() {
    // The recorded open pull request, with mergeable set to false: GitHub's value for a branch with conflicts.
    JsonObject conflicting = new JsonObject(Fixtures.hub4j(MERGEABLE, "7-r_h_g_pulls_309.json").body())
      .put("mergeable", false).put("mergeable_state", "dirty");
    gh.fake.on("GET", HUB + "/pulls/309").reply(FakeGitHub.Reply.json(200, conflicting.encode()));

    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge")));

    assertThat(failure.code()).isEqualTo(409);
    assertThat(failure.getMessage()).contains("update the branch first");
    assertThat(gh.fake.received("PUT", HUB)).isEmpty();
  }

  @Test
  void aMovedHeadIsRefusedBeforeMerging() {
    gh.fake.on("GET", HUB + "/pulls/309").reply(Fixtures.hub4j(MERGEABLE, "7-r_h_g_pulls_309.json"));
    String reviewed = "1111111111111111111111111111111111111111";
    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge").put("sha", reviewed)));
    assertThat(failure.code()).isEqualTo(409);
    assertThat(failure.getMessage()).contains("head changed since " + reviewed).contains(HEAD_309);
    assertThat(gh.fake.received("PUT", HUB)).isEmpty();
  }

  @Test
  void github405And409And422MergeAnswersBecomeActionableFailures() {
    gh.fake.on("GET", HUB + "/pulls/309").reply(Fixtures.hub4j(MERGEABLE, "7-r_h_g_pulls_309.json"));
    FakeGitHub.Route merge = gh.fake.on("PUT", HUB + "/pulls/309/merge");

    merge.reply(Fixtures.openapi("pulls__merge", "405"));
    ToolException notMergeable = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge")));
    assertThat(notMergeable.code()).isEqualTo(409);
    assertThat(notMergeable.getMessage()).startsWith("not mergeable: Pull Request is not mergeable");

    gh.fake.on("PUT", HUB + "/pulls/309/merge").reply(Fixtures.openapi("pulls__merge", "409"));
    ToolException moved = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge").put("sha", HEAD_309)));
    assertThat(moved.code()).isEqualTo(409);
    assertThat(moved.getMessage()).contains("head changed since " + HEAD_309).contains("Head branch was modified");

    gh.fake.on("PUT", HUB + "/pulls/309/merge")
      .reply(Fixtures.hub4j("GHPullRequestTest__updateOutdatedBranchesUnexpectedHead", "8-r_h_u_pulls_9_update-branch.json"));
    ToolException invalid = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge")));
    assertThat(invalid.code()).isEqualTo(400);
    assertThat(invalid.getMessage()).contains("HTTP 422").contains("expected head sha didn’t match current head ref.");
    // Each refusal was final: none of them retried.
    assertThat(gh.fake.received("PUT", HUB + "/pulls/309/merge")).hasSize(3);
  }

  @Test
  void withoutATokenWritesAreRefusedClearlyAndNothingIsSent(Vertx vertx) {
    restart(vertx, new JsonObject(), false);

    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, args(309, "merge")));

    assertThat(failure.code()).isEqualTo(403);
    assertThat(failure.getMessage()).contains("needs a token").contains("GITHUB_TOKEN");
    assertThat(gh.fake.received()).isEmpty();
  }

  @Test
  void withoutATokenReadsStillWorkAnonymously(Vertx vertx) {
    restart(vertx, new JsonObject(), false);
    gh.fake.on("GET", HUB + "/pulls/309").reply(Fixtures.hub4j(MERGEABLE, "7-r_h_g_pulls_309.json"));

    JsonObject pr = Await.result(gh.call(Addresses.GITHUB_PR_GET, new JsonObject().put("owner", "hub4j-test-org")
      .put("repo", "github-api").put("pr_number", 309)));

    assertThat(pr.getString("mergeable")).isEqualTo("MERGEABLE");
    assertThat(gh.fake.received()).allSatisfy(r -> assertThat(r.headers().contains("Authorization")).isFalse());
  }
}
