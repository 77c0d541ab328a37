package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.review.TempRepo;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #22's dashboard approval path with the real jar: an agent over 2026-07-28 HTTP with the tasks extension but no
 * elicitation calls {@code pr_review confirm: true} against a fake GitHub (a real HTTP server on loopback) and gets a
 * task; the agent's own token cannot approve the draft over the bridge; the person approves it through the dashboard's
 * bridge with the login cookie, after editing its body; the task completes and GitHub received exactly that review.
 * A second draft the person declines completes with nothing posted.
 */
class DraftApprovalIT {

  private static final String REPO = "/repos/octo/shop";
  private static final String REVIEWS = REPO + "/pulls/5/reviews";

  @TempDir
  Path repoDir;
  private Vertx vertx;
  private FakeGitHub github;
  private String head;

  @BeforeEach
  void start() throws Exception {
    String[] shas = new TempRepo(repoDir).greetingChange();
    String base = shas[0];
    head = shas[1];
    vertx = Vertx.vertx();
    github = FakeGitHub.start(vertx).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    String diff = new TempRepo(repoDir).git("diff", base, head);
    FakePullRequest.reviewable(github, REPO, 5, base, head, diff,
      "{\"id\": 77, \"state\": \"CHANGES_REQUESTED\", \"html_url\": \"https://github.com/octo/shop/pull/5#pullrequestreview-77\"}");
  }

  @AfterEach
  void stop() throws Exception {
    Stop.all(github, vertx);
  }

  @Test
  @Timeout(240)
  void aDraftIsPostedOnlyWhenThePersonApprovesItInTheDashboardAndADeclinedOnePostsNothing() throws Exception {
    Map<String, String> environment = Map.of("GITHUB_API_URL", github.url(), "GITHUB_TOKEN", "ghp_draft_test");
    try (ServeProcess serve = ServeProcess.start(repoDir, environment)) {
      JsonObject task = ModernMcp.call(serve, 1, "tools/call", "pr_review", new JsonObject().put("name", "pr_review")
        .put("arguments", review("Two things.").put("confirm", true)));
      assertThat(task.getString("resultType")).as(task.encode()).isEqualTo("task");
      assertThat(task.getString("status")).isEqualTo("working");
      String taskId = task.getString("taskId");
      String draftId = taskId.substring("draft.".length());
      assertThat(task.getString("statusMessage")).as("where the person decides, with no credential in it")
        .contains("/review/#/drafts/" + draftId, "reviewgate open").doesNotContain(SignIn.token(), "code=");
      assertThat(ModernMcp.taskGet(serve, 2, taskId).getString("status")).isEqualTo("working");

      try (BridgeSocket agent = BridgeSocket.withToken(vertx, serve.port())) {
        // The bridge refuses both with an err frame that says who may decide, and nothing reaches the endpoint (the
        // assertions after this block check that nothing was decided).
        JsonObject sent = agent.call("reviewgate.review.draft_decide", decision(draftId, "approve"));
        assertPersonOnlyRefusal("the agent's token approving by send", sent);
        JsonObject published = agent.publish("reviewgate.review.draft_decide", decision(draftId, "approve"));
        assertThat(published).as("the bridge's refusal of the agent's token approving by publish").isNotNull();
        assertPersonOnlyRefusal("the agent's token approving by publish", published);
      }
      assertThat(github.received("POST", REVIEWS)).as("nothing posted before the person decides").isEmpty();
      assertThat(ModernMcp.taskGet(serve, 3, taskId).getString("status")).isEqualTo("working");

      try (BridgeSocket person = BridgeSocket.asPerson(vertx, serve.port())) {
        JsonObject listed = person.call("reviewgate.review.draft_list", new JsonObject().put("draft_id", draftId));
        assertThat(listed.getString("type")).as(listed.encode()).isEqualTo("rec");
        JsonObject shown = listed.getJsonObject("body").getJsonArray("drafts").getJsonObject(0);
        assertThat(shown.getString("status")).isEqualTo("pending");
        assertThat(shown.getJsonObject("draft").getJsonArray("comments")).isEqualTo(comments());

        long approved = System.nanoTime();
        JsonObject decided = person.call("reviewgate.review.draft_decide", decision(draftId, "approve")
          .put("body", "Two things, please."));
        assertThat(decided.getString("type")).as(decided.encode()).isEqualTo("rec");
        assertThat(decided.getJsonObject("body").getJsonObject("draft").getString("status")).isEqualTo("posted");
        JsonObject done = ModernMcp.awaitCompleted(serve, taskId, 100);
        System.out.println("DraftApprovalIT: approve -> tasks/get completed in " + (System.nanoTime() - approved) / 1_000_000
          + " ms (includes the post to the fake GitHub)");
        JsonObject result = done.getJsonObject("result");
        assertThat(result.getBoolean("isError")).as(result.encode()).isFalse();
        assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).contains("after editing its body");

        assertThat(github.received("POST", REVIEWS)).hasSize(1);
        JsonObject sent = new JsonObject(github.received("POST", REVIEWS).get(0).body());
        assertThat(sent.getString("body")).as("the edited body, with pr_review's idempotency mark").startsWith("Two things, please.")
          .doesNotContain("Two things.\n");
        assertThat(sent.getString("event")).isEqualTo("REQUEST_CHANGES");
        assertThat(sent.getString("commit_id")).isEqualTo(head);
        assertThat(sent.getJsonArray("comments")).hasSize(1);
        JsonObject comment = sent.getJsonArray("comments").getJsonObject(0);
        assertThat(comment.getString("path")).isEqualTo("src/App.java");
        assertThat(comment.getInteger("line")).isEqualTo(9);
        assertThat(comment.getString("side")).isEqualTo("RIGHT");
        assertThat(comment.getString("body")).isEqualTo("Read the name from the config.");

        String declinedTask = ModernMcp.call(serve, 200, "tools/call", "pr_review", new JsonObject().put("name", "pr_review")
          .put("arguments", review("Another round.").put("confirm", true))).getString("taskId");
        JsonObject declined = person.call("reviewgate.review.draft_decide",
          decision(declinedTask.substring("draft.".length()), "decline"));
        assertThat(declined.getJsonObject("body").getJsonObject("draft").getString("status")).isEqualTo("declined");
        JsonObject notPosted = ModernMcp.awaitCompleted(serve, declinedTask, 300).getJsonObject("result");
        assertThat(notPosted.getBoolean("isError")).isTrue();
        assertThat(notPosted.getJsonArray("content").getJsonObject(0).getString("text"))
          .startsWith("[NOT_POSTED] The person declined").contains("Another round.");
      }
      assertThat(github.received("POST", REVIEWS)).as("the declined draft posted nothing").hasSize(1);
      assertThat(serve.stderr()).doesNotContain(SignIn.token());
    }
  }

  private static void assertPersonOnlyRefusal(String what, JsonObject frame) {
    assertThat(frame.getString("type")).as(what + ": " + frame.encode()).isEqualTo("err");
    assertThat(frame.getString("body")).as(what).isEqualTo("rejected");
    assertThat(frame.getInteger("failureCode")).as(what).isEqualTo(403);
    assertThat(frame.getString("message")).as(what).contains("reviewgate.review.draft_decide", "only the person may call it");
  }

  private static JsonArray comments() {
    return new JsonArray().add(new JsonObject().put("path", "src/App.java").put("line", 9).put("side", "new")
      .put("body", "Read the name from the config."));
  }

  private JsonObject review(String body) {
    return new JsonObject().put("forge", "github").put("owner", "octo").put("repo", "shop").put("pr_number", 5)
      .put("commit_id", head).put("verdict", "request_changes").put("body", body).put("comments", comments());
  }

  private static JsonObject decision(String draftId, String decision) {
    return new JsonObject().put("draft_id", draftId).put("decision", decision);
  }
}
