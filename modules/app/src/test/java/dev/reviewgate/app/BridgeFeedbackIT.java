package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.review.TempRepo;
import dev.reviewgate.testkit.Stop;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * "After a bridge wait times out, the agent's next wait gets the person's comment" (#23), over a real {@code serve}:
 * the agent waits over HTTP MCP, a service waits on the same review over the TCP bridge, the person comments over the
 * dashboard's WebSocket bridge. A bridge wait that ends (its timeout) or whose connection closes never takes the
 * comment: the agent's next wait does.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BridgeFeedbackIT {

  private static final Pattern BRIDGE_PORT = Pattern.compile("TCP event-bus bridge on 127\\.0\\.0\\.1:(\\d+)");

  @TempDir
  static Path repoDir;
  private static String[] commits;
  private static ServeProcess serve;
  private static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    commits = new TempRepo(repoDir).greetingChange();
    vertx = Vertx.vertx();
    serve = ServeProcess.start(repoDir, "--bus-bridge-port", "0");
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(serve, vertx);
  }

  @Test
  void aBridgeWaitThatTimedOutDoesNotTakeTheCommentTheAgentsNextWaitDoes() throws Exception {
    String id = requestReview("Timed-out bridge wait");
    CompletableFuture<JsonObject> agentWait = waitAsAgent(id);
    awaitWaiting(id, true);
    JsonObject bridged;
    try (TcpBridgeClient service = new TcpBridgeClient(serve.number(BRIDGE_PORT))) {
      // 1 s is all this service waits, as in the report of #23.
      bridged = service.call(new JsonObject().put("type", "send").put("address", "reviewgate.review.update")
        .put("replyAddress", "svc.1").put("headers", new JsonObject().put("authorization", SignIn.bearer()).put("timeout", 1000))
        .put("body", new JsonObject().put("review_id", id).put("action", "wait_for_feedback")));
    }
    assertThat(bridged.getString("type")).as(bridged.encode()).isEqualTo("message");
    assertThat(bridged.getJsonObject("body").getString("outcome")).isEqualTo("no_feedback");
    // The agent was told its wait was taken over.
    assertThat(agentWait.get(30, TimeUnit.SECONDS).getString("outcome")).isEqualTo("superseded");

    comment(id, "Comment after the bridge gave up");
    JsonObject next = waitAsAgent(id).get(60, TimeUnit.SECONDS);
    assertThat(next.getString("outcome")).isEqualTo("comment");
    assertThat(next.getJsonObject("feedback").getString("body")).isEqualTo("Comment after the bridge gave up");
  }

  @Test
  void aBridgeWaitWhoseConnectionClosedIsCancelledAndTheCommentWaitsForTheAgent() throws Exception {
    String id = requestReview("Disconnected bridge wait");
    try (TcpBridgeClient service = new TcpBridgeClient(serve.number(BRIDGE_PORT))) {
      service.send(new JsonObject().put("type", "send").put("address", "reviewgate.review.update")
        .put("replyAddress", "svc.2").put("headers", new JsonObject().put("authorization", SignIn.bearer()))
        .put("body", new JsonObject().put("review_id", id).put("action", "wait_for_feedback")));
      awaitWaiting(id, true);
    } // the service goes away with its wait (30 s by default) pending
    awaitWaiting(id, false);

    comment(id, "Comment after the service left");
    JsonObject next = waitAsAgent(id).get(60, TimeUnit.SECONDS);
    assertThat(next.getString("outcome")).isEqualTo("comment");
    assertThat(next.getJsonObject("feedback").getString("body")).isEqualTo("Comment after the service left");
  }

  private static String requestReview(String title) throws Exception {
    return McpHttp.structured(serve.port(), "review_request", new JsonObject().put("title", title)
      .put("commit_range", commits[0] + ".." + commits[1]).put("wait", false)).getString("review_id");
  }

  private static CompletableFuture<JsonObject> waitAsAgent(String id) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return McpHttp.structured(serve.port(), "review_update", new JsonObject().put("review_id", id)
          .put("action", "wait_for_feedback"));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  /** Polls review_status until someone waits on the review ({@code waiting}) or nobody does. */
  private static void awaitWaiting(String id, boolean waiting) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    boolean now = !waiting;
    while (now != waiting && System.nanoTime() < deadline) {
      now = McpHttp.structured(serve.port(), "review_status", new JsonObject().put("review_id", id)).getBoolean("agent_waiting");
      if (now != waiting) {
        Thread.sleep(50);
      }
    }
    assertThat(now).as("agent_waiting of review " + id).isEqualTo(waiting);
  }

  /** The person comments from the dashboard (signed in, over the WebSocket bridge); nobody waits at that moment. */
  private static void comment(String id, String body) throws Exception {
    WebSocketClient client = vertx.createWebSocketClient();
    try {
      WebSocket socket = client.connect(new WebSocketConnectOptions().setHost("127.0.0.1").setPort(serve.port())
        .addHeader("Cookie", SignIn.personCookie(serve.port())).setURI("/eventbus/websocket"))
        .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      Promise<JsonObject> answer = Promise.promise();
      socket.handler(buffer -> answer.tryComplete(buffer.toJsonObject()));
      socket.writeTextMessage(new JsonObject().put("type", "send").put("address", "reviewgate.review.comment")
        .put("replyAddress", "dashboard.1").put("body", new JsonObject().put("review_id", id).put("body", body)
          .put("file", "src/App.java").put("line", 9)).encode());
      JsonObject frame = answer.future().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      assertThat(frame.getString("type")).as(frame.encode()).isEqualTo("rec");
      assertThat(frame.getJsonObject("body").getBoolean("delivered")).as("nobody waits: the comment is queued").isFalse();
      socket.close();
    } finally {
      client.close();
    }
  }
}
