package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.ThreadPaging;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review threads against the fake GitHub (real HTTP on loopback): the reviewed commit's diff comes from a real
 * repository's {@code git diff}; GitHub's REST and GraphQL answers follow the documented shapes.
 */
class ReviewThreadsTest extends ToolTestBase {

  private static final String REPO = "/repos/octo/shop";

  @TempDir
  Path dir;
  private String base;
  private String head;
  private FakeGitHub.Route reviews;

  @BeforeEach
  void pullRequest() {
    TempGitRepo repo = new TempGitRepo(dir);
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 40; i++) {
      text.append("line ").append(i).append('\n');
    }
    repo.write("src/app.txt", text.toString()).write("README.md", "# shop\n");
    base = repo.commit("base");
    repo.write("src/app.txt", text.toString().replace("line 10\n", "line ten\n").replace("line 30\n", ""));
    head = repo.commit("change");
    String diff = repo.git("diff", base, head);
    gh.fake.on("GET", REPO + "/pulls/5").accept("application/vnd.github.diff")
      .reply(FakeGitHub.Reply.of(200, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/vnd.github.diff"),
        Buffer.buffer(diff)));
    // The fake answers a request with the route added last that matches, so the JSON route names its Accept.
    gh.fake.on("GET", REPO + "/pulls/5").accept("application/vnd.github+json").reply(FakeGitHub.Reply.json(200, new JsonObject().put("number", 5).put("state", "open")
      .put("head", new JsonObject().put("sha", head)).put("base", new JsonObject().put("sha", base)).encode()));
    gh.fake.on("GET", REPO + "/compare/" + base + "..." + head).accept("application/vnd.github.diff")
      .reply(FakeGitHub.Reply.of(200, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/vnd.github.diff"),
        Buffer.buffer(diff)));
    reviews = gh.fake.on("GET", REPO + "/pulls/5/reviews?per_page=100").reply(FakeGitHub.Reply.json(200, "[]"));
  }

  private JsonObject args() {
    return new JsonObject().put("forge", "github").put("owner", "octo").put("repo", "shop").put("pr_number", 5);
  }

  private static JsonObject comment(String path, Integer line, String side, String body) {
    JsonObject c = new JsonObject().put("path", path).put("body", body);
    if (line != null) {
      c.put("line", line).put("side", side);
    }
    return c;
  }

  private List<FakeGitHub.Received> posts() {
    return gh.fake.received("POST", REPO + "/pulls/5/");
  }

  @Test
  void anchorsOnAddedRemovedAndContextLinesRangesAndFilesArePostedInOneReview() {
    FakeGitHub.Route post = gh.fake.on("POST", REPO + "/pulls/5/reviews").reply(FakeGitHub.Reply.json(200,
      "{\"id\": 80, \"html_url\": \"https://github.com/octo/shop/pull/5#pullrequestreview-80\", \"state\": \"COMMENTED\"}"));
    gh.fake.on("POST", REPO + "/pulls/5/comments").reply(FakeGitHub.Reply.json(201, "{\"id\": 81}"));
    JsonObject result = Await.result(gh.call(Addresses.PR_REVIEW, args().put("commit_id", head).put("verdict", "request_changes")
      .put("body", "Two things.").put("comments", new JsonArray()
        .add(comment("src/app.txt", 10, "new", "Why a word here?"))
        .add(comment("src/app.txt", 30, "old", "This line should stay."))
        .add(comment("src/app.txt", 12, "new", "context is fine"))
        .add(comment("src/app.txt", 11, "new", "a range").put("start_line", 8))
        .add(comment("src/app.txt", null, null, "the whole file")))));
    assertThat(result.getBoolean("posted")).isTrue();
    assertThat(result.getValue("review_id")).isEqualTo(80L);
    assertThat(post.served()).isEqualTo(1);
    JsonObject sent = new JsonObject(gh.fake.received("POST", REPO + "/pulls/5/reviews").get(0).body());
    assertThat(sent.getString("commit_id")).isEqualTo(head);
    assertThat(sent.getString("event")).isEqualTo("REQUEST_CHANGES");
    assertThat(sent.getString("body")).startsWith("Two things.\n\n<!-- reviewgate:");
    JsonArray comments = sent.getJsonArray("comments");
    assertThat(comments).hasSize(4);
    assertThat(comments.getJsonObject(0).getString("side")).isEqualTo("RIGHT");
    assertThat(comments.getJsonObject(1).getString("side")).isEqualTo("LEFT");
    assertThat(comments.getJsonObject(3).getInteger("start_line")).isEqualTo(8);
    JsonObject file = new JsonObject(gh.fake.received("POST", REPO + "/pulls/5/comments").get(0).body());
    assertThat(file.getString("subject_type")).isEqualTo("file");
    assertThat(file.getString("path")).isEqualTo("src/app.txt");
  }

  @Test
  void oneAnchorOutsideTheDiffRefusesTheWholeReviewAndNothingIsSent() {
    ToolException refused = Await.failure(gh.call(Addresses.PR_REVIEW, args().put("commit_id", head).put("comments", new JsonArray()
      .add(comment("src/app.txt", 10, "new", "fine"))
      .add(comment("src/app.txt", 20, "new", "outside every hunk"))
      .add(comment("README.md", 1, "new", "not changed"))
      .add(comment("src/app.txt", 35, "new", "spans two hunks").put("start_line", 12)))));
    assertThat(refused.code()).isEqualTo(400);
    assertThat(refused.getMessage())
      .contains("3 of its 4 comment(s)")
      .contains("comment 2 (src/app.txt line 20 (new side))").contains("nearest commentable lines on the new side are 7-13 and 27-32")
      .contains("this pull request does not change README.md; it changes src/app.txt")
      .contains("comment 4 (src/app.txt lines 12-35 (new side))")
      .contains("nothing was posted");
    assertThat(posts()).isEmpty();
  }

  @Test
  void aMovedHeadIsRefusedUnlessAllowed() {
    ToolException moved = Await.failure(gh.call(Addresses.PR_REVIEW, args().put("commit_id", base)
      .put("comments", new JsonArray().add(comment("src/app.txt", 10, "new", "x")))));
    assertThat(moved.code()).isEqualTo(409);
    assertThat(moved.getMessage()).contains("head moved from " + base).contains("allow_moved_head").contains("since_sha");
    assertThat(posts()).isEmpty();
  }

  @Test
  void aReviewRetriedAfterALostResponseIsPostedOnce() {
    FakeGitHub.Route post = gh.fake.on("POST", REPO + "/pulls/5/reviews").reply(FakeGitHub.Reply.hangUp());
    JsonObject review = args().put("commit_id", head).put("body", "LGTM").put("verdict", "approve");
    ToolException lost = Await.failure(gh.call(Addresses.PR_REVIEW, review.copy()));
    assertThat(lost.getMessage()).contains("may or may not have been applied");
    // GitHub had accepted it: the review is there, with the marker the first attempt sent.
    String sentBody = new JsonObject(gh.fake.received("POST", REPO + "/pulls/5/reviews").get(0).body()).getString("body");
    reviews.reply(FakeGitHub.Reply.json(200,
      new JsonArray().add(new JsonObject().put("id", 90).put("body", sentBody).put("html_url", "https://github.com/x")).encode()));
    JsonObject again = Await.result(gh.call(Addresses.PR_REVIEW, review.copy()));
    assertThat(again.getBoolean("already_posted")).as(again.encode()).isTrue();
    assertThat(again.getValue("review_id")).isEqualTo(90L);
    assertThat(post.served()).isEqualTo(1);
  }

  @Test
  void aForgeRefusalIsAClearError() {
    gh.fake.on("POST", REPO + "/pulls/5/reviews").reply(FakeGitHub.Reply.json(422,
      "{\"message\": \"Unprocessable Entity\", \"errors\": [\"Pull request review thread line must be part of the diff\"]}"));
    ToolException refused = Await.failure(gh.call(Addresses.PR_REVIEW, args().put("commit_id", head)
      .put("comments", new JsonArray().add(comment("src/app.txt", 10, "new", "x")))));
    assertThat(refused.code()).isEqualTo(400);
    assertThat(refused.getMessage()).contains("HTTP 422").contains("must be part of the diff");
  }

  @Test
  void threadsAreListedWithStatusAndRepliedToAndResolved() {
    JsonObject threads = new JsonObject().put("data", new JsonObject().put("repository", new JsonObject().put("pullRequest",
      new JsonObject().put("reviewThreads", new JsonObject().put("pageInfo", new JsonObject().put("hasNextPage", false))
        .put("nodes", new JsonArray()
          .add(thread("PRRT_1", false, false, "src/app.txt", 10, "RIGHT", "Why a word here?"))
          .add(thread("PRRT_2", true, true, "src/app.txt", 30, "LEFT", "Keep it")))))));
    gh.fake.on("POST", "/graphql").bodyContains("reviewThreads").reply(FakeGitHub.Reply.json(200, threads.encode()));
    JsonObject all = Await.result(gh.call(Addresses.PR_THREADS_LIST, args()));
    assertThat(all.getInteger("total")).isEqualTo(2);
    JsonObject second = all.getJsonArray("threads").getJsonObject(1);
    assertThat(second.getString("status")).isEqualTo("resolved");
    assertThat(second.getString("side")).isEqualTo("old");
    assertThat(second.getBoolean("outdated")).isTrue();
    assertThat(second.getString("hunk")).isEqualTo("@@ -27,7 +27,6 @@");
    assertThat(all.getJsonArray("threads").getJsonObject(0).getString("hunk")).isEqualTo("@@ -7,7 +7,7 @@");
    JsonObject open = Await.result(gh.call(Addresses.PR_THREADS_LIST, args().put("unresolved_only", true)));
    assertThat(open.getJsonArray("threads").stream().map(t -> ((JsonObject) t).getString("id"))).containsExactly("PRRT_1");

    gh.fake.on("POST", "/graphql").bodyContains("PullRequestReviewThread {").reply(FakeGitHub.Reply.json(200,
      "{\"data\": {\"node\": {\"id\": \"PRRT_1\", \"comments\": {\"nodes\": []}}}}"));
    gh.fake.on("POST", "/graphql").bodyContains("addPullRequestReviewThreadReply").reply(FakeGitHub.Reply.json(200,
      "{\"data\": {\"addPullRequestReviewThreadReply\": {\"comment\": {\"id\": \"PRRC_9\"}}}}"));
    JsonObject reply = Await.result(gh.call(Addresses.PR_REPLY, args().put("thread_id", "PRRT_1").put("body", "Done.")));
    assertThat(reply.getString("comment_id")).isEqualTo("PRRC_9");
    gh.fake.on("POST", "/graphql").bodyContains("resolveReviewThread").reply(FakeGitHub.Reply.json(200,
      "{\"data\": {\"resolveReviewThread\": {\"thread\": {\"id\": \"PRRT_1\", \"isResolved\": true}}}}"));
    JsonObject resolved = Await.result(gh.call(Addresses.PR_RESOLVE, args().put("thread_id", "PRRT_1").put("resolved", true)));
    assertThat(resolved.getString("status")).isEqualTo("resolved");
  }

  @Test
  void eachCommentIsTrustedOnlyWhenGitHubSaysItsAuthorMayPush() {
    JsonArray comments = new JsonArray();
    String[] associations = {"OWNER", "MEMBER", "COLLABORATOR", "CONTRIBUTOR", "FIRST_TIME_CONTRIBUTOR", "NONE", "MANNEQUIN", null};
    for (int i = 0; i < associations.length; i++) {
      comments.add(new JsonObject().put("id", "c" + i).put("author", new JsonObject().put("login", "user" + i))
        .put("authorAssociation", associations[i]).put("body", "comment " + i).put("createdAt", "2026-11-20T10:00:00Z"));
    }
    // A deleted account: GitHub sends author null; whatever the association says, nobody vouches for the text.
    comments.add(new JsonObject().put("id", "ghost").putNull("author").put("authorAssociation", "OWNER").put("body", "gone"));
    JsonObject node = thread("PRRT_1", false, false, "src/app.txt", 10, "RIGHT", "x").put("comments", new JsonObject().put("nodes", comments));
    gh.fake.on("POST", "/graphql").bodyContains("reviewThreads").reply(FakeGitHub.Reply.json(200, new JsonObject().put("data",
      new JsonObject().put("repository", new JsonObject().put("pullRequest", new JsonObject().put("reviewThreads", new JsonObject()
        .put("pageInfo", new JsonObject().put("hasNextPage", false)).put("nodes", new JsonArray().add(node)))))).encode()));

    JsonArray listed = Await.result(gh.call(Addresses.PR_THREADS_LIST, args())).getJsonArray("threads").getJsonObject(0)
      .getJsonArray("comments");

    assertThat(listed.stream().map(c -> ((JsonObject) c).getString("author") + ":" + ((JsonObject) c).getString("trust")))
      .containsExactly("user0:trusted", "user1:trusted", "user2:trusted", "user3:untrusted", "user4:untrusted", "user5:untrusted",
        "user6:untrusted", "user7:untrusted", "null:untrusted");
    assertThat(gh.fake.received("POST", "/graphql").get(0).body().toString()).contains("authorAssociation");
  }

  private static JsonObject thread(String id, boolean resolved, boolean outdated, String path, int line, String side, String body) {
    return new JsonObject().put("id", id).put("isResolved", resolved).put("isOutdated", outdated).put("path", path).put("line", line)
      .put("diffSide", side).put("comments", new JsonObject().put("nodes", new JsonArray().add(new JsonObject().put("id", id + "_c")
        .put("author", new JsonObject().put("login", "mona")).put("body", body).put("createdAt", "2026-11-20T10:00:00Z"))));
  }

  /** Threads of four comments each, GitHub's GraphQL answering every thread seeded so far. */
  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aListingOfManyAndHugeCommentsFitsItsBudgetAndItsPagesReachEveryCommentOnce() {
    JsonArray nodes = new JsonArray();
    ThreadPaging.checkSeeded(BusCalls.on(gh.vertx).timeoutMs(60_000).with(args()), bodies -> {
      for (int t = 0; t < bodies.size(); t += 4) {
        JsonObject thread = thread("PRRT_" + nodes.size(), false, false, "src/app.txt", 10, "RIGHT", "x");
        JsonArray comments = new JsonArray();
        for (int c = t; c < Math.min(t + 4, bodies.size()); c++) {
          comments.add(new JsonObject().put("id", "PRRC_" + nodes.size() + "_" + c).put("author", new JsonObject()
            .put("login", "stranger")).put("authorAssociation", "NONE").put("body", bodies.get(c))
            .put("createdAt", "2026-11-20T10:00:00Z"));
        }
        nodes.add(thread.put("comments", new JsonObject().put("nodes", comments)));
      }
      gh.fake.on("POST", "/graphql").bodyContains("reviewThreads").reply(FakeGitHub.Reply.json(200, new JsonObject()
        .put("data", new JsonObject().put("repository", new JsonObject().put("pullRequest", new JsonObject()
          .put("reviewThreads", new JsonObject().put("pageInfo", new JsonObject().put("hasNextPage", false))
            .put("nodes", nodes.copy()))))).encode()));
    });
  }
}
