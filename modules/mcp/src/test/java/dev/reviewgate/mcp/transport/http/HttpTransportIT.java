package dev.reviewgate.mcp.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.net.ClientSlots;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.ToolResults;
import dev.reviewgate.mcp.transport.http.HttpClientSupport.Reply;
import dev.reviewgate.mcp.transport.http.HttpClientSupport.Stream;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Streamable HTTP on a real loopback server: sessions, SSE resumption, stateless rules, cancellation. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HttpTransportIT {

  private static final String STATELESS = "2026-07-28";

  private Vertx vertx;
  private HttpServer httpServer;
  private McpServer server;
  private HttpTransportOptions options;
  private HttpTransport transport;
  private HttpTransport shortLived;
  private HttpTransport stalling;
  private HttpClientSupport http;
  private HttpClientSupport shortHttp;
  private final CountDownLatch cancelled = new CountDownLatch(1);

  private static final String BIG_DIFF = "+caf\u00e9 \ud83d\ude00 \"quoted\" line\n".repeat(100_000);
  private static final String HUGE_DIFF = "+a line of a large diff\n".repeat(700_000);

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    JsonObject waitTool = new JsonObject().put("name", "test_wait_for_cancel").put("address", "reviewgate.test.wait")
      .put("title", "wait").put("description", "Test tool: reports progress, then waits until it is cancelled.")
      .put("exposure", new JsonArray().add("MCP"))
      .put("inputSchema", new JsonObject().put("type", "object").put("properties", new JsonObject()));
    McpServer.Builder builder = McpServer.builder(vertx, ToolCatalog.standard())
      .localTool(ToolCatalog.parseTool(getClass().getClassLoader(), waitTool), (args, request) -> {
        Promise<JsonObject> never = Promise.promise();
        request.onCancel(() -> {
          cancelled.countDown();
          never.tryFail("cancelled");
        });
        request.progress(1, null, "waiting");
        return never.future();
      });
    // Read as git_diff's replies are: the diff text first, once.
    final dev.reviewgate.core.catalog.ReplyContent DIFF = ToolCatalog.standard().require("git_diff").replyContent();
    JsonObject bigTool = new JsonObject().put("name", "test_big_diff").put("address", "reviewgate.test.big")
      .put("title", "big").put("description", "Test tool: a diff of about 3 MB.")
      .put("exposure", new JsonArray().add("MCP"))
      .put("inputSchema", new JsonObject().put("type", "object").put("properties", new JsonObject()));
    builder.localTool(ToolCatalog.parseTool(getClass().getClassLoader(), bigTool),
      (args, request) -> io.vertx.core.Future.succeededFuture(ToolResults.success(new JsonObject().put("diff", BIG_DIFF), DIFF)));
    JsonObject hugeTool = bigTool.copy().put("name", "test_huge_diff").put("address", "reviewgate.test.huge")
      .put("description", "Test tool: a diff of about 16 MB, more than loopback socket buffers hold.");
    builder.localTool(ToolCatalog.parseTool(getClass().getClassLoader(), hugeTool),
      (args, request) -> io.vertx.core.Future.succeededFuture(ToolResults.success(new JsonObject().put("diff", HUGE_DIFF), DIFF)));
    // Three tools of the conformance suite's fixtures that the tests below call, answered as there.
    JsonObject simpleTool = bigTool.copy().put("name", "test_simple_text").put("address", "reviewgate.test.simple")
      .put("description", "Test tool: a short text.");
    builder.localTool(ToolCatalog.parseTool(getClass().getClassLoader(), simpleTool),
      (args, request) -> io.vertx.core.Future.succeededFuture(text("This is a simple text response for testing.")));
    JsonObject progressTool = bigTool.copy().put("name", "test_tool_with_progress").put("address", "reviewgate.test.progress")
      .put("description", "Test tool: three progress notifications 50 ms apart, then a text.");
    builder.localTool(ToolCatalog.parseTool(getClass().getClassLoader(), progressTool), (args, request) -> {
      request.progress(0, 100.0, null);
      return vertx.timer(50).compose(v -> {
        request.progress(50, 100.0, null);
        return vertx.timer(50);
      }).map(v -> {
        request.progress(100, 100.0, null);
        return text("Tool with progress executed successfully");
      });
    });
    JsonObject headerTool = bigTool.copy().put("name", "test_custom_header").put("address", "reviewgate.test.header")
      .put("description", "Test tool: its region argument also travels in the Mcp-Param-Region header.")
      .put("inputSchema", new JsonObject().put("type", "object").put("properties", new JsonObject().put("region",
        new JsonObject().put("type", "string").put("x-mcp-header", "Region"))).put("required", new JsonArray().add("region")));
    builder.localTool(ToolCatalog.parseTool(getClass().getClassLoader(), headerTool),
      (args, request) -> io.vertx.core.Future.succeededFuture(text("region: " + args.getString("region"))));
    server = builder.build();
    options = HttpTransportOptions.from(ReviewgateConfig.defaults().section("http"));
    transport = new HttpTransport(vertx, server, options);
    // Sessions that expire quickly, on their own endpoint, for the expiry test.
    shortLived = new HttpTransport(vertx, server, optionsWith("sessionIdleMs", 300));
    Router router = Router.router(vertx);
    router.route("/mcp").handler(BodyHandler.create(false)).handler(transport);
    router.route("/short").handler(BodyHandler.create(false)).handler(shortLived);
    // Responses reset after 300 ms with nothing read, for the stalled-reader test.
    stalling = new HttpTransport(vertx, server, optionsWith("responseWriteStallMs", 300));
    router.route("/stall").handler(BodyHandler.create(false)).handler(stalling);
    httpServer = HttpClientSupport.await(vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1"));
    http = new HttpClientSupport(vertx, httpServer.actualPort(), "/mcp");
    shortHttp = new HttpClientSupport(vertx, httpServer.actualPort(), "/short");
  }

  private static JsonObject text(String text) {
    return new JsonObject().put("content", new JsonArray().add(new JsonObject().put("type", "text").put("text", text)));
  }

  @AfterEach
  void stop() throws Exception {
    transport.close();
    shortLived.close();
    stalling.close();
    HttpClientSupport.await(vertx.close());
  }

  /** The default transport options with one {@code http.*} value changed. */
  private static HttpTransportOptions optionsWith(String key, long value) {
    return HttpTransportOptions.from(ReviewgateConfig.defaults().section("http").copy().put(key, value));
  }

  private static JsonObject request(Object id, String method, JsonObject params) {
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("id", id).put("method", method);
    return params == null ? message : message.put("params", params);
  }

  private static JsonObject initialize(String version) {
    return request(1, "initialize", new JsonObject().put("protocolVersion", version)
      .put("capabilities", new JsonObject()).put("clientInfo", new JsonObject().put("name", "it").put("version", "1")));
  }

  private String openSession(String version) throws Exception {
    Reply reply = http.post(Map.of(), initialize(version));
    assertThat(reply.status()).isEqualTo(200);
    String session = reply.headers().get("Mcp-Session-Id");
    assertThat(session).matches("[\\x21-\\x7E]+");
    Reply initialized = http.post(Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", version),
      new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/initialized"));
    assertThat(initialized.status()).isEqualTo(202);
    return session;
  }

  private static JsonObject statelessMeta() {
    return new JsonObject()
      .put("io.modelcontextprotocol/protocolVersion", STATELESS)
      .put("io.modelcontextprotocol/clientCapabilities", new JsonObject())
      .put("io.modelcontextprotocol/clientInfo", new JsonObject().put("name", "it").put("version", "1"));
  }

  private static Map<String, String> statelessHeaders(String method, String name) {
    Map<String, String> headers = new HashMap<>(Map.of("MCP-Protocol-Version", STATELESS, "Mcp-Method", method));
    if (name != null) {
      headers.put("Mcp-Name", name);
    }
    return headers;
  }

  @Test
  void sessionLifecycleFollowsTheStatusRules() throws Exception {
    String session = openSession("2025-11-25");
    Map<String, String> inSession = Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25");

    Reply list = http.post(inSession, request(2, "tools/list", new JsonObject()));
    assertThat(list.status()).isEqualTo(200);
    assertThat(list.json().getJsonObject("result").getJsonArray("tools")).isNotEmpty();

    assertThat(http.post(Map.of(), request(3, "tools/list", null)).status()).as("no session id").isEqualTo(400);
    assertThat(http.post(Map.of("Mcp-Session-Id", "nope"), request(4, "tools/list", null)).status()).as("unknown").isEqualTo(404);
    assertThat(http.post(Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "1999-01-01"), request(5, "tools/list", null))
      .status()).as("invalid version header").isEqualTo(400);
    assertThat(http.post(Map.of("Mcp-Session-Id", session, "Accept", "text/html"), request(6, "tools/list", null))
      .status()).as("unacceptable").isEqualTo(406);
    assertThat(http.send(HttpMethod.PUT, inSession, "{}").status()).isEqualTo(405);

    assertThat(http.send(HttpMethod.DELETE, inSession, null).status()).isEqualTo(200);
    assertThat(http.post(inSession, request(7, "tools/list", null)).status()).as("after DELETE").isEqualTo(404);
  }

  @Test
  void aClientAtItsSessionCapPushesOutOnlyItsOwnSessions() throws Exception {
    HttpTransport capped = new HttpTransport(vertx, server, optionsWith("maxSessionsPerClient", 2));
    Router router = Router.router(vertx);
    // Stands in for the HTTP server's limiter, which names each request's client on the routing context.
    router.route("/per-client").handler(BodyHandler.create(false)).handler(ctx -> {
      ctx.put(ClientSlots.CLIENT, ctx.request().getHeader("X-Test-Client"));
      ctx.next();
    }).handler(capped);
    HttpServer cappedServer = HttpClientSupport.await(vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1"));
    HttpClientSupport client = new HttpClientSupport(vertx, cappedServer.actualPort(), "/per-client");
    String version = "2025-06-18";
    try {
      String other = client.post(Map.of("X-Test-Client", "b"), initialize(version)).headers().get("Mcp-Session-Id");
      // Client a opens sessions in a loop: each initialize is answered, at the expense of a's own sessions only.
      List<String> mine = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        Reply opened = client.post(Map.of("X-Test-Client", "a"), initialize(version));
        assertThat(opened.status()).as("initialize " + i).isEqualTo(200);
        mine.add(opened.headers().get("Mcp-Session-Id"));
      }
      assertThat(client.post(Map.of("X-Test-Client", "b", "Mcp-Session-Id", other, "MCP-Protocol-Version", version),
        request(2, "tools/list", null)).status()).as("the other client's session").isEqualTo(200);
      assertThat(client.post(Map.of("X-Test-Client", "a", "Mcp-Session-Id", mine.get(0), "MCP-Protocol-Version", version),
        request(3, "tools/list", null)).status()).as("a's oldest session made room").isEqualTo(404);
      // Both of a's sessions busy: a's next initialize is refused with 429; b can still open one.
      for (String session : mine.subList(mine.size() - 2, mine.size())) {
        client.stream(HttpMethod.POST, Map.of("X-Test-Client", "a", "Mcp-Session-Id", session, "MCP-Protocol-Version", version),
          request(9, "tools/call", new JsonObject().put("name", "test_wait_for_cancel").put("arguments", new JsonObject())
            .put("_meta", new JsonObject().put("progressToken", "p"))).encode());
      }
      Reply refused = client.post(Map.of("X-Test-Client", "a"), initialize(version));
      assertThat(refused.status()).isEqualTo(429);
      assertThat(refused.headers().get("Retry-After")).isNotNull();
      assertThat(refused.body()).contains("http.maxSessionsPerClient");
      assertThat(client.post(Map.of("X-Test-Client", "b"), initialize(version)).status()).isEqualTo(200);
    } finally {
      capped.close();
      HttpClientSupport.await(cappedServer.close());
    }
  }

  @Test
  void atTheCapUnusedSessionsMakeRoomAndBusyOnesAreKept() throws Exception {
    HttpTransport capped = new HttpTransport(vertx, server, optionsWith("maxSessions", 2));
    Router router = Router.router(vertx);
    router.route("/capped").handler(BodyHandler.create(false)).handler(capped);
    HttpServer cappedServer = HttpClientSupport.await(vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1"));
    HttpClientSupport cappedHttp = new HttpClientSupport(vertx, cappedServer.actualPort(), "/capped");
    try {
      String active = cappedHttp.post(Map.of(), initialize("2025-06-18")).headers().get("Mcp-Session-Id");
      Map<String, String> inActive = Map.of("Mcp-Session-Id", active, "MCP-Protocol-Version", "2025-06-18");
      // One client opens sessions in a loop, as in a session-exhaustion attack: every initialize still succeeds.
      for (int i = 0; i < 50; i++) {
        assertThat(cappedHttp.post(Map.of(), initialize("2025-06-18")).status()).as("initialize " + i).isEqualTo(200);
        if (i == 0) {
          // Used after its initialize: never-used sessions go first, so this one survives the loop.
          assertThat(cappedHttp.post(inActive, request(2, "tools/list", null)).status()).isEqualTo(200);
        }
      }
      assertThat(cappedHttp.post(inActive, request(3, "tools/list", null)).status()).as("the used session").isEqualTo(200);

      // Both sessions busy (a call waiting in each): the next initialize is refused, nobody is cut off.
      String second = cappedHttp.post(Map.of(), initialize("2025-06-18")).headers().get("Mcp-Session-Id");
      assertThat(cappedHttp.post(inActive, request(4, "tools/list", null)).status()).as("still there").isEqualTo(200);
      for (String session : new String[] {active, second}) {
        cappedHttp.stream(HttpMethod.POST, Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-06-18"),
          request(9, "tools/call", new JsonObject().put("name", "test_wait_for_cancel").put("arguments", new JsonObject())
            .put("_meta", new JsonObject().put("progressToken", "p"))).encode());
      }
      Reply refused = cappedHttp.post(Map.of(), initialize("2025-06-18"));
      assertThat(refused.status()).isEqualTo(503);
      assertThat(refused.headers().get("Retry-After")).isNotNull();
    } finally {
      capped.close();
      HttpClientSupport.await(cappedServer.close());
    }
  }

  @Test
  void idleSessionsExpireWith404() throws Exception {
    Reply init = shortHttp.post(Map.of(), initialize("2025-06-18"));
    String session = init.headers().get("Mcp-Session-Id");
    assertThat(session).isNotNull();
    Thread.sleep(1_500);
    Reply reply = shortHttp.post(Map.of("Mcp-Session-Id", session), request(2, "tools/list", null));
    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.json().getJsonObject("error").getString("message")).contains("start a new one with initialize");
  }

  /** A session-era tools/call with a progress token, answered as an event stream. */
  private Stream callWithProgress(Map<String, String> headers, int id, String tool, String token) throws Exception {
    Stream stream = http.stream(HttpMethod.POST, new HashMap<>(headers) {{
        put("Content-Type", "application/json");
        put("Accept", HttpClientSupport.ACCEPT_BOTH);
      }},
      request(id, "tools/call", new JsonObject().put("name", tool).put("arguments", new JsonObject())
        .put("_meta", new JsonObject().put("progressToken", token))).encode());
    assertThat(stream.response.getHeader("Content-Type")).startsWith("text/event-stream");
    return stream;
  }

  @Test
  void droppedStreamIsResumedWithLastEventIdAndTheCallIsNotCancelled() throws Exception {
    String session = openSession("2025-11-25");
    Map<String, String> headers = Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25");
    Stream stream = callWithProgress(headers, 9, "test_tool_with_progress", "p1");
    Map<String, String> priming = stream.next();
    assertThat(priming.get("id")).isNotBlank();
    assertThat(priming).containsKey("retry");
    Map<String, String> first = stream.next();
    assertThat(new JsonObject(first.get("data")).getString("method")).isEqualTo("notifications/progress");
    stream.abort();

    Thread.sleep(400); // the tool finishes meanwhile (about 100 ms): its result is kept for the stream
    Stream resumed = http.stream(HttpMethod.GET, new HashMap<>(headers) {{
        put("Accept", "text/event-stream");
        put("Last-Event-ID", first.get("id"));
      }}, null);
    JsonObject message;
    do {
      message = resumed.nextMessage();
    } while (message.containsKey("method"));
    assertThat(message.getValue("id")).isEqualTo(9);
    assertThat(message.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"))
      .isEqualTo("Tool with progress executed successfully");
  }

  @Test
  void aLargeResultEndsItsSessionStreamWholeButIsNotKeptForAReconnect() throws Exception {
    String session = openSession("2025-11-25");
    Map<String, String> headers = Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25");
    Stream stream = callWithProgress(headers, 6, "test_big_diff", "p6");
    String lastId = null;
    JsonObject message;
    Map<String, String> event;
    do {
      event = stream.next();
      if (event.get("id") != null) {
        lastId = event.get("id");
      }
      message = event.get("data") == null || event.get("data").isEmpty() ? new JsonObject().put("method", "priming")
        : new JsonObject(event.get("data"));
    } while (message.containsKey("method"));
    assertThat(message.getValue("id")).isEqualTo(6);
    assertThat(message.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(BIG_DIFF);
    String resultId = lastId;
    assertThat(resultId).as("the result event has an id").isNotBlank();

    // A reconnect from before the result would need it again: refused (the stream ends without it), not replayed.
    String before = resultId.substring(0, resultId.lastIndexOf('-') + 1) + "0";
    Reply resumed = http.send(HttpMethod.GET, new HashMap<>(headers) {{
        put("Accept", "text/event-stream");
        put("Last-Event-ID", before);
      }}, null);
    assertThat(resumed.body()).doesNotContain("\"id\":6");
  }

  @Test
  void aLargeResultGoesOutInChunksAndCarriesTheDiffOnce() throws Exception {
    String session = openSession("2025-11-25");
    Reply reply = http.post(Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25", "Accept", "application/json"),
      request(2, "tools/call", new JsonObject().put("name", "test_big_diff").put("arguments", new JsonObject())));
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.headers().get("Transfer-Encoding")).isEqualTo("chunked");
    JsonObject result = reply.json().getJsonObject("result");
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(BIG_DIFF);
    assertThat(result.getJsonObject("structuredContent").getInteger("diff_in_content")).isZero();
    assertThat(reply.body().length()).as("one copy of the diff").isLessThan(BIG_DIFF.length() * 3 / 2);
  }

  @Test
  void aLargeStatelessResultGoesOutAsOneEventEncodedAsItIsWritten() throws Exception {
    Reply reply = http.send(HttpMethod.POST, new HashMap<>(statelessHeaders("tools/call", "test_big_diff")) {{
        put("Content-Type", "application/json");
        put("Accept", "text/event-stream");
      }},
      request(3, "tools/call", new JsonObject().put("name", "test_big_diff").put("arguments", new JsonObject())
        .put("_meta", statelessMeta())).encode());
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.headers().get("Content-Type")).isEqualTo("text/event-stream");
    assertThat(reply.body()).startsWith("event: message\ndata: {").endsWith("}\n\n");
    String data = reply.body().substring("event: message\ndata: ".length(), reply.body().length() - 2);
    assertThat(data).doesNotContain("\n");
    JsonObject message = new JsonObject(data);
    assertThat(message.getValue("id")).isEqualTo(3);
    assertThat(message.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(BIG_DIFF);
  }

  @Test
  void aClientThatStopsReadingALargeResultIsResetAndTheServerGoesOn() throws Exception {
    String body = request(4, "tools/call", new JsonObject().put("name", "test_huge_diff").put("arguments", new JsonObject())
      .put("_meta", statelessMeta())).encode();
    long read = 0;
    boolean broken = false;
    try (java.net.Socket socket = new java.net.Socket()) {
      socket.setReceiveBufferSize(4096); // before connecting, so the window stays small and the server's writes back up
      socket.connect(new java.net.InetSocketAddress("127.0.0.1", httpServer.actualPort()), 5_000);
      socket.setSoTimeout(10_000);
      byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      String head = "POST /stall HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: " + STATELESS + "\r\n"
        + "Mcp-Method: tools/call\r\nMcp-Name: test_huge_diff\r\nContent-Length: " + bytes.length + "\r\n\r\n";
      socket.getOutputStream().write(head.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      socket.getOutputStream().write(bytes);
      socket.getOutputStream().flush();
      Thread.sleep(2_000); // reads nothing for more than the 300 ms stall limit
      byte[] buffer = new byte[64 * 1024];
      try {
        for (int n = socket.getInputStream().read(buffer); n >= 0; n = socket.getInputStream().read(buffer)) {
          read += n;
        }
      } catch (java.net.SocketException e) {
        broken = true; // the reset
      }
    }
    assertThat(read).as("the response stopped short of its %d characters", HUGE_DIFF.length()).isLessThan(HUGE_DIFF.length());
    assertThat(broken || read > 0).isTrue();
    // The encoder it held is free: a reading client gets its large result whole.
    Reply reply = http.post(new HashMap<>(statelessHeaders("tools/call", "test_big_diff")) {{
        put("Accept", "application/json");
      }},
      request(5, "tools/call", new JsonObject().put("name", "test_big_diff").put("arguments", new JsonObject())
        .put("_meta", statelessMeta())));
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(BIG_DIFF);
  }

  @Test
  void statelessCallStreamsProgressThenTheResult() throws Exception {
    Stream stream = http.stream(HttpMethod.POST, new HashMap<>(statelessHeaders("tools/call", "test_tool_with_progress")) {{
        put("Content-Type", "application/json");
        put("Accept", HttpClientSupport.ACCEPT_BOTH);
      }},
      request(1, "tools/call", new JsonObject().put("name", "test_tool_with_progress").put("arguments", new JsonObject())
        .put("_meta", statelessMeta().put("progressToken", "t"))).encode());
    assertThat(stream.response.getHeader("X-Accel-Buffering")).isEqualTo("no");
    int progress = 0;
    JsonObject message = stream.nextMessage();
    while (message.containsKey("method")) {
      assertThat(message.getString("method")).isEqualTo("notifications/progress");
      progress++;
      message = stream.nextMessage();
    }
    assertThat(progress).isGreaterThanOrEqualTo(3);
    assertThat(message.getJsonObject("result").getString("resultType")).isEqualTo("complete");
  }

  @Test
  void closingTheStatelessStreamCancelsTheWork() throws Exception {
    Stream stream = http.stream(HttpMethod.POST, new HashMap<>(statelessHeaders("tools/call", "test_wait_for_cancel")) {{
        put("Content-Type", "application/json");
        put("Accept", HttpClientSupport.ACCEPT_BOTH);
      }},
      request(1, "tools/call", new JsonObject().put("name", "test_wait_for_cancel").put("arguments", new JsonObject())
        .put("_meta", statelessMeta().put("progressToken", "t"))).encode());
    assertThat(stream.nextMessage().getString("method")).isEqualTo("notifications/progress");
    assertThat(cancelled.getCount()).isEqualTo(1);
    stream.abort();
    assertThat(cancelled.await(10, TimeUnit.SECONDS)).as("the tool saw the cancellation").isTrue();
  }

  @Test
  void statelessHeadersMustMatchTheBody() throws Exception {
    JsonObject call = request(1, "tools/call", new JsonObject().put("name", "test_simple_text")
      .put("arguments", new JsonObject()).put("_meta", statelessMeta()));

    Reply ok = http.post(statelessHeaders("tools/call", " test_simple_text "), call);
    assertThat(ok.status()).isEqualTo(200);
    assertThat(ok.json().getJsonObject("result").getString("resultType")).isEqualTo("complete");

    Reply wrongMethod = http.post(statelessHeaders("tools/list", "test_simple_text"), call);
    assertThat(wrongMethod.status()).isEqualTo(400);
    assertThat(wrongMethod.json().getJsonObject("error").getInteger("code")).isEqualTo(-32020);

    Reply missingName = http.post(statelessHeaders("tools/call", null), call);
    assertThat(missingName.status()).isEqualTo(400);
    assertThat(missingName.json().getJsonObject("error").getInteger("code")).isEqualTo(-32020);

    Reply versionMismatch = http.post(Map.of("MCP-Protocol-Version", STATELESS, "Mcp-Method", "server/discover"),
      request(2, "server/discover", new JsonObject().put("_meta", statelessMeta().put("io.modelcontextprotocol/protocolVersion", "2099-01-01"))));
    assertThat(versionMismatch.status()).isEqualTo(400);
    assertThat(versionMismatch.json().getJsonObject("error").getInteger("code")).isEqualTo(-32020);

    Reply unsupported = http.post(Map.of("MCP-Protocol-Version", "2099-01-01", "Mcp-Method", "server/discover"),
      request(3, "server/discover", new JsonObject().put("_meta", statelessMeta().put("io.modelcontextprotocol/protocolVersion", "2099-01-01"))));
    assertThat(unsupported.status()).isEqualTo(400);
    JsonObject error = unsupported.json().getJsonObject("error");
    assertThat(error.getInteger("code")).isEqualTo(-32022);
    assertThat(error.getJsonObject("data").getJsonArray("supported").getList()).contains(STATELESS);

    Reply unknownMethod = http.post(statelessHeaders("nope/nothing", null),
      request(4, "nope/nothing", new JsonObject().put("_meta", statelessMeta())));
    assertThat(unknownMethod.status()).isEqualTo(404);
    assertThat(unknownMethod.json().getJsonObject("error").getInteger("code")).isEqualTo(-32601);

    Reply notification = http.post(statelessHeaders("notifications/cancelled", null), new JsonObject().put("jsonrpc", "2.0")
      .put("method", "notifications/cancelled").put("params", new JsonObject().put("requestId", 99).put("_meta", statelessMeta())));
    assertThat(notification.status()).isEqualTo(202);

    assertThat(http.send(HttpMethod.GET, Map.of("MCP-Protocol-Version", STATELESS, "Accept", "text/event-stream"), null).status()).isEqualTo(405);
    assertThat(http.send(HttpMethod.DELETE, Map.of("MCP-Protocol-Version", STATELESS), null).status()).isEqualTo(405);
  }

  @Test
  void parameterHeadersMustRepeatTheirArguments() throws Exception {
    JsonObject call = request(1, "tools/call", new JsonObject().put("name", "test_custom_header")
      .put("arguments", new JsonObject().put("region", "Zürich")).put("_meta", statelessMeta()));
    Map<String, String> headers = statelessHeaders("tools/call", "test_custom_header");
    String base64 = java.util.Base64.getEncoder().encodeToString("Zürich".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    headers.put("Mcp-Param-Region", "=?base64?" + base64 + "?=");
    assertThat(http.post(headers, call).status()).as("Base64 form").isEqualTo(200);

    headers.put("Mcp-Param-Region", "=?base64?" + base64.replace("=", "") + "?=");
    Reply badPadding = http.post(headers, call);
    assertThat(badPadding.status()).isEqualTo(400);
    assertThat(badPadding.json().getJsonObject("error").getInteger("code")).isEqualTo(-32020);

    headers.put("Mcp-Param-Region", "Basel");
    assertThat(http.post(headers, call).status()).as("different value").isEqualTo(400);

    headers.remove("Mcp-Param-Region");
    assertThat(http.post(headers, call).status()).as("missing header").isEqualTo(400);
  }
}
