package dev.reviewgate.gitlab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static dev.reviewgate.testkit.BusCalls.comment;

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
import dev.reviewgate.testkit.forge.GitLabDouble;
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
 * Discussions through the forge-neutral thread tools with {@code forge: gitlab}, against {@link GitLabDouble}, which
 * refuses (400 "line_code can't be blank") any position GitLab could not place.
 */
@Timeout(60)
class GitLabThreadsTest {

  @TempDir
  static Path dir;
  private static GitLabFixture mr;
  private Vertx vertx;
  private GitLabDouble gitlab;
  private String deployment;
  private BusCalls threadTools;

  @BeforeAll
  static void repository() {
    mr = GitLabFixture.build(dir);
  }

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    gitlab = new GitLabDouble(vertx, mr.repo(), mr.base(), mr.target()).version(mr.first()).version(mr.second()).version(mr.third());
    deploy(GitLabDouble.TOKEN);
    Await.result(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(ReviewgateConfig.defaults()), ToolCatalog.standard())));
    threadTools = BusCalls.on(vertx).with(new JsonObject().put("forge", "gitlab").put("project", GitLabDouble.PROJECT)
      .put("pr_number", GitLabDouble.IID));
  }

  private void deploy(String token) {
    if (deployment != null) {
      Await.result(vertx.undeploy(deployment));
    }
    deployment = GitLabTestBackend.deploy(vertx, gitlab.url(), token);
  }

  @AfterEach
  void stop() throws Exception {
    Stop.all(gitlab, vertx);
  }

  /** src/app.c: lines 5-6 were replaced (old 5-6 removed, new 5-6 added), its hunk spans new lines 2-13. */
  private JsonObject review() {
    return new JsonObject().put("commit_id", mr.third()).put("verdict", "approve").put("body", "Nearly there.")
      .put("comments", new JsonArray()
        .add(comment("src/app.c", 5, "new", "Why long?"))
        .add(comment("src/app.c", 5, "old", "The old sum overflowed."))
        .add(comment("src/app.c", 6, "new", "Both casts needed?").put("start_line", 5))
        .add(comment("src/app.c", 9, "new", "A context line."))
        .add(comment("gone.txt", 2, "old", "Was this still used?"))
        .add(comment("docs/new.md", null, null, "The whole file")));
  }

  private JsonObject published(String text) {
    return gitlab.discussions.values().stream().filter(d -> d.encode().contains(text)).findFirst().orElseThrow()
      .getJsonArray("notes").getJsonObject(0);
  }

  @Test
  void aGoodReviewArrivesWholeWithPositionsGitLabAcceptsAndApproves() throws Exception {
    JsonObject result = threadTools.call("reviewgate.pr.review", review());
    assertThat(result.getBoolean("posted")).isTrue();
    assertThat(gitlab.refusedPositions).isEmpty();
    assertThat(gitlab.publishes.get()).isEqualTo(1);
    assertThat(gitlab.drafts).isEmpty();
    assertThat(gitlab.discussions).hasSize(7);
    JsonObject added = published("Why long?").getJsonObject("position");
    assertThat(added.getString("position_type")).isEqualTo("text");
    assertThat(added.getInteger("new_line")).isEqualTo(5);
    assertThat(added.containsKey("old_line")).isFalse();
    assertThat(added.getString("head_sha")).isEqualTo(mr.third());
    assertThat(added.getString("base_sha")).isEqualTo(mr.base());
    assertThat(added.getString("start_sha")).isEqualTo(mr.target());
    JsonObject removed = published("overflowed").getJsonObject("position");
    assertThat(removed.getInteger("old_line")).isEqualTo(5);
    assertThat(removed.containsKey("new_line")).isFalse();
    JsonObject context = published("A context line").getJsonObject("position");
    assertThat(context.getInteger("new_line")).isEqualTo(9);
    assertThat(context.getInteger("old_line")).isEqualTo(9);
    JsonObject range = published("Both casts").getJsonObject("position").getJsonObject("line_range");
    // GitLab's counters: the two removed lines come first, so the first added line's old counter is 7
    assertThat(range.getJsonObject("start").getString("line_code")).endsWith("_7_5");
    assertThat(range.getJsonObject("end").getString("type")).isEqualTo("new");
    JsonObject deleted = published("still used").getJsonObject("position");
    assertThat(deleted.getString("old_path")).isEqualTo("gone.txt");
    assertThat(deleted.getInteger("old_line")).isEqualTo(2);
    assertThat(gitlab.approved).isTrue();

    JsonObject listed = threadTools.call("reviewgate.pr.threads.list", new JsonObject().put("path", "src/app.c"));
    assertThat(listed.getInteger("total")).isEqualTo(4);
    JsonObject casts = listed.getJsonArray("threads").stream().map(JsonObject.class::cast)
      .filter(t -> t.encode().contains("Both casts")).findFirst().orElseThrow();
    assertThat(casts.getString("side")).isEqualTo("new");
    assertThat(casts.getInteger("line")).isEqualTo(6);
    assertThat(casts.getInteger("start_line")).isEqualTo(5);
    assertThat(casts.getString("status")).isEqualTo("unresolved");
    assertThat(casts.getString("hunk")).isEqualTo(ReviewScenarios.firstHunkHeader(mr.repo(), mr.base(), mr.third(), "src/app.c"));
  }

  @Test
  void aCommentOnAnUntouchedFileOrPastAFilesEndRefusesTheWholeReviewAndNothingIsPosted() {
    JsonObject bad = ReviewScenarios.anchorsOutsideTheDiff(review(), 5);
    int before = gitlab.requests();
    assertThatThrownBy(() -> threadTools.call("reviewgate.pr.review", bad)).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(400);
      assertThat(e.getMessage()).contains(ReviewScenarios.OUTSIDE_THE_DIFF_REFUSAL).contains("are 2-13");
    });
    assertThat(gitlab.requests()).isGreaterThan(before);
    assertThat(gitlab.discussions).isEmpty();
    assertThat(gitlab.drafts).isEmpty();
    assertThat(gitlab.refusedPositions).isEmpty();
    assertThat(gitlab.approved).isFalse();
  }

  @Test
  void aMovedHeadIsRefused() {
    assertThatThrownBy(() -> threadTools.call("reviewgate.pr.review", review().put("commit_id", mr.second())))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(409);
        assertThat(e.getMessage()).contains("head moved from " + mr.second()).contains("version 103").contains("allow_moved_head");
      });
    assertThat(gitlab.discussions).isEmpty();
  }

  @Test
  void aReviewRetriedAfterALostResponsePostsEachNoteOnce() {
    gitlab.loseResponses(1);
    // what the double holds after each call: draft notes, then published discussions
    ReviewScenarios.LostResponseRetry<List<Integer>> retry = ReviewScenarios.reviewAfterALostResponse(threadTools, review(),
      () -> List.of(gitlab.drafts.size(), gitlab.discussions.size()));
    assertThat(retry.lost()).contains("may or may not have been applied");
    assertThat(retry.heldAfterLoss()).containsExactly(1, 0);
    assertThat(retry.retried().getBoolean("posted")).isTrue();
    assertThat(retry.heldAfterRetry()).containsExactly(0, 7);
    assertThat(retry.again().getBoolean("already_posted")).isTrue();
    assertThat(retry.heldAfterAgain()).containsExactly(0, 7);
    assertThat(gitlab.publishes.get()).isEqualTo(1);
  }

  @Test
  void repliesAndResolvingAndTheListingShowsResolvedState() {
    ReviewScenarios.ReplyWalk walk = ReviewScenarios.replyTwiceAndResolve(threadTools, review().put("verdict", "comment"));
    assertThat(walk.reply().getBoolean("posted")).isTrue();
    assertThat(walk.replyAgain().getBoolean("already_posted")).isTrue();
    assertThat(walk.resolved().getString("status")).isEqualTo("resolved");
    assertThat(walk.stillUnresolved()).isFalse();
    assertThat(walk.unresolved().getInteger("total")).isEqualTo(1);
    assertThat(walk.thread().getString("status")).isEqualTo("resolved");
    assertThat(walk.thread().getJsonArray("comments").stream().map(c -> ((JsonObject) c).getString("body")))
      .anyMatch(b -> b.startsWith("Renamed it.")).hasSize(2);
    JsonObject reopened = threadTools.call("reviewgate.pr.resolve", new JsonObject().put("thread_id", walk.threadId()).put("resolved", false));
    assertThat(reopened.getString("status")).isEqualTo("unresolved");
    assertThatThrownBy(() -> threadTools.call("reviewgate.pr.reply", new JsonObject().put("thread_id", "PRRT_x").put("body", "x")))
      .hasMessageContaining("discussion id");
  }

  private static JsonObject thread(JsonObject listing, String id) {
    return listing.getJsonArray("threads").stream().map(JsonObject.class::cast).filter(t -> id.equals(t.getString("id")))
      .findFirst().orElseThrow(() -> new AssertionError("no thread " + id + " in " + listing.encode()));
  }

  @Test
  void aNoteIsTrustedOnlyWhenItsAuthorHasDeveloperAccessAskedOncePerAuthor() {
    gitlab.accessLevels.put(GitLabDouble.userId("owner"), 50);
    gitlab.accessLevels.put(GitLabDouble.userId("dev"), 30);
    gitlab.accessLevels.put(GitLabDouble.userId("reporter"), 20);
    JsonObject[] notes = new JsonObject[5];
    String[] authors = {"owner", "dev", "reporter", "outsider", "dev"};
    for (int i = 0; i < authors.length; i++) {
      notes[i] = SeededDiscussions.generalNote(3000 + i, "note " + i).put("author", GitLabDouble.user(authors[i], authors[i]));
    }
    gitlab.seed(SeededDiscussions.discussion(SeededDiscussions.GENERAL, false, notes));

    JsonObject listed = threadTools.call("reviewgate.pr.threads.list", new JsonObject());

    assertThat(thread(listed, SeededDiscussions.GENERAL).getJsonArray("comments").stream()
      .map(c -> ((JsonObject) c).getString("author") + ":" + ((JsonObject) c).getString("trust")))
      .containsExactly("owner:trusted", "dev:trusted", "reporter:untrusted", "outsider:untrusted", "dev:trusted");
    assertThat(gitlab.memberLookups.get()).as("one lookup per author").isEqualTo(4);
  }

  @Test
  void authorsBeyondTheLookupBoundAreUntrustedAndTheAnswerSaysSo() {
    gitlab.accessLevels.put(GitLabDouble.userId("owner"), 50);
    gitlab.accessLevels.put(GitLabDouble.userId("dev"), 30);
    Await.result(vertx.undeploy(deployment));
    deployment = GitLabTestBackend.deploy(vertx, gitlab.url(), GitLabDouble.TOKEN, new JsonObject().put("maxTrustLookups", 1));
    gitlab.seed(SeededDiscussions.discussion(SeededDiscussions.GENERAL, false,
      SeededDiscussions.generalNote(3100, "first").put("author", GitLabDouble.user("owner", "owner")),
      SeededDiscussions.generalNote(3101, "second").put("author", GitLabDouble.user("dev", "dev"))));

    JsonObject listed = threadTools.call("reviewgate.pr.threads.list", new JsonObject());

    assertThat(thread(listed, SeededDiscussions.GENERAL).getJsonArray("comments").stream()
      .map(c -> ((JsonObject) c).getString("trust"))).containsExactly("trusted", "untrusted");
    assertThat(listed.getJsonArray("warnings").encode()).contains("gitlab.maxTrustLookups");
    assertThat(gitlab.memberLookups.get()).isEqualTo(1);
  }

  @Test
  void seededDiffNotesOnOneLineAndOnSeveralAreListedWithPathLineAndStateAndCanBeRepliedToAndResolved() throws Exception {
    SeededDiscussions.all(mr).forEach(gitlab::seed);
    JsonObject listed = threadTools.call("reviewgate.pr.threads.list", new JsonObject());
    assertThat(listed.getJsonArray("warnings")).isEmpty();
    // the thread of system notes only is not a review thread
    assertThat(listed.getInteger("total")).isEqualTo(6);
    JsonObject nullRange = thread(listed, SeededDiscussions.SINGLE_NULL_RANGE);
    assertThat(nullRange.getString("path")).isEqualTo("src/app.c");
    assertThat(nullRange.getInteger("line")).isEqualTo(5);
    assertThat(nullRange.getString("side")).isEqualTo("new");
    assertThat(nullRange.getValue("start_line")).isNull();
    assertThat(nullRange.getString("status")).isEqualTo("unresolved");
    assertThat(nullRange.getString("hunk")).startsWith("@@ -");
    JsonObject noRange = thread(listed, SeededDiscussions.SINGLE_NO_RANGE);
    assertThat(noRange.getInteger("line")).isEqualTo(9);
    assertThat(noRange.getString("side")).isEqualTo("new");
    JsonObject multi = thread(listed, SeededDiscussions.MULTI_LINE);
    assertThat(multi.getInteger("line")).isEqualTo(6);
    assertThat(multi.getInteger("start_line")).isEqualTo(5);
    JsonObject removed = thread(listed, SeededDiscussions.REMOVED_LINE);
    assertThat(removed.getString("side")).isEqualTo("old");
    assertThat(removed.getInteger("line")).isEqualTo(5);
    JsonObject resolved = thread(listed, SeededDiscussions.RESOLVED);
    assertThat(resolved.getString("status")).isEqualTo("resolved");
    assertThat(resolved.getJsonArray("comments")).hasSize(2);
    JsonObject general = thread(listed, SeededDiscussions.GENERAL);
    assertThat(general.getValue("path")).isNull();
    assertThat(general.getString("status")).isEqualTo("unresolvable");
    assertThat(general.getJsonArray("comments").getJsonObject(0).getString("author")).isEqualTo("jhartnett");

    for (String id : List.of(SeededDiscussions.SINGLE_NULL_RANGE, SeededDiscussions.MULTI_LINE)) {
      JsonObject reply = threadTools.call("reviewgate.pr.reply", new JsonObject().put("thread_id", id).put("body", "Fixed in the next push."));
      assertThat(reply.getBoolean("posted")).isTrue();
      assertThat(reply.getString("comment_id")).matches("\\d+");
      JsonObject done = threadTools.call("reviewgate.pr.resolve", new JsonObject().put("thread_id", id).put("resolved", true));
      assertThat(done.getString("status")).isEqualTo("resolved");
    }
    JsonObject open = threadTools.call("reviewgate.pr.threads.list", new JsonObject().put("unresolved_only", true));
    assertThat(open.getJsonArray("threads").stream().map(t -> ((JsonObject) t).getString("id")))
      .containsExactlyInAnyOrder(SeededDiscussions.SINGLE_NO_RANGE, SeededDiscussions.REMOVED_LINE);
    assertThat(thread(threadTools.call("reviewgate.pr.threads.list", new JsonObject()), SeededDiscussions.SINGLE_NULL_RANGE)
      .getJsonArray("comments")).hasSize(2);
  }

  @Test
  void aWriteWithoutATokenFailsAtOnceNamingTheVariable() throws Exception {
    deploy(null);
    int before = gitlab.requests();
    for (String address : List.of("reviewgate.pr.review", "reviewgate.pr.reply", "reviewgate.pr.resolve")) {
      JsonObject args = address.endsWith("review") ? review()
        : new JsonObject().put("thread_id", "0123456789abcdef").put("body", "x").put("resolved", true);
      if (address.endsWith("reply")) {
        args.remove("resolved");
      } else if (address.endsWith("resolve")) {
        args.remove("body");
      }
      assertThatThrownBy(() -> threadTools.call(address, args)).isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).contains("GITLAB_TOKEN").contains("api scope").contains("nothing was sent");
      });
    }
    assertThat(gitlab.requests()).isEqualTo(before);
  }

  @Test
  @Timeout(180)
  void aListingOfManyAndHugeCommentsFitsItsBudgetAndItsPagesReachEveryCommentOnce() {
    ThreadPaging.check(threadTools.timeoutMs(60_000), bodies -> new JsonObject().put("commit_id", mr.third()).put("verdict", "comment")
      .put("comments", new JsonArray(bodies.stream().map(b -> BusCalls.comment("src/app.c", 5, "new", b)).toList())));
  }
}
