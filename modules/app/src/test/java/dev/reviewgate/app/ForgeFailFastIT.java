package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #23 item 8 from outside, through a running stdio server with the shipped retry settings: forge calls that
 * cannot succeed say why at once. The first call of each test is timed after a warm-up call, so the bound measures
 * the forge policy, not the backends starting.
 */
class ForgeFailFastIT {

  @TempDir
  Path temp;

  /** Runs {@code tool}, after one call that waits for the backends, and returns its text and how long it took. */
  private record Answer(JsonObject result, long ms) {

    String text() {
      return result.getJsonArray("content").getJsonObject(0).getString("text");
    }
  }

  private Answer timed(Map<String, String> environment, String tool, JsonObject arguments) throws Exception {
    Path repo = GitFixture.create(temp.resolve("repo"));
    try (McpProcess mcp = McpProcess.start(repo, environment)) {
      mcp.request(Messages.initialize(1, "2025-11-25"));
      mcp.send(Messages.notification("notifications/initialized", null));
      JsonObject ready = mcp.request(Messages.request(2, "tools/call", Messages.call("git_repos", new JsonObject())));
      assertThat(ready.getJsonObject("result").getBoolean("isError", false)).as(ready.encode()).isFalse();
      long started = System.nanoTime();
      JsonObject answer = mcp.request(Messages.request(3, "tools/call", Messages.call(tool, arguments)));
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      JsonObject result = answer.getJsonObject("result");
      assertThat(result).as(answer.encode()).isNotNull();
      assertThat(result.getBoolean("isError")).as(answer.encode()).isTrue();
      System.err.printf("fail fast: %s answered in %d ms%n", tool, ms);
      return new Answer(result, ms);
    }
  }

  /** A loopback port nothing listens on: taken from the OS, then released. */
  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Test
  void prReviewWithoutAGitHubTokenFailsWithinTwoSecondsNamingTheToken() throws Exception {
    Answer answer = timed(Map.of("GITHUB_API_URL", "http://127.0.0.1:" + closedPort()), "pr_review", new JsonObject()
      .put("forge", "github").put("owner", "octo").put("repo", "shop").put("pr_number", 5)
      .put("commit_id", "0123456789abcdef0123456789abcdef01234567").put("verdict", "comment").put("body", "Looks good.")
      .put("comments", new JsonArray()));
    assertThat(answer.text()).contains("GITHUB_TOKEN");
    assertThat(answer.ms()).isLessThan(2_000);
  }

  @Test
  void aGitHubThatRefusesConnectionsFailsWithinThreeSeconds() throws Exception {
    Answer answer = timed(Map.of("GITHUB_API_URL", "http://127.0.0.1:" + closedPort(), "GITHUB_TOKEN", "ghp_failFastIt0123456789"),
      "github_get_pull_request", new JsonObject().put("owner", "octo").put("repo", "shop").put("pr_number", 5));
    assertThat(answer.text()).contains("could not reach GitHub").contains("github.apiUrl");
    assertThat(answer.ms()).isLessThan(3_000);
  }

  @Test
  void azureDevOpsWithAUrlButNoPatSaysSoBeforeAnyRequest() throws Exception {
    // Nothing listens at the URL: had a request gone out, the answer would say it could not reach Azure DevOps.
    Answer answer = timed(Map.of("AZURE_DEVOPS_ORG_URL", "http://127.0.0.1:" + closedPort() + "/contoso",
      "AZURE_DEVOPS_PROJECT", "shop"), "ado_list_pull_requests", new JsonObject().put("repository", "shop"));
    assertThat(answer.text()).contains("without a personal access token").contains("AZURE_DEVOPS_PAT")
      .contains("nothing was sent").doesNotContain("could not reach");
    assertThat(answer.ms()).isLessThan(2_000);
  }
}
