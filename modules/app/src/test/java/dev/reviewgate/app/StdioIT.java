package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.modern;
import static dev.reviewgate.app.Messages.notification;
import static dev.reviewgate.app.Messages.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The jar in stdio mode as a real subprocess, in both protocol eras, started inside a real git repository. */
class StdioIT {

  @TempDir
  Path temp;
  private Path repo;
  private McpProcess mcp;

  @BeforeEach
  void start() throws Exception {
    repo = GitFixture.create(temp.resolve("sample"));
    mcp = McpProcess.start(repo);
    // The handshake is answered while backends deploy; wait for them so timing-sensitive cases meet a started server.
    assertThat(mcp.request(modern("warm-up", "tools/call", call("diff_parse", new JsonObject().put("diff", ""))))
      .getJsonObject("result")).isNotNull();
    mcp.notifications().clear();
  }

  @AfterEach
  void stop() throws Exception {
    mcp.close();
    assertThat(mcp.pollution()).as("stdout lines that are not JSON-RPC messages").isEmpty();
  }

  private String sampleDiff() throws Exception {
    return GitFixture.git(repo, "diff", "HEAD~1", "HEAD");
  }

  @ParameterizedTest
  @ValueSource(strings = {"2025-06-18", "2025-11-25"})
  void sessionEra(String version) throws Exception {
    JsonObject init = mcp.request(Messages.initialize(1, version)).getJsonObject("result");
    assertThat(init.getString("protocolVersion")).isEqualTo(version);
    assertThat(init.getJsonObject("serverInfo").getString("name")).isEqualTo("reviewgate");
    assertThat(init.getJsonObject("capabilities").fieldNames()).contains("tools", "resources", "prompts", "completions", "logging");
    mcp.send(notification("notifications/initialized", null));
    assertThat(mcp.request(request(2, "ping", null)).getJsonObject("result")).isEqualTo(new JsonObject());

    assertThat(listTools(id -> request(id, "tools/list", null))).isEqualTo(catalogNames());

    JsonObject level = mcp.request(request(3, "logging/setLevel", new JsonObject().put("level", "debug")));
    assertThat(level.getJsonObject("result")).isEqualTo(new JsonObject());
    JsonObject result = mcp.request(request(4, "tools/call", call("diff_parse", new JsonObject().put("diff", sampleDiff()))))
      .getJsonObject("result");
    assertDiffParseResult(result);
    assertThat(mcp.notifications()).anySatisfy(n -> assertThat(n.getString("method")).isEqualTo("notifications/message"));
    callEveryTool(id -> request(id, "tools/call", null));
  }

  @Test
  void statelessEra() throws Exception {
    JsonObject discover = mcp.request(modern(1, "server/discover", null)).getJsonObject("result");
    assertThat(discover.getJsonArray("supportedVersions")).contains("2026-07-28", "2025-11-25", "2025-06-18");
    assertThat(discover.getString("resultType")).isEqualTo("complete");
    assertThat(discover.getJsonObject("serverInfo").getString("name")).isEqualTo("reviewgate");

    JsonObject list = mcp.request(modern(2, "tools/list", null)).getJsonObject("result");
    assertThat(list.getString("resultType")).isEqualTo("complete");
    assertThat(list.getLong("ttlMs")).isPositive();
    assertThat(list.getString("cacheScope")).isIn("public", "private");
    assertThat(listTools(id -> modern(id, "tools/list", null))).isEqualTo(catalogNames());

    JsonObject result = mcp.request(modern(3, "tools/call", call("diff_parse", new JsonObject().put("diff", sampleDiff()))))
      .getJsonObject("result");
    assertThat(result.getString("resultType")).isEqualTo("complete");
    assertDiffParseResult(result);
    assertThat(mcp.notifications()).as("no log messages without a logLevel in _meta").isEmpty();

    JsonObject ping = mcp.request(modern(4, "ping", null));
    assertThat(ping.getJsonObject("error").getInteger("code")).isEqualTo(-32601);
    callEveryTool(id -> modern(id, "tools/call", null));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2025-11-25", "2026-07-28"})
  void gitResourcesPromptAndCompletion(String version) throws Exception {
    boolean modern = version.equals("2026-07-28");
    if (!modern) {
      mcp.request(Messages.initialize(1, version));
      mcp.send(notification("notifications/initialized", null));
    }
    java.util.function.BiFunction<Object, String, java.util.function.Function<JsonObject, JsonObject>> send =
      (id, method) -> params -> modern ? modern(id, method, params) : request(id, method, params);
    String name = repo.getFileName().toString();

    JsonObject templates = mcp.request(send.apply(2, "resources/templates/list").apply(null)).getJsonObject("result");
    assertThat(templates.getJsonArray("resourceTemplates").stream().map(t -> ((JsonObject) t).getString("uriTemplate")))
      .containsExactly("git://{repo}/diff/{base}..{head}", "git://{repo}/file/{rev}/{path}");

    JsonObject diff = mcp.request(send.apply(3, "resources/read").apply(new JsonObject().put("uri", "git://" + name + "/diff/HEAD~1..HEAD")))
      .getJsonObject("result").getJsonArray("contents").getJsonObject(0);
    assertThat(diff.getString("mimeType")).isEqualTo("text/x-diff");
    assertThat(diff.getString("text")).isEqualTo(sampleDiff());

    JsonObject file = mcp.request(send.apply(4, "resources/read").apply(new JsonObject().put("uri", "git://" + name + "/file/HEAD~1/hello.txt")))
      .getJsonObject("result").getJsonArray("contents").getJsonObject(0);
    assertThat(file.getString("text")).isEqualTo("hello\nworld\n");

    JsonObject missing = mcp.request(send.apply(5, "resources/read").apply(new JsonObject().put("uri", "git://" + name + "/file/HEAD/nope.txt")));
    assertThat(missing.getJsonObject("error").getInteger("code")).isEqualTo(modern ? -32602 : -32002);

    JsonObject prompt = mcp.request(send.apply(6, "prompts/get").apply(new JsonObject().put("name", "review_range")
      .put("arguments", new JsonObject().put("repo", name).put("base", "HEAD~1")))).getJsonObject("result");
    assertThat(prompt.getJsonArray("messages").getJsonObject(1).getJsonObject("content").getJsonObject("resource").getString("text"))
      .isEqualTo(sampleDiff());

    JsonObject completion = mcp.request(send.apply(7, "completion/complete").apply(new JsonObject()
      .put("ref", new JsonObject().put("type", "ref/prompt").put("name", "review_range"))
      .put("argument", new JsonObject().put("name", "repo").put("value", name.substring(0, 2))))).getJsonObject("result");
    assertThat(completion.getJsonObject("completion").getJsonArray("values")).containsExactly(name);
    JsonObject refs = mcp.request(send.apply(8, "completion/complete").apply(new JsonObject()
      .put("ref", new JsonObject().put("type", "ref/resource").put("uri", "git://{repo}/diff/{base}..{head}"))
      .put("argument", new JsonObject().put("name", "base").put("value", "ma"))
      .put("context", new JsonObject().put("arguments", new JsonObject().put("repo", name))))).getJsonObject("result");
    assertThat(refs.getJsonObject("completion").getJsonArray("values")).contains("main");
  }

  @Test
  void gitDiffToolPutsTheDiffFirst() throws Exception {
    JsonObject result = mcp.request(modern(2, "tools/call", call("git_diff", new JsonObject().put("base", "HEAD~1").put("head", "HEAD"))))
      .getJsonObject("result");
    assertThat(result.getBoolean("isError")).as(result.encode()).isFalse();
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(sampleDiff());
    // Sent once: structuredContent names the block that holds it instead of repeating it.
    assertThat(result.getJsonObject("structuredContent").containsKey("diff")).isFalse();
    assertThat(result.getJsonObject("structuredContent").getInteger("diff_in_content")).isZero();
    JsonObject missing = mcp.request(modern(3, "tools/call", call("git_diff", new JsonObject().put("base", "no-such-branch").put("head", "HEAD"))))
      .getJsonObject("result");
    assertThat(missing.getBoolean("isError")).isTrue();
    assertThat(missing.getJsonArray("content").getJsonObject(0).getString("text")).startsWith("[NOT_FOUND]").contains("no-such-branch");
  }

  @Test
  void progressOnALongCall() throws Exception {
    mcp.request(Messages.initialize(1, "2025-11-25"));
    mcp.send(notification("notifications/initialized", null));
    JsonObject params = call("diff_parse", new JsonObject().put("diff", largeDiff(2_000)))
      .put("_meta", new JsonObject().put("progressToken", "p-1"));
    JsonObject response = mcp.request(request(2, "tools/call", params));
    assertThat(response.getJsonObject("result").getBoolean("isError")).isFalse();
    List<JsonObject> progress = mcp.notifications().stream()
      .filter(n -> n.getString("method").equals("notifications/progress")).map(n -> n.getJsonObject("params")).toList();
    assertThat(progress).isNotEmpty().allSatisfy(p -> assertThat(p.getString("progressToken")).isEqualTo("p-1"));
    for (int i = 1; i < progress.size(); i++) {
      assertThat(progress.get(i).getDouble("progress")).isGreaterThan(progress.get(i - 1).getDouble("progress"));
    }
  }

  @Test
  void cancelledCallGetsNoResponse() throws Exception {
    String big = modern(7, "tools/call", call("diff_parse", new JsonObject().put("diff", largeDiff(4_000)))).encode();
    String cancel = notification("notifications/cancelled", new JsonObject().put("requestId", 7).put("reason", "test")).encode();
    mcp.sendRaw((big + "\n" + cancel + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    Thread.sleep(1_000);
    JsonObject next = mcp.request(modern(8, "server/discover", null));
    assertThat(next.getInteger("id")).isEqualTo(8);
    assertThat(mcp.queued()).isZero();
  }

  @Test
  void endOfInputAnswersWhatWasAskedThenExitsZero() throws Exception {
    mcp.send(Messages.initialize(1, "2025-11-25"));
    mcp.send(request(2, "tools/call", call("diff_parse", new JsonObject().put("diff", sampleDiff()))));
    mcp.closeInput();
    List<Object> ids = new ArrayList<>();
    ids.add(mcp.response().getValue("id"));
    ids.add(mcp.response().getValue("id"));
    assertThat(ids).containsExactlyInAnyOrder(1, 2);
    assertThat(mcp.waitForExit(Duration.ofSeconds(20))).isZero();
  }

  @Test
  void concurrentRequestsAreAnsweredAsTheyFinish() throws Exception {
    StringBuilder batch = new StringBuilder();
    batch.append(modern(1, "tools/call", call("diff_parse", new JsonObject().put("diff", largeDiff(3_000)))).encode()).append('\n');
    batch.append(modern(2, "server/discover", null).encode()).append('\n');
    mcp.sendRaw(batch.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(mcp.response().getInteger("id")).as("the quick request overtakes the slow one").isEqualTo(2);
    assertThat(mcp.response().getInteger("id")).isEqualTo(1);
  }

  private void assertDiffParseResult(JsonObject result) {
    assertThat(result.getBoolean("isError")).as(result.encode()).isFalse();
    JsonObject structured = result.getJsonObject("structuredContent");
    assertThat(structured.containsKey("summary")).isTrue();
    JsonArray content = result.getJsonArray("content");
    if (structured.getValue("diff") instanceof String diff) {
      assertThat(content.getJsonObject(0).getString("text")).isEqualTo(diff).contains("reviewgate");
    }
    String json = content.getJsonObject(content.size() - 1).getString("text");
    assertThat(new JsonObject(json).getJsonObject("summary")).isEqualTo(structured.getJsonObject("summary"));
  }

  /** Every tool answers with a CallToolResult (success or an actionable isError), never a protocol error. */
  private void callEveryTool(java.util.function.Function<Object, JsonObject> request) throws Exception {
    int id = 100;
    for (Tool tool : ToolCatalog.standard().tools(Exposure.MCP)) {
      JsonObject message = request.apply(id);
      JsonObject params = message.getJsonObject("params", new JsonObject()).mergeIn(call(tool.name(), new JsonObject()));
      JsonObject response = mcp.request(message.put("params", params));
      JsonObject result = response.getJsonObject("result");
      assertThat(result).as(tool.name() + ": " + response.encode()).isNotNull();
      assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).as(tool.name()).isNotBlank();
      if (result.getBoolean("isError")) {
        assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).as(tool.name()).startsWith("[");
      }
      id++;
    }
  }

  private List<String> listTools(java.util.function.Function<Object, JsonObject> request) throws Exception {
    List<String> names = new ArrayList<>();
    String cursor = null;
    int id = 1000;
    do {
      JsonObject message = request.apply(id++);
      if (cursor != null) {
        message.put("params", message.getJsonObject("params", new JsonObject()).put("cursor", cursor));
      }
      JsonObject result = mcp.request(message).getJsonObject("result");
      result.getJsonArray("tools").forEach(t -> names.add(((JsonObject) t).getString("name")));
      cursor = result.getString("nextCursor");
    } while (cursor != null);
    return names;
  }

  private static List<String> catalogNames() {
    return ToolCatalog.standard().tools(Exposure.MCP).stream().map(Tool::name).toList();
  }

  /** A git-style diff of {@code files} files, about 1.5 KB each. */
  static String largeDiff(int files) {
    StringBuilder diff = new StringBuilder();
    for (int f = 0; f < files; f++) {
      diff.append("diff --git a/src/file").append(f).append(".txt b/src/file").append(f).append(".txt\n")
        .append("index 1111111..2222222 100644\n--- a/src/file").append(f).append(".txt\n+++ b/src/file").append(f).append(".txt\n")
        .append("@@ -1,20 +1,20 @@\n");
      for (int l = 0; l < 20; l++) {
        diff.append(l % 5 == 0 ? "-" : " ").append("line ").append(l).append(" of a reasonably long source file body\n");
        if (l % 5 == 0) {
          diff.append("+line ").append(l).append(" of a reasonably long source file body, changed\n");
        }
      }
    }
    return diff.toString();
  }
}
