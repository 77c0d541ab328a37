package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One MCP session used at once over many HTTP connections, which {@code serve} spreads over several event loops: every
 * call is answered with its own id and result, an id in use is refused wherever its twin arrived, and the session's
 * own requests (ping, notifications) keep working throughout.
 */
class SessionAcrossLoopsIT {

  private static final String TOKEN = "session-across-loops-token";
  private static final int CONNECTIONS = 8;
  private static final int CALLS = 40;

  @TempDir
  static Path temp;
  private static ServeProcess serve;
  private static URI mcp;

  @BeforeAll
  static void start() throws Exception {
    Path repo = GitFixture.create(temp.resolve("repo"));
    serve = ServeProcess.start(repo, Map.of("REVIEWGATE_TOKEN", TOKEN, "REVIEWGATE_HTTP_EVENT_LOOPS", "3"));
    mcp = URI.create("http://127.0.0.1:" + serve.port() + "/mcp");
  }

  @AfterAll
  static void stop() throws Exception {
    if (serve != null) {
      serve.close();
    }
  }

  @Test
  void aSecondServeOnTheSamePortIsRefusedNotGivenHalfTheConnections() throws Exception {
    ServeProcess.Ended second = ServeProcess.run(temp.resolve("repo"), "serve", "--port", String.valueOf(serve.port()));
    assertThat(second.exit()).isNotZero();
    assertThat(second.stderr()).contains("HTTP port " + serve.port()).contains("already in use");
  }

  private static HttpResponse<String> post(HttpClient client, JsonObject body, String session) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(60))
      .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
      .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(body.encode()));
    if (session != null) {
      request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonObject call(Object id) {
    return new JsonObject().put("jsonrpc", "2.0").put("id", id).put("method", "tools/call")
      .put("params", new JsonObject().put("name", "git_repos").put("arguments", new JsonObject()));
  }

  @Test
  void oneSessionOverManyConnectionsAnswersEveryCallAsItsOwn() throws Exception {
    assertThat(serve.stderr()).doesNotContain("stays on one event loop");
    HttpClient opener = HttpClient.newHttpClient();
    HttpResponse<String> init = post(opener, new JsonObject().put("jsonrpc", "2.0").put("id", 0).put("method", "initialize")
      .put("params", new JsonObject().put("protocolVersion", "2025-11-25").put("capabilities", new JsonObject())
        .put("clientInfo", new JsonObject().put("name", "loops").put("version", "1"))), null);
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(post(opener, new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/initialized"), session)
      .statusCode()).isEqualTo(202);

    ExecutorService pool = Executors.newFixedThreadPool(CONNECTIONS);
    try {
      List<Future<List<String>>> clients = new ArrayList<>();
      for (int c = 0; c < CONNECTIONS; c++) {
        int client = c;
        clients.add(pool.submit(() -> {
          HttpClient own = HttpClient.newHttpClient(); // a connection of its own
          List<String> problems = new ArrayList<>();
          for (int n = 0; n < CALLS; n++) {
            String id = "c" + client + "-" + n;
            JsonObject reply = new JsonObject(post(own, call(id), session).body());
            if (!id.equals(reply.getValue("id")) || reply.getJsonObject("result") == null
              || reply.getJsonObject("result").getJsonObject("structuredContent").getJsonArray("repos").isEmpty()) {
              problems.add(reply.encode());
            }
            // The same id from two connections at once: each is answered, as a result or as "already used", never lost.
            if (n % 10 == 0) {
              JsonObject twin = new JsonObject(post(own, call("shared-" + n), session).body());
              if (!("shared-" + n).equals(twin.getValue("id"))) {
                problems.add(twin.encode());
              }
            }
          }
          return problems;
        }));
      }
      for (Future<List<String>> client : clients) {
        assertThat(client.get(120, TimeUnit.SECONDS)).isEmpty();
      }
    } finally {
      pool.shutdownNow();
    }
    JsonObject ping = new JsonObject(post(opener, new JsonObject().put("jsonrpc", "2.0").put("id", "p").put("method", "ping"),
      session).body());
    assertThat(ping.getJsonObject("result")).isNotNull();
  }
}
