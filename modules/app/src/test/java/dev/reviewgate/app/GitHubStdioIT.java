package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.notification;
import static dev.reviewgate.app.Messages.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.github.Fixtures;
import dev.reviewgate.mcp.ToolResults;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The four GitHub tools through the real jar over stdio MCP, against the fake GitHub replaying recorded traffic.
 * The base URL and token come from the environment as in GitHub Actions; owner/repo default to the origin remote of
 * the clone the server runs in.
 */
class GitHubStdioIT {

  private static final String TOKEN = "ghp_StdioItSecret0123456789abcdef";
  private static final String G3 = "/repos/sigmavirus24/github3.py";
  private static final String HUB = "/repos/hub4j-test-org/github-api";

  @TempDir
  Path temp;
  private Vertx vertx;
  private FakeGitHub fake;
  private McpProcess mcp;
  private int ids;

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    fake = fake();
    Path clone = Files.createDirectories(temp.resolve("github3.py"));
    GitFixture.git(clone, "init", "-q", "-b", "main");
    GitFixture.git(clone, "remote", "add", "origin", "https://github.com/sigmavirus24/github3.py.git");
    Path config = temp.resolve("fast.json");
    Files.writeString(config, new JsonObject().put("github", new JsonObject()
      .put("retryBaseDelayMs", 5).put("writeSpacingMs", 0).put("mergeablePollIntervalMs", 10)).encode());
    // The merge below is about GitHub's answers: the person's approval it needs by default is StrangersIT's.
    mcp = McpProcess.start(clone, Map.of("GITHUB_API_URL", fake.url(), "GITHUB_TOKEN", TOKEN, "REVIEWGATE_CONFIRM_WRITES", "none"),
      "--config", config.toString());
    mcp.request(Messages.initialize(ids++, "2025-11-25"));
    mcp.send(notification("notifications/initialized", null));
  }

  @AfterEach
  void stop() throws Exception {
    Stop.all(mcp, fake, vertx);
    assertThat(mcp.pollution()).as("stdout lines that are not JSON-RPC messages").isEmpty();
    assertThat(mcp.stderr()).doesNotContain(TOKEN);
  }

  private FakeGitHub fake() throws Exception {
    FakeGitHub f = FakeGitHub.start(vertx).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    f.on("GET", G3 + "/pulls/873").reply(Fixtures.github3py("PullRequest_create_review_requests", 0));
    f.on("GET", G3 + "/pulls/873/reviews?per_page=100").reply(Fixtures.github3py("PullRequest_pull_reviews", 1));
    f.on("GET", G3 + "/pulls?state=open&sort=created&direction=desc&per_page=100").reply(Fixtures.github3py("Repository_pull_requests", 1));
    f.on("GET", G3 + "/pulls/235").accept("application/vnd.github.diff").reply(Fixtures.github3py("PullRequest_diff", 1));
    f.on("GET", G3 + "/pulls/235/files?per_page=100").reply(Fixtures.github3py("PullRequest_files", 1));
    f.on("GET", HUB + "/pulls/309").reply(Fixtures.hub4j("GHPullRequestTest__mergeCommitSHA", "5-r_h_g_pulls_309.json"),
      Fixtures.hub4j("GHPullRequestTest__mergeCommitSHA", "7-r_h_g_pulls_309.json"));
    f.on("PUT", HUB + "/pulls/309/merge").reply(Fixtures.hub4j("GHPullRequestTest__squashMerge", "11-r_h_g_pulls_267_merge.json"),
      Fixtures.openapi("pulls__merge", "405"));
    return f;
  }

  private JsonObject callTool(String name, JsonObject arguments) throws Exception {
    JsonObject response = mcp.request(request(ids++, "tools/call", call(name, arguments)));
    assertThat(response.containsKey("error")).as(response.encode()).isFalse();
    return response.getJsonObject("result");
  }

  @Test
  void theFourGitHubToolsWorkOverStdio() throws Exception {
    JsonArray tools = mcp.request(request(ids++, "tools/list", null)).getJsonObject("result").getJsonArray("tools");
    JsonObject update = tools.stream().map(JsonObject.class::cast)
      .filter(t -> t.getString("name").equals("github_update_pull_request_state")).findFirst().orElseThrow();
    assertThat(update.getJsonObject("annotations").getBoolean("destructiveHint")).isTrue();
    assertThat(tools.stream().map(t -> ((JsonObject) t).getString("name"))).contains("github_get_pull_request",
      "github_list_pull_requests", "github_get_pull_request_diff", "github_update_pull_request_state");

    JsonObject pr = callTool("github_get_pull_request", new JsonObject().put("pr_number", 873)).getJsonObject("structuredContent");
    assertThat(pr.getJsonArray("linkedIssues")).containsExactly(787);
    assertThat(pr.getJsonObject("reviews").getInteger("total")).isEqualTo(3);

    JsonObject list = callTool("github_list_pull_requests", new JsonObject().put("limit", 2).put("include_status", false))
      .getJsonObject("structuredContent");
    assertThat(list.getInteger("count")).isEqualTo(2);

    JsonObject diff = callTool("github_get_pull_request_diff", new JsonObject().put("pr_number", 235));
    assertThat(diff.getBoolean("isError")).isFalse();
    assertThat(ToolResults.reply(diff).getString("diff")).isEqualTo(Fixtures.github3pyBody("PullRequest_diff", 1));
    JsonObject files = callTool("github_get_pull_request_diff", new JsonObject().put("pr_number", 235).put("files_only", true))
      .getJsonObject("structuredContent");
    assertThat(files.getJsonArray("files").getJsonObject(1).getString("path")).isEqualTo("tests/unit/test_repos_release.py");

    JsonObject merged = callTool("github_update_pull_request_state", new JsonObject().put("owner", "hub4j-test-org")
      .put("repo", "github-api").put("pr_number", 309).put("action", "merge"));
    assertThat(merged.getBoolean("isError")).isFalse();
    assertThat(merged.getJsonObject("structuredContent").getString("sha")).isEqualTo("ecec449372b1e8270524a35c1a5aa8fdaf0e6676");

    JsonObject refused = callTool("github_update_pull_request_state", new JsonObject().put("owner", "hub4j-test-org")
      .put("repo", "github-api").put("pr_number", 309).put("action", "merge"));
    assertThat(refused.getBoolean("isError")).isTrue();
    assertThat(refused.getJsonArray("content").getJsonObject(0).getString("text")).contains("not mergeable: Pull Request is not mergeable");

    assertThat(fake.received()).allSatisfy(r -> assertThat(r.headers().get("Authorization")).isEqualTo("Bearer " + TOKEN));
  }
}
