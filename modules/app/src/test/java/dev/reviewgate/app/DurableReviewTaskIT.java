package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.review.TempRepo;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #22's acceptance, with the real jar: over 2026-07-28 HTTP with the tasks extension declared, a wait for the
 * person is a task at once; the server is SIGKILLed and started again on the same store; the person comments through
 * the dashboard's bridge; {@code tasks/get} with the same task id then completes with the comment, its file and line.
 */
class DurableReviewTaskIT {


  @TempDir
  Path repoDir;

  @Test
  @Timeout(240)
  void aWaitForThePersonSurvivesSigkillAndCompletesWithTheComment() throws Exception {
    new TempRepo(repoDir).greetingChange();
    String reviewId;
    String taskId;
    try (ServeProcess first = ServeProcess.start(repoDir)) {
      JsonObject created = ModernMcp.call(first, 1, "tools/call", "review_request", new JsonObject().put("name", "review_request")
        .put("arguments", new JsonObject().put("title", "Greet by name").put("commit_range", "HEAD").put("wait", false)));
      reviewId = created.getJsonObject("structuredContent").getString("review_id");

      JsonObject task = ModernMcp.call(first, 2, "tools/call", "review_update", new JsonObject().put("name", "review_update")
        .put("arguments", new JsonObject().put("review_id", reviewId).put("action", "wait_for_feedback")));
      assertThat(task.getString("resultType")).isEqualTo("task");
      assertThat(task.getString("status")).isEqualTo("working");
      assertThat(task.getString("statusMessage")).as("where the person reviews")
        .contains(reviewId, "/review/", "reviewgate open " + reviewId);
      assertThat(task.getLong("ttlMs")).isPositive();
      taskId = task.getString("taskId");
      assertThat(ModernMcp.taskGet(first, 3, taskId).getString("status")).isEqualTo("working");
      first.kill();
    }

    try (ServeProcess second = ServeProcess.start(repoDir)) {
      JsonObject again = ModernMcp.taskGet(second, 4, taskId);
      assertThat(again.getString("taskId")).isEqualTo(taskId);
      assertThat(again.getString("status")).isEqualTo("working");

      long commented = System.nanoTime();
      JsonObject comment = personComments(second, reviewId, "src/App.java", 9, "Why not read the name from the config?");
      assertThat(comment.getBoolean("delivered")).isTrue();
      JsonObject done = ModernMcp.awaitCompleted(second, taskId, 100);
      System.out.println("DurableReviewTaskIT: comment -> tasks/get completed in " + (System.nanoTime() - commented) / 1_000_000
        + " ms (first comment after the restart, polling every 10 ms)");
      JsonObject result = done.getJsonObject("result");
      assertThat(result.getBoolean("isError")).isFalse();
      JsonObject feedback = result.getJsonObject("structuredContent").getJsonObject("feedback");
      assertThat(result.getJsonObject("structuredContent").getString("outcome")).isEqualTo("comment");
      assertThat(feedback.getString("body")).isEqualTo("Why not read the name from the config?");
      assertThat(feedback.getString("file")).isEqualTo("src/App.java");
      assertThat(feedback.getInteger("line")).isEqualTo(9);
      assertThat(feedback.getString("thread_id")).isEqualTo(comment.getJsonObject("thread").getString("id"));
      assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).contains("Why not read the name");

      // A second round on the warm process: the figure docs/mcp-2026.md reports.
      String next = ModernMcp.call(second, 5, "tools/call", "review_update", new JsonObject().put("name", "review_update")
        .put("arguments", new JsonObject().put("review_id", reviewId).put("action", "wait_for_feedback"))).getString("taskId");
      long again2 = System.nanoTime();
      personComments(second, reviewId, "src/App.java", 4, "And this greeting?");
      JsonObject secondResult = ModernMcp.awaitCompleted(second, next, 2000).getJsonObject("result").getJsonObject("structuredContent");
      System.out.println("DurableReviewTaskIT: comment -> tasks/get completed in " + (System.nanoTime() - again2) / 1_000_000
        + " ms (warm process, polling every 10 ms)");
      assertThat(secondResult.getJsonObject("feedback").getInteger("line")).isEqualTo(4);
    }
  }

  /**
   * The person's comment, sent as the dashboard sends it: {@code reviewgate.review.comment} over the event-bus
   * WebSocket bridge, signed in with the login cookie.
   */
  private static JsonObject personComments(ServeProcess serve, String reviewId, String file, int line, String body)
    throws Exception {
    Vertx vertx = Vertx.vertx();
    try (BridgeSocket person = BridgeSocket.asPerson(vertx, serve.port())) {
      JsonObject frame = person.call("reviewgate.review.comment", new JsonObject().put("review_id", reviewId)
        .put("file", file).put("line", line).put("body", body));
      assertThat(frame.getString("type")).as("bridge answer " + frame).isEqualTo("rec");
      return frame.getJsonObject("body");
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }
}
