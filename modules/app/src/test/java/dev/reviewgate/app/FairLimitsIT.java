package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #23's fair limits, checked from outside against {@code reviewgate serve}: event streams held open and
 * agents waiting for a person do not lock anyone out, neither another local process nor the client holding them.
 * The server allows only 4 requests in flight per client here, so that the waits below would exceed it.
 */
@Timeout(180)
class FairLimitsIT {

  private static final String TOKEN = "fair-limits-test-token";
  private static final String VERSION = "2025-11-25";
  private static final int STREAMS = 40;
  private static final int WAITS = 6;
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @TempDir
  static Path temp;
  private static ServeProcess serve;
  private static URI mcp;
  private static final List<InputStream> held = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Path repo = GitFixture.create(temp.resolve("repo"));
    serve = ServeProcess.start(repo, Map.of("REVIEWGATE_TOKEN", TOKEN, "REVIEWGATE_HTTP_MAX_CONCURRENT_PER_CLIENT", "4"));
    mcp = URI.create("http://127.0.0.1:" + serve.port() + "/mcp");
  }

  @AfterAll
  static void stop() throws Exception {
    for (InputStream stream : held) {
      stream.close();
    }
    if (serve != null) {
      serve.close();
    }
  }

  private static HttpRequest.Builder post(JsonObject message, String session) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(mcp).timeout(Duration.ofSeconds(30))
      .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
      .header("Accept", "application/json, text/event-stream")
      .POST(HttpRequest.BodyPublishers.ofString(message.encode()));
    if (session != null) {
      builder.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION);
    }
    return builder;
  }

  /** initialize and initialized: the session id. */
  private static String session() throws Exception {
    HttpResponse<String> opened = HTTP.send(post(Messages.initialize(1, VERSION), null).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(opened.statusCode()).as(opened.body()).isEqualTo(200);
    String id = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
    HttpResponse<String> initialized = HTTP.send(post(Messages.notification("notifications/initialized", null), id).build(),
      HttpResponse.BodyHandlers.ofString());
    assertThat(initialized.statusCode()).isEqualTo(202);
    return id;
  }

  /** The result of a tools/call, whether it came as JSON or as an event stream. */
  private static JsonObject call(String session, String tool, JsonObject arguments) throws Exception {
    HttpResponse<String> reply = HTTP.send(post(Messages.request(2, "tools/call", Messages.call(tool, arguments)), session).build(),
      HttpResponse.BodyHandlers.ofString());
    assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
    String body = reply.body();
    String json = body.strip().startsWith("{") ? body : body.lines().filter(line -> line.startsWith("data: {"))
      .map(line -> line.substring(6)).filter(line -> line.contains("\"result\"") || line.contains("\"error\"")).reduce((a, b) -> b).orElseThrow();
    JsonObject result = new JsonObject(json).getJsonObject("result");
    assertThat(result).as(body).isNotNull();
    assertThat(result.getBoolean("isError", false)).as(body).isFalse();
    return result.getJsonObject("structuredContent");
  }

  @Test
  void withFortyStreamsHeldAnotherProcessAndTheHolderAreAnsweredWithinTwoSeconds() throws Exception {
    List<String> sessions = new ArrayList<>();
    for (int i = 0; i < STREAMS; i++) {
      sessions.add(session());
    }
    List<CompletableFuture<HttpResponse<InputStream>>> opening = new ArrayList<>();
    for (String session : sessions) {
      opening.add(HTTP.sendAsync(HttpRequest.newBuilder(mcp).header("Authorization", "Bearer " + TOKEN)
        .header("Accept", "text/event-stream").header("Mcp-Session-Id", session).header("MCP-Protocol-Version", VERSION)
        .GET().build(), HttpResponse.BodyHandlers.ofInputStream()));
    }
    for (CompletableFuture<HttpResponse<InputStream>> stream : opening) {
      HttpResponse<InputStream> open = stream.get(30, TimeUnit.SECONDS);
      held.add(open.body());
      assertThat(open.statusCode()).as("stream %d of %d", held.size(), STREAMS).isEqualTo(200);
    }
    assertThat(held).hasSize(STREAMS);

    // Another local process: curl, initialize then a tool call.
    long started = System.nanoTime();
    Process curl = new ProcessBuilder("curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10",
      "-H", "Authorization: Bearer " + TOKEN, "-H", "Content-Type: application/json",
      "-H", "Accept: application/json, text/event-stream", "--data", Messages.initialize(1, VERSION).encode(), mcp.toString())
      .redirectErrorStream(true).start();
    assertThat(curl.waitFor(20, TimeUnit.SECONDS)).isTrue();
    long curlMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    assertThat(new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("200");
    assertThat(curlMs).as("another process answered within 2 s").isLessThan(2000);

    // The process holding the streams: a new session and a tool call.
    started = System.nanoTime();
    String session = session();
    JsonObject log = call(session, "git_log", new JsonObject().put("limit", 1));
    long holderMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    assertThat(log.getJsonArray("commits")).hasSize(1);
    assertThat(holderMs).as("the holder answered within 2 s").isLessThan(2000);
    System.err.printf("fair limits: %d streams held; another process answered in %d ms, the holder in %d ms%n",
      STREAMS, curlMs, holderMs);
  }

  @Test
  void agentsWaitingForAPersonDoNotUseUpTheirRequestsInFlight() throws Exception {
    String session = session();
    List<CompletableFuture<HttpResponse<String>>> waits = new ArrayList<>();
    int open = 0;
    for (int i = 0; i < WAITS; i++) {
      JsonObject request = Messages.request(100 + i, "tools/call", Messages.call("review_request",
        new JsonObject().put("title", "wait " + i).put("commit_range", "HEAD")));
      waits.add(HTTP.sendAsync(post(request, session).timeout(Duration.ofMinutes(3)).build(), HttpResponse.BodyHandlers.ofString()));
      // One at a time: a call counts against the client's 4 until its review is open and it waits for the person,
      // so six sent at once would have some refused while the first ones were still opening theirs (a 429, rightly).
      for (int attempt = 0; attempt < 100 && open < i + 1; attempt++) {
        open = call(session, "review_list", new JsonObject()).getJsonArray("reviews").size();
        if (open < i + 1) {
          Thread.sleep(100);
        }
      }
      assertThat(waits.get(i)).as("wait %d is waiting for the person, not refused", i).isNotDone();
    }
    // Every wait has opened its review, so all of them are in flight: more than the 4 requests this client may have.
    assertThat(open).as("reviews opened by the waiting calls").isEqualTo(WAITS);
    assertThat(waits).as("still waiting for the person").noneMatch(CompletableFuture::isDone);
    long started = System.nanoTime();
    JsonObject log = call(session, "git_log", new JsonObject().put("limit", 1));
    assertThat(log.getJsonArray("commits")).hasSize(1);
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(2000);
    waits.forEach(wait -> wait.cancel(true));
  }
}
