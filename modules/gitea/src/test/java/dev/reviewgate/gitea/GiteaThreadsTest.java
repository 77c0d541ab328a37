package dev.reviewgate.gitea;

import static dev.reviewgate.testkit.BusCalls.comment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.ReviewScenarios;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.ThreadPaging;
import dev.reviewgate.testkit.forge.FakeGitea;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The review-thread tools with {@code forge: gitea} against {@link FakeGitea}, which (as Gitea does) takes a comment
 * on any line and makes an unknown event a PENDING review: every anchor is checked before anything is sent, verdicts
 * are Gitea's words, a review retried after a lost response is posted once, replies sit on the thread's spot, and
 * resolving is refused with nothing sent.
 */
@Timeout(120)
class GiteaThreadsTest {

  @TempDir
  static Path dir;
  private static GiteaFixture pr;
  private Vertx vertx;
  private FakeGitea gitea;
  private BusCalls threads;

  @BeforeAll
  static void repository() {
    pr = GiteaFixture.build(dir);
  }

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    gitea = new FakeGitea(vertx, pr.repo(), pr.base(), pr.target(), pr.third());
    GiteaTestBackend.deploy(vertx, gitea.url(), FakeGitea.TOKEN);
    Await.result(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(ReviewgateConfig.defaults()), ToolCatalog.standard())));
    threads = BusCalls.on(vertx).timeoutMs(60_000).with(new JsonObject().put("forge", "gitea").put("owner", FakeGitea.OWNER)
      .put("repo", FakeGitea.REPO).put("pr_number", FakeGitea.NUMBER));
  }

  @AfterEach
  void stop() throws Exception {
    Stop.all(gitea, vertx);
  }

  private JsonObject review() {
    return new JsonObject().put("commit_id", pr.third()).put("verdict", "approve").put("body", "Nearly there.")
      .put("comments", new JsonArray()
        .add(comment("src/app.c", 5, "new", "Why long?"))
        .add(comment("src/app.c", 5, "old", "The old sum overflowed."))
        .add(comment("gone.txt", 1, "old", "Still needed?")));
  }

  @Test
  void aReviewArrivesWholeWithGiteasVerdictAndLinePositions() {
    JsonObject posted = threads.call("reviewgate.pr.review", review());
    assertThat(posted.getBoolean("posted")).isTrue();
    assertThat(gitea.reviewRequests).hasSize(1);
    JsonObject sent = gitea.reviewRequests.get(0);
    // APPROVED, never GitHub's APPROVE (which Gitea would keep as a PENDING review)
    assertThat(sent.getString("event")).isEqualTo("APPROVED");
    assertThat(gitea.reviews.get(0).getString("state")).isEqualTo("APPROVED");
    assertThat(sent.getString("commit_id")).isEqualTo(pr.third());
    JsonArray comments = sent.getJsonArray("comments");
    assertThat(comments.getJsonObject(0).getInteger("new_position")).isEqualTo(5);
    assertThat(comments.getJsonObject(0).getInteger("old_position")).isZero();
    assertThat(comments.getJsonObject(1).getInteger("new_position")).isZero();
    assertThat(comments.getJsonObject(1).getInteger("old_position")).isEqualTo(5);
    assertThat(comments.getJsonObject(2).getString("path")).isEqualTo("gone.txt");

    threads.call("reviewgate.pr.review", review().put("verdict", "request_changes").put("body", "Not yet."));
    assertThat(gitea.reviewRequests.get(1).getString("event")).isEqualTo("REQUEST_CHANGES");
    threads.call("reviewgate.pr.review", review().put("verdict", "comment").put("body", "A note."));
    assertThat(gitea.reviewRequests.get(2).getString("event")).isEqualTo("COMMENT");
    assertThat(gitea.reviews).noneMatch(r -> r.getString("state").equals("PENDING"));
  }

  @Test
  void anchorsOutsideTheDiffAreRefusedWithNothingSent() {
    assertThatThrownBy(() -> threads.call("reviewgate.pr.review", ReviewScenarios.anchorsOutsideTheDiff(review(), 5)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(400);
        assertThat(e.getMessage()).contains(ReviewScenarios.OUTSIDE_THE_DIFF_REFUSAL).contains("nothing was posted");
      });
    // a line inside app.c but outside its hunks: Gitea would take it silently, where nobody sees it
    assertThatThrownBy(() -> threads.call("reviewgate.pr.review", review().put("comments", new JsonArray()
      .add(comment("big.txt", 20, "new", "far from the change")))))
      .hasMessageContaining("big.txt line 20 (new side)").hasMessageContaining("197-203");
    assertThatThrownBy(() -> threads.call("reviewgate.pr.review", review().put("comments", new JsonArray()
      .add(new JsonObject().put("path", "src/app.c").put("body", "on the whole file")))))
      .hasMessageContaining("Gitea anchors review comments on a line");
    assertThat(gitea.reviewRequests).isEmpty();
    assertThat(gitea.received("POST", "/")).isEmpty();
  }

  @Test
  void aReviewRetriedAfterALostResponseIsPostedOnce() {
    gitea.loseResponses(1);
    ReviewScenarios.LostResponseRetry<Integer> retry = ReviewScenarios.reviewAfterALostResponse(threads, review(),
      () -> gitea.reviews.size());
    assertThat(retry.heldAfterLoss()).isEqualTo(1);
    assertThat(retry.retried().getBoolean("already_posted")).isTrue();
    assertThat(retry.heldAfterRetry()).isEqualTo(1);
    assertThat(retry.again().getBoolean("already_posted")).isTrue();
    assertThat(retry.heldAfterAgain()).isEqualTo(1);
    assertThat(gitea.reviewRequests).hasSize(1);
  }

  @Test
  void aMovedHeadIsRefusedUnlessAllowed() {
    gitea.push(pr.third());
    assertThatThrownBy(() -> threads.call("reviewgate.pr.review", review().put("commit_id", pr.second())))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(409));
    assertThat(gitea.reviewRequests).isEmpty();
  }

  @Test
  void threadsAreListedWithPathLineSideAndStateAndRepliesSitOnTheSameSpot() {
    long one = gitea.nextId();
    long two = gitea.nextId();
    long three = gitea.nextId();
    gitea.seedReview("REQUEST_CHANGES", "Two things.", new JsonArray()
      .add(gitea.commentJson(one, 0, "src/app.c", 5, 0, "Why long?", FakeGitea.user("mreyes", "Mia Reyes"), null))
      .add(gitea.commentJson(two, 0, "new/name.txt", 0, 3, "Was three.", FakeGitea.user("mreyes", "Mia Reyes"),
        FakeGitea.user("jhartnett", "Jamal Hartnett"))));
    gitea.seedReview("COMMENT", "", new JsonArray()
      .add(gitea.commentJson(three, 0, "src/app.c", 5, 0, "Agreed.", FakeGitea.user("jhartnett", "Jamal Hartnett"), null)));
    JsonObject listed = threads.call("reviewgate.pr.threads.list", new JsonObject());
    assertThat(listed.getInteger("total")).isEqualTo(3);
    JsonObject summary = listed.getJsonArray("threads").getJsonObject(0);
    assertThat(summary.getString("status")).isEqualTo("unresolvable");
    JsonObject onApp = listed.getJsonArray("threads").getJsonObject(1);
    assertThat(onApp.getString("id")).isEqualTo(Long.toString(one));
    assertThat(onApp.getString("path")).isEqualTo("src/app.c");
    assertThat(onApp.getString("side")).isEqualTo("new");
    assertThat(onApp.getInteger("line")).isEqualTo(5);
    assertThat(onApp.getString("status")).isEqualTo("unresolved");
    assertThat(onApp.getJsonArray("comments")).hasSize(2);
    assertThat(onApp.getString("hunk")).isEqualTo(ReviewScenarios.firstHunkHeader(pr.repo(), pr.base(), pr.third(), "src/app.c"));
    JsonObject renamed = listed.getJsonArray("threads").getJsonObject(2);
    assertThat(renamed.getString("side")).isEqualTo("old");
    assertThat(renamed.getInteger("line")).isEqualTo(3);
    assertThat(renamed.getString("status")).isEqualTo("resolved");
    assertThat(threads.call("reviewgate.pr.threads.list", new JsonObject().put("unresolved_only", true)).getInteger("total"))
      .isEqualTo(1);

    JsonObject reply = new JsonObject().put("thread_id", Long.toString(two)).put("body", "Renamed it.");
    JsonObject replied = threads.call("reviewgate.pr.reply", reply);
    assertThat(replied.getBoolean("posted")).isTrue();
    assertThat(replied.getString("comment_id")).isEqualTo(gitea.reviews.get(2).getJsonArray("comments").getJsonObject(0)
      .getLong("id").toString());
    JsonObject sent = gitea.reviewRequests.get(0);
    assertThat(sent.getString("event")).isEqualTo("COMMENT");
    JsonObject spot = sent.getJsonArray("comments").getJsonObject(0);
    assertThat(spot.getString("path")).isEqualTo("new/name.txt");
    assertThat(spot.getInteger("old_position")).isEqualTo(3);
    assertThat(spot.getInteger("new_position")).isZero();
    assertThat(threads.call("reviewgate.pr.reply", reply).getBoolean("already_posted")).isTrue();
    assertThat(gitea.reviewRequests).hasSize(1);
    JsonObject after = threads.call("reviewgate.pr.threads.list", new JsonObject().put("path", "new/name.txt"));
    assertThat(after.getJsonArray("threads").getJsonObject(0).getJsonArray("comments").stream()
      .map(c -> ((JsonObject) c).getString("body"))).anyMatch(b -> b.startsWith("Renamed it.")).hasSize(2);
  }

  @Test
  void resolvingIsRefusedPlainlyWithNothingSent() {
    int before = gitea.requests();
    assertThatThrownBy(() -> threads.call("reviewgate.pr.resolve", new JsonObject().put("thread_id", "501").put("resolved", true)))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(400);
        assertThat(e.getMessage()).contains("Gitea's and Forgejo's API cannot resolve a conversation", "Nothing was sent");
      });
    assertThat(gitea.requests()).isEqualTo(before);
  }

  @Test
  void writesWithoutATokenFailAtOnceNamingTheVariable() {
    Vertx other = Vertx.vertx();
    try {
      GiteaTestBackend.deploy(other, gitea.url(), null);
      Await.result(other.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(ReviewgateConfig.defaults()), ToolCatalog.standard())));
      BusCalls tokenless = BusCalls.on(other).with(new JsonObject().put("forge", "gitea").put("owner", FakeGitea.OWNER)
        .put("repo", FakeGitea.REPO).put("pr_number", FakeGitea.NUMBER));
      int before = gitea.requests();
      for (String tool : List.of("reviewgate.pr.review", "reviewgate.pr.reply")) {
        JsonObject args = tool.endsWith("review") ? review() : new JsonObject().put("thread_id", "501").put("body", "x");
        assertThatThrownBy(() -> tokenless.call(tool, args)).hasMessageContaining("GITEA_TOKEN").hasMessageContaining("nothing was sent");
      }
      assertThat(gitea.requests()).isEqualTo(before);
    } finally {
      Await.result(other.close());
    }
  }

  @Test
  void aListingOfManyAndHugeCommentsFitsItsBudgetAndItsPagesReachEveryCommentOnce() {
    ThreadPaging.check(threads, bodies -> new JsonObject().put("commit_id", pr.third()).put("verdict", "comment")
      .put("comments", new JsonArray(bodies.stream().map(b -> comment("src/app.c", 5, "new", b)).toList())));
  }
}
