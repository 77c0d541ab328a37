package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The protocol over a real event bus: diff_parse is served by a stand-in backend through the real
 * {@link ToolEndpoint}, so validation, failure codes and replies take the production path.
 */
class McpServerTest {

  private static final String MODERN = "2026-07-28";

  private Vertx vertx;
  private McpServer server;
  private final List<JsonObject> outbound = new CopyOnWriteArrayList<>();
  private McpConnection connection;
  private final List<Promise<JsonObject>> parked = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    ToolCatalog catalog = ToolCatalog.standard();
    ToolEndpoint.serve(vertx, catalog, "diff_parse", (arguments, call) -> {
      String diff = arguments.getString("diff");
      if (diff.equals("report progress")) {
        // A backend with long work reports its own progress to the address the call names, then answers.
        if (call.wantsProgress()) {
          vertx.eventBus().send(call.progressAddress(), CallContext.progress(1, "halfway"));
          vertx.eventBus().send(call.progressAddress(), CallContext.progress(2, "almost there"));
        }
        return Future.<Void>future(p -> vertx.setTimer(200, t -> p.complete()))
          .map(v -> new JsonObject().put("summary", new JsonObject()).put("warnings", new JsonArray())
            .put("diff", call.wantsProgress() ? "with progress" : "without"));
      }
      if (diff.equals("park")) {
        Promise<JsonObject> promise = Promise.promise();
        parked.add(promise);
        return promise.future();
      }
      if (diff.equals("may it stream?")) {
        return Future.succeededFuture(new JsonObject().put("summary", new JsonObject()).put("warnings", new JsonArray())
          .put("diff", "text stream: " + call.acceptsTextStream() + ", bytes: " + call.acceptsUtf8Text()));
      }
      if (diff.equals("missing")) {
        return Future.failedFuture(ToolException.notFound("no such thing; list them first"));
      }
      return Future.succeededFuture(new JsonObject().put("summary", new JsonObject().put("files", 1))
        .put("warnings", new JsonArray()).put("diff", diff));
    }).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    server = McpServer.builder(vertx, catalog).build();
    connection = server.connect(outbound::add);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private JsonObject send(String text) throws Exception {
    return connection.handle(text).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private JsonObject send(JsonObject message) throws Exception {
    return send(message.encode());
  }

  private static JsonObject modernMeta() {
    return new JsonObject().put("io.modelcontextprotocol/protocolVersion", MODERN)
      .put("io.modelcontextprotocol/clientCapabilities", new JsonObject())
      .put("io.modelcontextprotocol/clientInfo", new JsonObject().put("name", "test").put("version", "1"));
  }

  private static JsonObject modern(Object id, String method, JsonObject params) {
    JsonObject p = params == null ? new JsonObject() : params.copy();
    p.put("_meta", modernMeta().mergeIn(p.getJsonObject("_meta", new JsonObject())));
    return JsonRpc.request(id, method, p);
  }

  private void initialize(String version) throws Exception {
    JsonObject response = send(JsonRpc.request(0, "initialize", new JsonObject().put("protocolVersion", version)
      .put("capabilities", new JsonObject()).put("clientInfo", new JsonObject().put("name", "t").put("version", "1"))));
    assertThat(response.getJsonObject("result").getString("protocolVersion")).isEqualTo(version);
    assertThat(send(JsonRpc.notification("notifications/initialized", null))).isNull();
  }

  @Test
  void sessionEraHandshakeListAndCall() throws Exception {
    initialize("2025-06-18");
    assertThat(send(JsonRpc.request("p", "ping", null))).isEqualTo(JsonRpc.result("p", new JsonObject()));
    JsonObject list = send(JsonRpc.request(1, "tools/list", null)).getJsonObject("result");
    assertThat(list.getJsonArray("tools").stream().map(tool -> ((JsonObject) tool).getString("name")))
      .as("every toolset by default, in catalog order").startsWith("git_repos").contains("diff_parse");
    assertThat(list.containsKey("resultType")).isFalse();
    JsonObject call = send(JsonRpc.request(2, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "DIFF TEXT")))).getJsonObject("result");
    assertThat(call.getBoolean("isError")).isFalse();
    assertThat(call.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("DIFF TEXT");
    assertThat(call.getJsonObject("structuredContent").getInteger("diff_in_content")).isZero();
    assertThat(ToolResults.reply(call).getString("diff")).isEqualTo("DIFF TEXT");
    assertThat(new JsonObject(call.getJsonArray("content").getJsonObject(1).getString("text")).getJsonObject("summary").getInteger("files")).isEqualTo(1);
  }

  @Test
  void unknownSessionVersionGetsOurNewest() throws Exception {
    JsonObject response = send(JsonRpc.request(0, "initialize", new JsonObject().put("protocolVersion", "2024-11-05")));
    assertThat(response.getJsonObject("result").getString("protocolVersion")).isEqualTo("2025-11-25");
    assertThat(response.getJsonObject("result").getJsonObject("capabilities").fieldNames()).contains("tools", "logging", "completions");
  }

  @Test
  void statelessEraCarriesResultTypeAndCacheHints() throws Exception {
    JsonObject discover = send(modern(1, "server/discover", null)).getJsonObject("result");
    assertThat(discover.getJsonArray("supportedVersions")).contains(MODERN, "2025-11-25", "2025-06-18");
    assertThat(discover.getString("resultType")).isEqualTo("complete");
    JsonObject list = send(modern(2, "tools/list", null)).getJsonObject("result");
    assertThat(list.getString("resultType")).isEqualTo("complete");
    assertThat(list.getLong("ttlMs")).isPositive();
    assertThat(list.getString("cacheScope")).isEqualTo("public");
    assertThat(list.getJsonObject("_meta").getJsonObject("io.modelcontextprotocol/serverInfo").getString("name")).isEqualTo("reviewgate");
    JsonObject ping = send(modern(3, "ping", null));
    assertThat(ping.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.METHOD_NOT_FOUND);
  }

  @Test
  void statelessEraChecksMeta() throws Exception {
    JsonObject unsupported = send(JsonRpc.request(1, "tools/list", new JsonObject().put("_meta", modernMeta()
      .put("io.modelcontextprotocol/protocolVersion", "1900-01-01"))));
    assertThat(unsupported.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.UNSUPPORTED_PROTOCOL_VERSION);
    assertThat(unsupported.getJsonObject("error").getJsonObject("data").getJsonArray("supported")).contains(MODERN);
    JsonObject meta = modernMeta();
    meta.remove("io.modelcontextprotocol/clientCapabilities");
    JsonObject missing = send(JsonRpc.request(2, "tools/list", new JsonObject().put("_meta", meta)));
    assertThat(missing.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
    JsonObject noSession = send(JsonRpc.request(3, "tools/list", null));
    assertThat(noSession.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
    assertThat(noSession.getJsonObject("error").getString("message")).contains("initialize", "_meta");
  }

  @Test
  void toolFailuresAreErrorResultsAndUnknownToolsProtocolErrors() throws Exception {
    JsonObject invalid = send(modern(1, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", 5)))).getJsonObject("result");
    assertThat(invalid.getBoolean("isError")).isTrue();
    assertThat(invalid.getJsonArray("content").getJsonObject(0).getString("text")).startsWith("[INVALID_ARGUMENTS]").contains("diff");
    JsonObject notFound = send(modern(2, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "missing")))).getJsonObject("result");
    assertThat(notFound.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("[NOT_FOUND] no such thing; list them first");
    JsonObject unknown = send(modern(3, "tools/call", new JsonObject().put("name", "nope")));
    assertThat(unknown.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
    assertThat(unknown.getJsonObject("error").getString("message")).contains("Unknown tool: nope", "diff_parse")
      .doesNotContain("Did you mean");
    JsonObject mistyped = send(modern(5, "tools/call", new JsonObject().put("name", "diff_prase")));
    assertThat(mistyped.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
    assertThat(mistyped.getJsonObject("error").getString("message"))
      .startsWith("Unknown tool: diff_prase. Did you mean diff_parse?");
    JsonObject badArguments = send(modern(4, "tools/call", new JsonObject().put("name", "diff_parse").put("arguments", "x")));
    assertThat(badArguments.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
  }

  @Test
  void malformedMessages() throws Exception {
    assertThat(send("{not json").getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.PARSE_ERROR);
    assertThat(send("[]").getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_REQUEST);
    assertThat(send("[]").getValue("id")).isNull();
    assertThat(send("42").getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_REQUEST);
    JsonObject wrongVersion = send("{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"ping\"}");
    assertThat(wrongVersion.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_REQUEST);
    assertThat(wrongVersion.getInteger("id")).isEqualTo(7);
    assertThat(send("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}").getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_REQUEST);
    assertThat(send("{\"jsonrpc\":\"2.0\",\"id\":1}").getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INVALID_REQUEST);
    assertThat(send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nope/nope\"}").getJsonObject("error").getInteger("code"))
      .isEqualTo(JsonRpc.INVALID_PARAMS);
    initialize("2025-11-25");
    assertThat(send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nope/nope\"}").getJsonObject("error").getInteger("code"))
      .isEqualTo(JsonRpc.METHOD_NOT_FOUND);
    assertThat(send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"notifications/initialized\"}").getJsonObject("error").getInteger("code"))
      .isEqualTo(JsonRpc.INVALID_REQUEST);
    assertThat(send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\"}")).isNull();
    assertThat(send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":[1]}").getJsonObject("error").getInteger("code"))
      .isEqualTo(JsonRpc.INVALID_PARAMS);
    assertThat(send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\",\"params\":{\"cursor\":\"zzz\"}}").getJsonObject("error").getInteger("code"))
      .isEqualTo(JsonRpc.INVALID_PARAMS);
  }

  @Test
  void progressThenCancellationSuppressesTheResult() throws Exception {
    initialize("2025-11-25");
    JsonObject call = JsonRpc.request(9, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "park")).put("_meta", new JsonObject().put("progressToken", "tok")));
    List<JsonObject> cancels = new CopyOnWriteArrayList<>();
    vertx.eventBus().<JsonObject>consumer(Addresses.CANCEL, m -> cancels.add(m.body()));
    Future<JsonObject> response = connection.handle(call.encode());
    waitFor(() -> !parked.isEmpty());
    waitFor(() -> outbound.stream().anyMatch(m -> "notifications/progress".equals(m.getString("method"))));
    assertThat(outbound.get(0).getJsonObject("params").getString("progressToken")).isEqualTo("tok");
    send(JsonRpc.notification("notifications/cancelled", new JsonObject().put("requestId", 9).put("reason", "user")));
    assertThat(response.toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS)).isNull();
    waitFor(() -> !cancels.isEmpty());
    int before = outbound.size();
    parked.get(0).complete(new JsonObject().put("summary", new JsonObject()).put("warnings", new JsonArray()));
    Thread.sleep(100);
    assertThat(outbound).hasSize(before);
  }

  @Test
  void aBackendsOwnProgressReachesTheClientOnlyWhenItAskedForProgress() throws Exception {
    initialize("2025-11-25");
    JsonObject withToken = send(JsonRpc.request(11, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "report progress")).put("_meta", new JsonObject().put("progressToken", "p1"))));
    assertThat(withToken.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("with progress");
    List<String> messages = outbound.stream().filter(m -> "notifications/progress".equals(m.getString("method")))
      .map(m -> m.getJsonObject("params")).peek(p -> assertThat(p.getString("progressToken")).isEqualTo("p1"))
      .map(p -> p.getString("message")).toList();
    assertThat(messages).contains("halfway", "almost there");
    outbound.clear();
    JsonObject without = send(JsonRpc.request(12, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "report progress"))));
    assertThat(without.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("without");
    assertThat(outbound).noneMatch(m -> "notifications/progress".equals(m.getString("method")));
  }

  /** A tool that waits for a person reports its own progress (the first names the review): no generic "started". */
  @Test
  void aToolThatWaitsForAPersonGetsNoGenericProgress() throws Exception {
    var model = ToolCatalog.standard().require("diff_parse");
    List<JsonObject> sent = new CopyOnWriteArrayList<>();
    for (boolean waits : new boolean[] {true, false}) {
      var tool = new dev.reviewgate.core.catalog.Tool("local_wait_" + waits, "reviewgate.test.wait." + waits, "Wait",
        "Waits for a person.", new JsonObject().put("type", "object"), null, model.annotations(), model.exposure(), waits,
        model.callers(), dev.reviewgate.core.catalog.TaskSupport.FORBIDDEN, null, dev.reviewgate.core.catalog.ReplyContent.NONE);
      McpServer.Builder builder = McpServer.builder(vertx, ToolCatalog.standard())
        .localTool(tool, (arguments, request) -> Future.succeededFuture(ToolResults.success(new JsonObject().put("ok", true))));
      McpConnection c = builder.build().connect(sent::add);
      c.handle(JsonRpc.request(1, "initialize", new JsonObject().put("protocolVersion", "2025-11-25")).encode())
        .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
      sent.clear();
      JsonObject result = c.handle(JsonRpc.request(2, "tools/call", new JsonObject().put("name", tool.name())
          .put("_meta", new JsonObject().put("progressToken", "t"))).encode(), sent::add)
        .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
      assertThat(result.getJsonObject("result").getBoolean("isError")).isFalse();
      List<String> progress = sent.stream().filter(m -> "notifications/progress".equals(m.getString("method")))
        .map(m -> m.getJsonObject("params").getString("message")).toList();
      if (waits) {
        assertThat(progress).as("its backend speaks for it").isEmpty();
      } else {
        assertThat(progress).containsExactly(tool.name() + " started");
      }
    }
  }

  @Test
  void logLevelsPerEra() throws Exception {
    initialize("2025-11-25");
    send(JsonRpc.request(1, "logging/setLevel", new JsonObject().put("level", "warning")));
    send(JsonRpc.request(2, "tools/call", new JsonObject().put("name", "diff_parse").put("arguments", new JsonObject().put("diff", "missing"))));
    waitFor(() -> outbound.stream().anyMatch(m -> "notifications/message".equals(m.getString("method"))));
    assertThat(outbound.get(0).getJsonObject("params").getString("level")).isEqualTo("warning");
    outbound.clear();
    JsonObject call = modern(3, "tools/call", new JsonObject().put("name", "diff_parse").put("arguments", new JsonObject().put("diff", "missing")));
    send(call);
    Thread.sleep(100);
    assertThat(outbound).isEmpty();
  }

  @Test
  void pagination() throws Exception {
    McpOptions small = McpOptions.defaults();
    small = new McpOptions(small.maxLineBytes(), false, 1, small.listTtlMs(), small.progressIntervalMs(),
      small.toolTimeouts(), small.drainOnEofMs(), small.startBackendsAfterMs(), small.stdioEventLoops(),
      small.warmupCalls(), small.warmupMaxMs(), small.warmupCallMaxMs(), small.warmupIdleMs(), small.maxTasks(), small.taskTtlMs(), small.taskPollIntervalMs(),
      small.requestStateTtlMs(), small.elicitationTimeoutMs(), small.warmupIdlePollMs(), small.warmupWatchMs(),
      small.warmupSparedCommits(), small.stdioIdlePauseMs(), small.stdioIdlePollMs(), small.maxCompletionValues(),
      small.maxReplyBytes());
    var tool = ToolCatalog.standard().require("diff_parse");
    var extra = new dev.reviewgate.core.catalog.Tool("local_echo", "reviewgate.test.echo", "Echo", "Echoes.",
      new JsonObject().put("type", "object"), null, tool.annotations(), tool.exposure(), false, tool.callers(),
      dev.reviewgate.core.catalog.TaskSupport.FORBIDDEN, null, dev.reviewgate.core.catalog.ReplyContent.NONE);
    McpServer paged = McpServer.builder(vertx, ToolCatalog.standard()).options(small)
      .localTool(extra, (arguments, request) -> Future.succeededFuture(ToolResults.success(arguments))).build();
    McpConnection c = paged.connect(Outbound.NONE);
    List<String> names = new java.util.ArrayList<>();
    String cursor = null;
    int id = 1;
    do {
      JsonObject params = cursor == null ? null : new JsonObject().put("cursor", cursor);
      JsonObject page = c.handle(modern(id++, "tools/list", params).encode())
        .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS).getJsonObject("result");
      assertThat(page.getJsonArray("tools")).hasSize(1);
      names.add(page.getJsonArray("tools").getJsonObject(0).getString("name"));
      cursor = page.getString("nextCursor");
    } while (cursor != null && id < 100);
    assertThat(names).hasSize(ToolCatalog.standard().tools(dev.reviewgate.core.catalog.Exposure.MCP).size() + 1)
      .endsWith("local_echo").doesNotHaveDuplicates();
    JsonObject echoed = c.handle(modern(3, "tools/call", new JsonObject().put("name", "local_echo")
      .put("arguments", new JsonObject().put("a", 1))).encode()).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    assertThat(echoed.getJsonObject("result").getJsonObject("structuredContent").getInteger("a")).isEqualTo(1);
  }

  @Test
  void backendsAreStartedOnlyWhenARequestNeedsThem() throws Exception {
    java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
    Promise<Void> started = Promise.promise();
    McpServer lazy = McpServer.builder(vertx, ToolCatalog.standard()).readiness(() -> {
      asked.incrementAndGet();
      return started.future();
    }).build();
    McpConnection c = lazy.connect(Outbound.NONE);
    assertThat(c.handle(modern(1, "tools/list", null).encode()).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS)
      .getJsonObject("result")).isNotNull();
    assertThat(asked).hasValue(0);
    Future<JsonObject> call = c.handle(modern(2, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "D"))).encode());
    waitFor(() -> asked.get() == 1);
    Thread.sleep(50);
    assertThat(call.isComplete()).as("waits for the backends").isFalse();
    started.complete();
    assertThat(call.toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS).getJsonObject("result")
      .getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("D");
  }

  @Test
  void aToolCallWaitsOnlyForTheBackendThatServesIt() throws Exception {
    Promise<Void> everything = Promise.promise();
    java.util.List<String> askedFor = new java.util.concurrent.CopyOnWriteArrayList<>();
    McpServer partly = McpServer.builder(vertx, ToolCatalog.standard()).readiness(everything::future)
      .toolReadiness(address -> {
        askedFor.add(address);
        return address.startsWith("reviewgate.diff.") ? Future.succeededFuture() : null;
      }).build();
    McpConnection c = partly.connect(Outbound.NONE);
    Future<JsonObject> waiting = c.handle(modern(1, "tools/call", new JsonObject().put("name", "git_log")
      .put("arguments", new JsonObject())).encode());
    JsonObject parsed = c.handle(modern(2, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "D"))).encode()).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    assertThat(parsed.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"))
      .as("answered while the other backends are still starting").isEqualTo("D");
    assertThat(askedFor).contains("reviewgate.diff.parse", "reviewgate.git.log");
    assertThat(waiting.isComplete()).as("a tool of a backend not yet up waits for all of them").isFalse();
    everything.fail("stopped");
    assertThat(waiting.toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS).getJsonObject("error")
      .getString("message")).as("and fails with them").contains("could not start its backends");
  }

  @Test
  void onlyAConnectionThatWritesRepliesApartLetsABackendStreamItsText() throws Exception {
    JsonObject ask = modern(1, "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "may it stream?")));
    // One ordered pipe (stdio): a line started early would hold the lines behind it.
    assertThat(send(ask).getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"))
      .isEqualTo("text stream: false, bytes: true");
    McpConnection apart = server.connect(outbound::add).writesRepliesApart(); // an HTTP response per request
    JsonObject result = apart.handle(ask.encode()).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS)
      .getJsonObject("result");
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("text stream: true, bytes: true");
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 5000;
    while (!condition.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("condition not met in 5 s");
      }
      Thread.sleep(10);
    }
  }
}
