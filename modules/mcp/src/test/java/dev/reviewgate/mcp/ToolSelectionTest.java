package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What an agent pays to know the tools: tools/list as a selection lists it, in bytes of compact JSON, calls to the
 * tools it leaves out refused with how to turn them on, and instructions of a size an agent reads at once.
 */
class ToolSelectionTest {

  /**
   * The budgets of tools/list: git and review (a plain repository's default), and every toolset: each forge's
   * tools, its diff tool's shaping options included, are about 3,800 bytes; the reply budget (max_bytes,
   * token_budget, cursor) on each tool whose reply grows with the repository about 1,400 bytes in all.
   */
  static final int DEFAULT_BUDGET = 14_000;
  static final int ALL_BUDGET = 46_000;

  private final ToolCatalog catalog = ToolCatalog.standard();
  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @Test
  void gitAndReviewFitTheDefaultBudgetWithTheToolsAnAgentStartsWith() throws Exception {
    JsonObject list = request(server("git,review", false), "tools/list", null);
    assertThat(bytes(list)).as("tools/list of git,review in bytes").isLessThanOrEqualTo(DEFAULT_BUDGET);
    assertThat(names(list)).contains("git_diff", "git_log", "git_changed_files", "git_show_file", "review_request")
      .doesNotContain("diff_parse", "pr_review", "gitlab_get_merge_request");
  }

  @Test
  void everyToolFitsTheAllBudget() throws Exception {
    JsonObject list = request(server("all", false), "tools/list", null);
    assertThat(bytes(list)).as("tools/list of all in bytes").isLessThanOrEqualTo(ALL_BUDGET);
    assertThat(names(list)).containsExactlyElementsOf(catalog.tools(Exposure.MCP).stream().map(Tool::name).toList());
    assertThat(list.encode()).as("output schemas are the replies' contract, not listed").doesNotContain("outputSchema");
  }

  @Test
  void readOnlyListsNoToolThatWritesAndRefusesOneCalledAnyway() throws Exception {
    McpServer server = server("all", true);
    List<String> listed = names(request(server, "tools/list", null));
    assertThat(listed).contains("git_diff", "pr_list_threads");
    for (String name : listed) {
      assertThat(catalog.require(name).annotations().readOnly()).as(name + " is read-only").isTrue();
    }
    JsonObject refused = request(server, "tools/call", new JsonObject().put("name", "pr_review")
      .put("arguments", new JsonObject().put("pr_number", 1).put("commit_id", "abcdef1")));
    assertThat(refused.getBoolean("isError")).isTrue();
    assertThat(text(refused)).contains("pr_review writes", "read-only");
  }

  @Test
  void aToolOfAToolsetThatIsOffIsRefusedSayingHowToTurnItOn() throws Exception {
    JsonObject refused = request(server("git,review", false), "tools/call", new JsonObject().put("name", "diff_parse")
      .put("arguments", new JsonObject().put("diff", "")));
    assertThat(refused.getBoolean("isError")).isTrue();
    assertThat(text(refused)).contains("toolset diff", "--toolsets git,review,diff", "mcp.toolsets");
  }

  @Test
  void instructionsOrientAnAgentInAFewHundredBytes() throws Exception {
    for (ToolSelection selection : List.of(selection("git,review", false), selection("all", false), selection("git", true))) {
      McpServer server = McpServer.builder(vertx, catalog).toolSelection(selection).build();
      JsonObject init = request(server, "initialize", new JsonObject().put("protocolVersion", "2025-06-18"));
      String instructions = init.getString("instructions");
      // one line per toolset: 1,500 bytes before the fourth and fifth forges
      assertThat(instructions.getBytes(StandardCharsets.UTF_8).length).as(instructions).isBetween(200, 1800);
      assertThat(instructions).contains("review_request", "reviewgate open", "token_budget", "github", "gitlab", "ado");
      for (String set : selection.toolsets()) {
        assertThat(instructions).contains("- " + set + " (on)");
      }
      JsonObject discover = server.connect(null).handle(JsonRpc.request(1, "server/discover", new JsonObject()
        .put("_meta", new JsonObject().put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
          .put("io.modelcontextprotocol/clientCapabilities", new JsonObject())
          .put("io.modelcontextprotocol/clientInfo", new JsonObject().put("name", "t").put("version", "1")))).encode())
        .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS).getJsonObject("result");
      assertThat(discover.getString("instructions")).isEqualTo(instructions);
    }
  }

  private ToolSelection selection(String toolsets, boolean readOnly) {
    return ToolSelection.parse(catalog, toolsets, Set.of("git", "review"), readOnly);
  }

  private McpServer server(String toolsets, boolean readOnly) {
    return McpServer.builder(vertx, catalog).toolSelection(selection(toolsets, readOnly)).build();
  }

  /** One request on a fresh session of {@code server}, its result. */
  private static JsonObject request(McpServer server, String method, JsonObject params) throws Exception {
    McpConnection connection = server.connect(null);
    if (!method.equals("initialize")) {
      connection.handle(JsonRpc.request(0, "initialize", new JsonObject().put("protocolVersion", "2025-06-18")).encode())
        .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }
    JsonObject response = connection.handle(JsonRpc.request(1, method, params).encode())
      .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    return response.getJsonObject("result");
  }

  private static int bytes(JsonObject result) {
    return result.encode().getBytes(StandardCharsets.UTF_8).length;
  }

  private static List<String> names(JsonObject list) {
    return list.getJsonArray("tools").stream().map(tool -> ((JsonObject) tool).getString("name")).toList();
  }

  private static String text(JsonObject result) {
    return result.getJsonArray("content").getJsonObject(0).getString("text");
  }
}
