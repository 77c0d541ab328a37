package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.review.TempRepo;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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

  private static final String TASKS = "io.modelcontextprotocol/tasks";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir
  Path repoDir;

  @Test
  @Timeout(240)
  void aWaitForThePersonSurvivesSigkillAndCompletesWithTheComment() throws Exception {
    new TempRepo(repoDir).greetingChange();
    String reviewId;
    String taskId;
    try (ServeProcess first = ServeProcess.start(repoDir)) {
      JsonObject created = mcp(first, 1, "tools/call", "review_request", new JsonObject().put("name", "review_request")
        .put("arguments", new JsonObject().put("title", "Greet by name").put("commit_range", "HEAD").put("wait", false)));
      reviewId = created.getJsonObject("structuredContent").getString("review_id");

      JsonObject task = mcp(first, 2, "tools/call", "review_update", new JsonObject().put("name", "review_update")
        .put("arguments", new JsonObject().put("review_id", reviewId).put("action", "wait_for_feedback")));
      assertThat(task.getString("resultType")).isEqualTo("task");
      assertThat(task.getString("status")).isEqualTo("working");
      assertThat(task.getString("statusMessage")).as("where the person reviews").contains(reviewId, "/review/");
      assertThat(task.getLong("ttlMs")).isPositive();
      taskId = task.getString("taskId");
      assertThat(taskGet(first, 3, taskId).getString("status")).isEqualTo("working");
      first.kill();
    }

    try (ServeProcess second = ServeProcess.start(repoDir)) {
      JsonObject again = taskGet(second, 4, taskId);
      assertThat(again.getString("taskId")).isEqualTo(taskId);
      assertThat(again.getString("status")).isEqualTo("working");

      long commented = System.nanoTime();
      JsonObject comment = personComments(second, reviewId, "src/App.java", 9, "Why not read the name from the config?");
      assertThat(comment.getBoolean("delivered")).isTrue();
      JsonObject done = awaitCompleted(second, taskId, 100);
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
      String next = mcp(second, 5, "tools/call", "review_update", new JsonObject().put("name", "review_update")
        .put("arguments", new JsonObject().put("review_id", reviewId).put("action", "wait_for_feedback"))).getString("taskId");
      long again2 = System.nanoTime();
      personComments(second, reviewId, "src/App.java", 4, "And this greeting?");
      JsonObject secondResult = awaitCompleted(second, next, 2000).getJsonObject("result").getJsonObject("structuredContent");
      System.out.println("DurableReviewTaskIT: comment -> tasks/get completed in " + (System.nanoTime() - again2) / 1_000_000
        + " ms (warm process, polling every 10 ms)");
      assertThat(secondResult.getJsonObject("feedback").getInteger("line")).isEqualTo(4);
    }
  }

  /** Polls tasks/get every 10 ms (at most 1000 times) until the task is completed. */
  private static JsonObject awaitCompleted(ServeProcess serve, String taskId, int firstId) throws Exception {
    for (int i = 0; i < 1000; i++) {
      JsonObject polled = taskGet(serve, firstId + i, taskId);
      if ("completed".equals(polled.getString("status"))) {
        return polled;
      }
      assertThat(polled.getString("status")).isEqualTo("working");
      Thread.sleep(10);
    }
    throw new AssertionError("task " + taskId + " did not complete within 1000 polls");
  }

  /**
   * The person's comment, sent as the dashboard sends it: {@code reviewgate.review.comment} over the event-bus
   * WebSocket bridge, signed in as the person (the bridge requires the login cookie since #21).
   */
  private static JsonObject personComments(ServeProcess serve, String reviewId, String file, int line, String body)
    throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      WebSocketClient client = vertx.createWebSocketClient();
      WebSocket socket = client.connect(new WebSocketConnectOptions().setHost("127.0.0.1").setPort(serve.port())
        .setURI("/eventbus/websocket").addHeader("Cookie", SignIn.personCookie(serve.port()))).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      Promise<JsonObject> reply = Promise.promise();
      socket.handler(buffer -> {
        JsonObject frame = buffer.toJsonObject();
        if ("it.comment".equals(frame.getString("address"))) {
          reply.tryComplete(frame);
        }
      });
      socket.writeTextMessage(new JsonObject().put("type", "send").put("address", "reviewgate.review.comment")
        .put("replyAddress", "it.comment").put("body", new JsonObject().put("review_id", reviewId).put("file", file)
          .put("line", line).put("body", body)).encode());
      JsonObject frame = reply.future().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
      assertThat(frame.getString("type")).as("bridge answer " + frame).isEqualTo("rec");
      return frame.getJsonObject("body");
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  private static JsonObject taskGet(ServeProcess serve, int id, String taskId) throws Exception {
    return mcp(serve, id, "tasks/get", taskId, new JsonObject().put("taskId", taskId));
  }

  /** One 2026-07-28 request that declares the tasks extension; the JSON-RPC result (an error fails the test). */
  private static JsonObject mcp(ServeProcess serve, int id, String method, String name, JsonObject params) throws Exception {
    params.put("_meta", new JsonObject()
      .put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
      .put("io.modelcontextprotocol/clientInfo", new JsonObject().put("name", "it").put("version", "1"))
      .put("io.modelcontextprotocol/clientCapabilities", new JsonObject()
        .put("extensions", new JsonObject().put(TASKS, new JsonObject()))));
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("id", id).put("method", method).put("params", params);
    HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/mcp"))
      .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
      .header("Authorization", SignIn.bearer()).header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method).header("Mcp-Name", name)
      .POST(HttpRequest.BodyPublishers.ofString(message.encode())).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonObject body = new JsonObject(response.body());
    assertThat(body.containsKey("error")).as(response.body()).isFalse();
    return body.getJsonObject("result");
  }
}
