package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.notification;
import static dev.reviewgate.app.Messages.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.review.TempRepo;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #40 over the real jar's stdio: what tools/list costs in a plain repository and with a forge configured, and
 * a waiting review_request naming its review in its first progress message.
 */
class ToolsetsIT {

  /** The setup's own default, not the tests' "all" (see {@link McpProcess#isolate}). */
  private static final Map<String, String> SETUP_DEFAULT = Map.of("REVIEWGATE_TOOLSETS", "");

  @TempDir
  Path repoDir;

  @Test
  @Timeout(120)
  void aPlainRepositoryListsGitAndReviewInFewerThan14000Bytes() throws Exception {
    new TempRepo(repoDir).greetingChange();
    try (McpProcess agent = McpProcess.start(repoDir, SETUP_DEFAULT)) {
      JsonObject list = listed(agent);
      int bytes = list.encode().getBytes(StandardCharsets.UTF_8).length;
      System.out.println("ToolsetsIT: default tools/list " + bytes + " bytes, " + names(list).size() + " tools");
      assertThat(bytes).as("tools/list result in bytes").isLessThanOrEqualTo(14_000);
      assertThat(names(list)).contains("git_diff", "git_log", "git_changed_files", "git_show_file", "review_request")
        .noneMatch(name -> name.startsWith("github_") || name.startsWith("gitlab_") || name.startsWith("pr_"));

      JsonObject refused = agent.request(request(3, "tools/call", call("diff_parse", new JsonObject().put("diff", ""))))
        .getJsonObject("result");
      assertThat(refused.getBoolean("isError")).isTrue();
      assertThat(refused.getJsonArray("content").getJsonObject(0).getString("text")).contains("--toolsets git,review,diff");
    }
  }

  @Test
  @Timeout(120)
  void httpMcpOffersTheSameSelection() throws Exception {
    new TempRepo(repoDir).greetingChange();
    try (ServeProcess serve = ServeProcess.start(repoDir, SETUP_DEFAULT)) {
      JsonObject list = ModernMcp.call(serve, 1, "tools/list", "tools", new JsonObject());
      assertThat(names(list)).contains("git_diff", "review_request").doesNotContain("diff_parse", "pr_review");
      JsonObject refused = ModernMcp.call(serve, 2, "tools/call", "diff_parse", call("diff_parse", new JsonObject().put("diff", "")));
      assertThat(refused.getBoolean("isError")).isTrue();
      assertThat(refused.getJsonArray("content").getJsonObject(0).getString("text")).contains("--toolsets git,review,diff");
    }
  }

  @Test
  @Timeout(120)
  void gitLabConfiguredListsItsToolsWithoutAFlag() throws Exception {
    new TempRepo(repoDir).greetingChange();
    try (McpProcess agent = McpProcess.start(repoDir, Map.of("REVIEWGATE_TOOLSETS", "", "GITLAB_TOKEN", "not-a-real-token"))) {
      assertThat(names(listed(agent))).contains("gitlab_get_merge_request_diff", "pr_list_threads", "git_diff")
        .noneMatch(name -> name.startsWith("github_") || name.startsWith("ado_"));
    }
  }

  @Test
  @Timeout(120)
  void allFitsIn40000BytesAndReadOnlyListsNoToolThatWrites() throws Exception {
    new TempRepo(repoDir).greetingChange();
    try (McpProcess agent = McpProcess.start(repoDir, Map.of("REVIEWGATE_TOOLSETS", "all"))) {
      JsonObject list = listed(agent);
      int bytes = list.encode().getBytes(StandardCharsets.UTF_8).length;
      System.out.println("ToolsetsIT: all tools/list " + bytes + " bytes, " + names(list).size() + " tools");
      // 32,000 before the fourth and fifth forges; each forge's tools are about 3,800 bytes
      assertThat(bytes).isLessThanOrEqualTo(40_000);
    }
    try (McpProcess agent = McpProcess.start(repoDir, Map.of("REVIEWGATE_TOOLSETS", "all"), "--read-only")) {
      List<String> names = names(listed(agent));
      assertThat(names).contains("git_diff", "pr_list_threads").doesNotContain("review_request", "pr_review");
      assertThat(names).allMatch(name -> ToolCatalog.standard().require(name).annotations().readOnly());
    }
  }

  @Test
  @Timeout(120)
  void aWaitingReviewRequestNamesItsReviewInTheFirstProgressWithinASecond() throws Exception {
    new TempRepo(repoDir).greetingChange();
    try (McpProcess agent = McpProcess.start(repoDir, SETUP_DEFAULT)) {
      agent.request(Messages.initialize(1, "2025-11-25"));
      agent.send(notification("notifications/initialized", null));
      // Every backend up first (a call that is not git's waits for all): the second is the review_request's own.
      assertThat(agent.request(request(2, "tools/call", call("review_list", new JsonObject()))).getJsonObject("result")
        .getBoolean("isError")).isFalse();

      agent.send(request(3, "tools/call", call("review_request", new JsonObject().put("title", "Greet by name"))
        .put("_meta", new JsonObject().put("progressToken", "review-3"))));
      JsonObject first = agent.next(Duration.ofSeconds(1));
      assertThat(first.getString("method")).as(first.encode()).isEqualTo("notifications/progress");
      String message = first.getJsonObject("params").getString("message");
      assertThat(message).matches("(?s)Review (\\S+) is waiting for the person's feedback: ask them to run `reviewgate open \\1`.*");

      agent.send(notification("notifications/cancelled", new JsonObject().put("requestId", 3)));
      agent.request(request(4, "tools/call", call("review_list", new JsonObject())));
      assertThat(agent.pollution()).isEmpty();
    }
  }

  private static JsonObject listed(McpProcess agent) throws Exception {
    agent.request(Messages.initialize(1, "2025-11-25"));
    agent.send(notification("notifications/initialized", null));
    return agent.request(request(2, "tools/list", null)).getJsonObject("result");
  }

  private static List<String> names(JsonObject list) {
    return list.getJsonArray("tools").stream().map(tool -> ((JsonObject) tool).getString("name")).toList();
  }
}
