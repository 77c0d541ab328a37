package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.security.Caller;
import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.review.TempRepo;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.UpgradeRejectedException;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The doors of issue #21, checked from outside on loopback: {@code reviewgate serve} as a subprocess with no
 * {@code REVIEWGATE_TOKEN}, its own state directory, the TCP bridge open, a configured service credential, and a fake
 * GitHub on loopback. Who holds what decides what each door does: nothing anonymous, services never act as the
 * person, forge writes only for agents and for a service granted them, the person only with the login cookie.
 */
@Timeout(120)
class DoorsIT {

  private static final Pattern BRIDGE_PORT = Pattern.compile("TCP event-bus bridge on 127\\.0\\.0\\.1:(\\d+)");
  private static final String CI_BOT_TOKEN = "ci-bot-secret-for-the-test";
  private static final String REVIEWERS = "/repos/octo/shop/pulls/5/requested_reviewers";
  private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  @TempDir
  static Path repoDir;
  @TempDir
  static Path stateDir;

  private static Vertx vertx;
  private static FakeGitHub github;
  private static ServeProcess serve;
  private static Map<String, String> environment;
  private static String token;
  private static int bridgePort;

  @BeforeAll
  static void start() throws Exception {
    new TempRepo(repoDir).greetingChange();
    vertx = Vertx.vertx();
    github = FakeGitHub.start(vertx).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    github.on("POST", REVIEWERS).reply(FakeGitHub.Reply.json(200,
      "{\"number\": 5, \"requested_reviewers\": [{\"login\": \"alice\"}], \"requested_teams\": []}"));
    Path config = stateDir.resolveSibling(stateDir.getFileName() + "-config.json");
    Files.writeString(config, new JsonObject().put("services", new JsonObject().put("ci-bot", new JsonObject()
      .put("tokenEnv", "CI_BOT_TOKEN").put("allow", new JsonArray().add("github_update_pull_request_state")))).encode());
    environment = new HashMap<>(Map.of(UserSecret.STATE_DIR_ENV, stateDir.toString(), "GITHUB_API_URL", github.url(),
      "GITHUB_TOKEN", "ghp_doors_test", "CI_BOT_TOKEN", CI_BOT_TOKEN));
    token = cli("token").trim();
    serve = ServeProcess.start(repoDir, environment, "--bus-bridge-port", "0", "--config", config.toString());
    bridgePort = serve.number(BRIDGE_PORT);
  }

  @AfterAll
  static void stop() throws Exception {
    Stop.all(serve, github, vertx);
  }

  @Test
  void anAnonymousTcpFrameIsRefusedAndOneWithTheOutputOfReviewgateTokenIsAnswered() throws Exception {
    assertThat(token).hasSizeGreaterThanOrEqualTo(40);
    assertThat(Files.readString(stateDir.resolve("token")).trim()).isEqualTo(token);
    assertThat(Files.getPosixFilePermissions(stateDir.resolve("token")))
      .containsExactlyInAnyOrder(java.nio.file.attribute.PosixFilePermission.OWNER_READ, java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
    try (Frames tcp = new Frames()) {
      JsonObject anonymous = tcp.call(send("reviewgate.git.repos", new JsonObject(), null));
      assertThat(anonymous.getString("type")).isEqualTo("err");
      assertThat(anonymous.getInteger("failureCode")).isEqualTo(403);
      assertThat(anonymous.getString("message")).startsWith("access_denied").doesNotContain(token);
      JsonObject answered = tcp.call(send("reviewgate.git.repos", new JsonObject(), token));
      assertThat(answered.getString("type")).as(answered.encode()).isEqualTo("message");
      assertThat(answered.getJsonObject("body").getJsonArray("repos")).isNotEmpty();
    }
  }

  @Test
  void withAServiceCredentialReviewCompleteSentOrPublishedIsRefusedAndTheReviewIsUnchanged() throws Exception {
    String id = requestReview();
    try (Frames tcp = new Frames()) {
      for (String credential : List.of(token, CI_BOT_TOKEN)) {
        JsonObject complete = new JsonObject().put("review_id", id).put("action", "checkpoint");
        JsonObject sent = tcp.call(send("reviewgate.review.complete", complete, credential)
          .put("headers", new JsonObject().put("authorization", "Bearer " + credential).put(Caller.HEADER, "person")));
        assertThat(sent.getString("message")).startsWith("access_denied");
        JsonObject published = tcp.call(new JsonObject().put("type", "publish").put("address", "reviewgate.review.complete")
          .put("headers", new JsonObject().put("authorization", "Bearer " + credential)).put("body", complete));
        assertThat(published.getString("message")).startsWith("access_denied");
        JsonObject comment = tcp.call(send("reviewgate.review.comment", new JsonObject().put("review_id", id)
          .put("body", "approved by a service"), credential));
        assertThat(comment.getString("message")).startsWith("access_denied");
      }
    }
    JsonObject status = mcp("review_status", new JsonObject().put("review_id", id));
    assertThat(status.getString("status")).isEqualTo("pending");
    assertThat(status.encode()).doesNotContain("approved by a service");
  }

  @Test
  void aForgeWriteOverTheBridgeSendsNothingWhileTheAgentsCallOverHttpMcpDoes() throws Exception {
    JsonObject request = new JsonObject().put("owner", "octo").put("repo", "shop").put("pr_number", 5)
      .put("action", "request_reviewers").put("reviewers", new JsonArray().add("alice"));
    int before = github.received("POST", REVIEWERS).size();
    try (Frames tcp = new Frames()) {
      JsonObject refused = tcp.call(send("reviewgate.github.pr.update_state", request, token));
      assertThat(refused.getString("message")).startsWith("access_denied");
      assertThat(github.received("POST", REVIEWERS)).hasSize(before);

      JsonObject agent = mcpResult("github_update_pull_request_state", request);
      assertThat(agent.getBoolean("isError", false)).as(agent.encode()).isFalse();
      assertThat(github.received("POST", REVIEWERS)).hasSize(before + 1);
      assertThat(github.received("POST", REVIEWERS).get(before).headers().get("Authorization")).isEqualTo("Bearer ghp_doors_test");

      // A service the configuration grants the tool may use it; its calls say who they are.
      JsonObject granted = tcp.call(send("reviewgate.github.pr.update_state", request, CI_BOT_TOKEN));
      assertThat(granted.getString("type")).as(granted.encode()).isEqualTo("message");
      assertThat(github.received("POST", REVIEWERS)).hasSize(before + 2);
    }
  }

  @Test
  void onlyAWebSocketCarryingTheCookieOfReviewgateOpenCommentsAsThePerson() throws Exception {
    String id = requestReview();
    assertThat(upgradeRefusal(new WebSocketConnectOptions())).as("anonymous").isEqualTo(401);
    try (Bridge service = Bridge.open(new WebSocketConnectOptions().addHeader("Authorization", "Bearer " + token))) {
      JsonObject refused = service.call("reviewgate.review.comment", new JsonObject().put("review_id", id)
        .put("body", "a service posing as the person"), new JsonObject().put(Caller.HEADER, "person"));
      assertThat(refused.getString("type")).isEqualTo("err");
    }

    String link = cli("open", id, "--print").trim();
    assertThat(link).startsWith("http://127.0.0.1:" + serve.port() + "/login?code=").endsWith("&review=" + id)
      .doesNotContain(token);
    HttpResponse<String> login = HTTP.send(HttpRequest.newBuilder(URI.create(link)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(login.statusCode()).isEqualTo(302);
    assertThat(login.headers().firstValue("Location")).hasValue("/review/#/reviews/" + id);
    String setCookie = login.headers().firstValue("Set-Cookie").orElseThrow();
    assertThat(setCookie.toLowerCase(java.util.Locale.ROOT)).contains("httponly").contains("samesite=strict");
    String cookie = setCookie.substring(0, setCookie.indexOf(';'));
    assertThat(HTTP.send(HttpRequest.newBuilder(URI.create(link)).build(), HttpResponse.BodyHandlers.ofString()).statusCode())
      .as("the link works once").isEqualTo(403);

    try (Bridge person = Bridge.open(new WebSocketConnectOptions().addHeader("Cookie", cookie))) {
      JsonObject posted = person.call("reviewgate.review.comment", new JsonObject().put("review_id", id)
        .put("body", "Signed in, commenting as myself."), new JsonObject());
      assertThat(posted.getString("type")).as(posted.encode()).isEqualTo("rec");
      assertThat(posted.getJsonObject("body").getJsonObject("comment").getString("author")).isEqualTo("person");
    }
    JsonObject status = mcp("review_status", new JsonObject().put("review_id", id));
    assertThat(status.encode()).contains("Signed in, commenting as myself.").doesNotContain("a service posing");
    assertThat(serve.stderr()).doesNotContain(token).doesNotContain(cookie.substring(cookie.indexOf('=') + 1));
  }

  @Test
  void reviewgateOpenAlsoSignsInToTheDashboardOfAnAgentsStdioProcess() throws Exception {
    Path otherState = stateDir.resolve("stdio-only");
    Map<String, String> stdioEnvironment = new HashMap<>(environment);
    stdioEnvironment.put(UserSecret.STATE_DIR_ENV, otherState.toString());
    try (McpProcess agent = McpProcess.start(repoDir, stdioEnvironment)) {
      agent.request(Messages.initialize(1, "2025-11-25"));
      java.util.regex.Matcher door = Pattern.compile("review dashboard at http://127\\.0\\.0\\.1:(\\d+)/review/").matcher("");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!door.reset(agent.stderr()).find() && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertThat(door.reset(agent.stderr()).find()).as(agent.stderr()).isTrue();
      int port = Integer.parseInt(door.group(1));
      String link = cli(stdioEnvironment, "open", "--print").trim();
      assertThat(link).startsWith("http://127.0.0.1:" + port + "/login?code=");
      HttpResponse<String> login = HTTP.send(HttpRequest.newBuilder(URI.create(link)).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(login.statusCode()).isEqualTo(302);
      assertThat(login.headers().firstValue("Set-Cookie").orElseThrow()).startsWith("reviewgate_session_" + port + "=");
      try (var entries = Files.list(otherState.resolve("dashboards"))) {
        assertThat(entries.count()).as("one registry entry: the stdio process's").isEqualTo(1);
      }
    }
  }

  // --- helpers ----------------------------------------------------------------------------------------------------

  private static String requestReview() throws Exception {
    return mcp("review_request", new JsonObject().put("title", "Greet by name").put("commit_range", "HEAD")
      .put("wait", false)).getString("review_id");
  }

  /** {@code reviewgate ARGS} with the test's environment; its stdout (exit 0 required). */
  private static String cli(String... arguments) throws Exception {
    return cli(environment, arguments);
  }

  private static String cli(Map<String, String> variables, String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of(McpProcess.java(), "-jar", McpProcess.jar().toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(repoDir.toFile());
    McpProcess.isolate(builder.environment());
    builder.environment().putAll(variables);
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(String.join(" ", arguments) + " → " + out).isZero();
    return out;
  }

  private static JsonObject send(String address, JsonObject body, String credential) {
    JsonObject frame = new JsonObject().put("type", "send").put("address", address).put("replyAddress", "r").put("body", body);
    return credential == null ? frame : frame.put("headers", new JsonObject().put("authorization", "Bearer " + credential));
  }

  /** The structured result of one tool call by an agent over HTTP MCP (stateless era), with the token. */
  private static JsonObject mcp(String tool, JsonObject arguments) throws Exception {
    JsonObject result = mcpResult(tool, arguments);
    assertThat(result.getBoolean("isError", false)).as(result.encode()).isFalse();
    return result.getJsonObject("structuredContent");
  }

  private static JsonObject mcpResult(String tool, JsonObject arguments) throws Exception {
    JsonObject params = new JsonObject().put("name", tool).put("arguments", arguments).put("_meta", new JsonObject()
      .put("io.modelcontextprotocol/protocolVersion", "2026-07-28").put("io.modelcontextprotocol/clientCapabilities", new JsonObject()));
    HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/mcp"))
      .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
      .header("Authorization", "Bearer " + token).header("MCP-Protocol-Version", "2026-07-28")
      .header("Mcp-Method", "tools/call").header("Mcp-Name", tool)
      .POST(HttpRequest.BodyPublishers.ofString(new JsonObject().put("jsonrpc", "2.0").put("id", 1)
        .put("method", "tools/call").put("params", params).encode())).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    String body = response.body();
    if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
      body = body.lines().filter(l -> l.startsWith("data:")).reduce((x, y) -> y).orElseThrow().substring(5).trim();
    }
    return new JsonObject(body).getJsonObject("result");
  }

  /** The status with which the bridge refuses a WebSocket upgrade (101 when it accepts it). */
  private static int upgradeRefusal(WebSocketConnectOptions options) throws Exception {
    WebSocketClient client = vertx.createWebSocketClient();
    try {
      client.connect(options.setHost("127.0.0.1").setPort(serve.port()).setURI("/eventbus/websocket"))
        .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).close();
      return 101;
    } catch (ExecutionException refused) {
      return refused.getCause() instanceof UpgradeRejectedException rejected ? rejected.getStatus() : -1;
    } finally {
      client.close();
    }
  }

  /** The TCP bridge of the server under test. */
  private static final class Frames extends TcpBridgeClient {
    Frames() throws Exception {
      super(bridgePort);
    }
  }

  /** The WebSocket bridge as a client holding some credential; one call at a time. */
  private record Bridge(WebSocketClient client, WebSocket socket, CompletableFuture<JsonObject>[] next) implements AutoCloseable {

    @SuppressWarnings("unchecked")
    static Bridge open(WebSocketConnectOptions options) throws Exception {
      WebSocketClient client = vertx.createWebSocketClient();
      WebSocket socket = client.connect(options.setHost("127.0.0.1").setPort(serve.port()).setURI("/eventbus/websocket"))
        .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      CompletableFuture<JsonObject>[] next = new CompletableFuture[] {new CompletableFuture<>()};
      socket.handler(buffer -> next[0].complete(buffer.toJsonObject()));
      return new Bridge(client, socket, next);
    }

    JsonObject call(String address, JsonObject body, JsonObject headers) throws Exception {
      next[0] = new CompletableFuture<>();
      Promise<Void> written = Promise.promise();
      socket.writeTextMessage(new JsonObject().put("type", "send").put("address", address).put("replyAddress", "reply")
        .put("headers", headers).put("body", body).encode()).onComplete(written);
      return next[0].get(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
      socket.close();
      client.close();
    }
  }
}
