package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.mcp.ToolResults;
import dev.reviewgate.testkit.Stop;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same tool call over every front-end: stdio (a subprocess), Streamable HTTP in both eras and the WebSocket
 * event-bus bridge (a {@code serve} subprocess). The structured result and the validation error must be identical,
 * because validation and the tool itself live behind the bus, not in the transports.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FrontEndParityIT {

  private static final String DIFF = "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n-old\n+new\n same\n";
  private static final JsonObject VALID = new JsonObject().put("diff", DIFF).put("files_only", true);
  private static final JsonObject INVALID = new JsonObject().put("diff", 5).put("colour", "red");

  @TempDir
  static Path workDir;
  private static ServeProcess serve;
  private static Vertx vertx;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void startServer() throws Exception {
    serve = ServeProcess.start(workDir);
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stopServer() throws Exception {
    Stop.all(serve, vertx);
  }

  private static JsonObject call(int id, JsonObject arguments, JsonObject meta) {
    JsonObject params = new JsonObject().put("name", "diff_parse").put("arguments", arguments);
    if (meta != null) {
      params.put("_meta", meta);
    }
    return new JsonObject().put("jsonrpc", "2.0").put("id", id).put("method", "tools/call").put("params", params);
  }

  private static JsonObject initialize() {
    return new JsonObject().put("jsonrpc", "2.0").put("id", 0).put("method", "initialize").put("params", new JsonObject()
      .put("protocolVersion", "2025-11-25").put("capabilities", new JsonObject())
      .put("clientInfo", new JsonObject().put("name", "parity").put("version", "1")));
  }

  /** tools/call results for VALID then INVALID over stdio. */
  private static List<JsonObject> overStdio() throws Exception {
    try (McpProcess process = McpProcess.start(workDir)) {
      process.request(initialize());
      process.send(new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/initialized"));
      return List.of(process.request(call(1, VALID, null)).getJsonObject("result"),
        process.request(call(2, INVALID, null)).getJsonObject("result"));
    }
  }

  private static HttpResponse<String> post(JsonObject body, String... headers) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/mcp"))
      .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
      .header("Authorization", SignIn.bearer())
      .POST(HttpRequest.BodyPublishers.ofString(body.encode()));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static List<JsonObject> overHttpSession() throws Exception {
    HttpResponse<String> init = post(initialize());
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    String[] headers = {"Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"};
    assertThat(post(new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/initialized"), headers).statusCode()).isEqualTo(202);
    return List.of(new JsonObject(post(call(1, VALID, null), headers).body()).getJsonObject("result"),
      new JsonObject(post(call(2, INVALID, null), headers).body()).getJsonObject("result"));
  }

  private static List<JsonObject> overHttpStateless() throws Exception {
    JsonObject meta = new JsonObject().put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
      .put("io.modelcontextprotocol/clientCapabilities", new JsonObject());
    String[] headers = {"MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "diff_parse"};
    return List.of(new JsonObject(post(call(1, VALID, meta), headers).body()).getJsonObject("result"),
      new JsonObject(post(call(2, INVALID, meta), headers).body()).getJsonObject("result"));
  }

  /** Bridge frames ("rec" or "err") answering VALID then INVALID. */
  private static List<JsonObject> overBridge() throws Exception {
    // The client is kept in a variable until the end: an unreachable client is closed with its sockets.
    io.vertx.core.http.WebSocketClient client = vertx.createWebSocketClient();
    WebSocket socket = client.connect(new WebSocketConnectOptions().setHost("127.0.0.1")
      .setPort(serve.port()).setURI("/eventbus/websocket").addHeader("Authorization", SignIn.bearer())).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    Promise<JsonObject> first = Promise.promise();
    Promise<JsonObject> second = Promise.promise();
    socket.handler(buffer -> {
      JsonObject frame = buffer.toJsonObject();
      if ("parity.1".equals(frame.getString("address"))) {
        first.tryComplete(frame);
      } else if ("parity.2".equals(frame.getString("address"))) {
        second.tryComplete(frame);
      }
    });
    socket.writeTextMessage(new JsonObject().put("type", "send").put("address", "reviewgate.diff.parse").put("body", VALID)
      .put("replyAddress", "parity.1").encode());
    socket.writeTextMessage(new JsonObject().put("type", "send").put("address", "reviewgate.diff.parse").put("body", INVALID)
      .put("replyAddress", "parity.2").encode());
    List<JsonObject> frames = List.of(first.future().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS),
      second.future().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS));
    socket.close();
    client.close();
    return frames;
  }

  @Test
  void sameStructuredResultAndSameValidationErrorEverywhere() throws Exception {
    List<JsonObject> stdio = overStdio();
    List<JsonObject> session = overHttpSession();
    List<JsonObject> stateless = overHttpStateless();
    List<JsonObject> bridge = overBridge();

    JsonObject expected = stdio.get(0).getJsonObject("structuredContent");
    assertThat(expected.getJsonObject("summary").getInteger("files")).isEqualTo(1);
    assertThat(session.get(0).getJsonObject("structuredContent")).isEqualTo(expected);
    assertThat(stateless.get(0).getJsonObject("structuredContent")).isEqualTo(expected);
    assertThat(bridge.get(0).getString("type")).isEqualTo("rec");
    // Over MCP the diff text is sent once (content, named by structuredContent); the bridge carries the reply as it is.
    assertThat(bridge.get(0).getJsonObject("body")).isEqualTo(ToolResults.reply(stdio.get(0)));

    String error = stdio.get(1).getJsonArray("content").getJsonObject(0).getString("text");
    assertThat(stdio.get(1).getBoolean("isError")).isTrue();
    assertThat(error).contains("invalid arguments for diff_parse").contains("diff").contains("colour");
    assertThat(session.get(1).getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(error);
    assertThat(stateless.get(1).getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(error);
    assertThat(bridge.get(1).getString("type")).isEqualTo("err");
    assertThat(bridge.get(1).getInteger("failureCode")).isEqualTo(400);
    assertThat(error).endsWith(bridge.get(1).getString("message"));
  }

  @Test
  void healthAndMetricsAreServed() throws Exception {
    HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/health")).build(),
      HttpResponse.BodyHandlers.ofString());
    assertThat(health.statusCode()).isEqualTo(200);
    JsonObject verticles = new JsonObject(health.body()).getJsonObject("readiness").getJsonObject("verticles");
    assertThat(verticles.getJsonObject("HttpServerVerticle").getString("state")).isEqualTo("UP");
    assertThat(verticles.getJsonObject("DiffVerticle").getString("state")).isEqualTo("UP");
    overHttpStateless();
    overBridge();
    HttpResponse<String> metrics = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/metrics"))
        .header("Authorization", SignIn.bearer()).build(),
      HttpResponse.BodyHandlers.ofString());
    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.body())
      .contains("reviewgate_tool_calls_seconds_count{frontend=\"http\",outcome=\"ok\",tool=\"diff_parse\"}")
      .contains("reviewgate_tool_calls_seconds_count{frontend=\"bridge\",outcome=\"ok\",tool=\"diff_parse\"}")
      .contains("vertx_eventbus_reply_failures_total{address=\"reviewgate.diff.parse\",failure=\"RECIPIENT_FAILURE\"}")
      .contains("vertx_http_server_requests_total")
      .contains("jvm_memory_used_bytes");
    // The buckets of http.metricsBucketsMs and +Inf, not Micrometer's 69-bucket percentile histogram.
    List<String> buckets = metrics.body().lines().filter(line -> line.startsWith("reviewgate_tool_calls_seconds_bucket{")
      && line.contains("frontend=\"http\"") && line.contains("tool=\"diff_parse\"") && line.contains("outcome=\"ok\"")).toList();
    assertThat(buckets).hasSize(9);
    assertThat(buckets.get(0)).contains("le=\"0.005\"");
    assertThat(buckets.get(8)).contains("le=\"+Inf\"");
  }
}
