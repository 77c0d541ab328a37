package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio process warms itself up (mcp.warmupCalls) through an in-process connection: the calls are made, and
 * nothing of them reaches the client's stdout.
 */
class StdioWarmupIT {

  @Test
  @Timeout(60)
  void theWarmupMakesItsCallsAndWritesNothingToTheClient(@TempDir Path dir) throws Exception {
    Path repo = GitFixture.create(dir.resolve("repo"));
    for (int i = 0; i < 8; i++) {
      Files.writeString(repo.resolve("file" + (i % 3) + ".txt"), "line " + i + "\n".repeat(i + 1));
      GitFixture.git(repo, "add", "-A");
      GitFixture.git(repo, "commit", "-q", "-m", "change " + i);
    }
    try (McpProcess mcp = McpProcess.start(repo, Map.of("REVIEWGATE_MCP_WARMUP_CALLS", "5"))) {
      JsonObject init = mcp.request(Messages.initialize(1, "2025-11-25"));
      assertThat(init.getJsonObject("result")).isNotNull();
      awaitStderr(mcp, "warm-up: 5 calls");
      JsonObject diff = mcp.request(Messages.request(2, "tools/call", Messages.call("git_diff", new JsonObject().put("commit", "HEAD"))));
      assertThat(diff.getJsonObject("result").getBoolean("isError")).isFalse();
      Thread.sleep(200);
      assertThat(mcp.queued()).as("no message of the warm-up reached stdout").isZero();
      assertThat(mcp.pollution()).isEmpty();
    }
  }

  @Test
  @Timeout(60)
  void withoutADefaultRepositoryThereIsNothingToWarm(@TempDir Path dir) throws Exception {
    Path repo = GitFixture.create(dir.resolve("repo"));
    Path other = GitFixture.create(dir.resolve("other"));
    Path outside = Files.createDirectories(dir.resolve("not-a-repo"));
    // Two configured and none around the working directory: no default (one alone would be the default).
    try (McpProcess mcp = McpProcess.start(outside, Map.of("REVIEWGATE_MCP_WARMUP_CALLS", "5"), "--repo", "r=" + repo,
      "--repo", "o=" + other)) {
      mcp.request(Messages.initialize(1, "2025-11-25"));
      awaitStderr(mcp, "warm-up: 0 calls");
      assertThat(mcp.queued()).isZero();
    }
  }

  /**
   * A warm-up call that runs past mcp.warmupCallMaxMs is cancelled and the warm-up goes on: with 1 ms, the first calls
   * of a young JVM (interpreted code, far slower than that) all give way, the warm-up still ends after its calls, and
   * the client's own call is answered as usual.
   */
  @Test
  @Timeout(60)
  void aWarmupCallRunningPastItsTimeGivesWay(@TempDir Path dir) throws Exception {
    Path repo = GitFixture.create(dir.resolve("repo"));
    for (int i = 0; i < 6; i++) {
      Files.writeString(repo.resolve("file" + i + ".txt"), ("line " + i + "\n").repeat(2_000 * (i + 1)));
      GitFixture.git(repo, "add", "-A");
      GitFixture.git(repo, "commit", "-q", "-m", "change " + i);
    }
    try (McpProcess mcp = McpProcess.start(repo, Map.of("REVIEWGATE_MCP_WARMUP_CALLS", "4",
        "REVIEWGATE_MCP_WARMUP_CALL_MAX_MS", "1"))) {
      assertThat(mcp.request(Messages.initialize(1, "2025-11-25")).getJsonObject("result")).isNotNull();
      awaitStderr(mcp, "warm-up: 4 calls");
      java.util.regex.Matcher gaveWay = java.util.regex.Pattern.compile("warm-up: 4 calls in \\d+ ms \\((\\d+) of them gave way")
        .matcher(mcp.stderr());
      assertThat(gaveWay.find()).as(mcp.stderr()).isTrue();
      assertThat(Integer.parseInt(gaveWay.group(1))).as("calls cancelled past 1 ms").isGreaterThanOrEqualTo(1);
      JsonObject diff = mcp.request(Messages.request(2, "tools/call", Messages.call("git_diff", new JsonObject().put("commit", "HEAD"))));
      assertThat(diff.getJsonObject("result").getBoolean("isError")).isFalse();
      assertThat(mcp.queued()).as("no message of the warm-up reached stdout").isZero();
      assertThat(mcp.pollution()).isEmpty();
    }
  }

  /**
   * The warm-up sends nothing while the agent has a request in flight, its first steps included (git_log of a young
   * process once held the CPU and the git worker while an agent's first call waited). The agent's call here is held
   * by a GitHub that accepts the connection and never answers, until the test closes it.
   */
  @Test
  @Timeout(60)
  void nothingOfTheWarmupRunsWhileTheAgentsFirstCallIsInFlight(@TempDir Path dir) throws Exception {
    Path repo = GitFixture.create(dir.resolve("repo"));
    for (int i = 0; i < 4; i++) {
      Files.writeString(repo.resolve("file.txt"), "line " + i + "\n");
      GitFixture.git(repo, "add", "-A");
      GitFixture.git(repo, "commit", "-q", "-m", "change " + i);
    }
    try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
         McpProcess mcp = McpProcess.start(repo, Map.of("REVIEWGATE_MCP_WARMUP_CALLS", "3",
           "GITHUB_API_URL", "http://127.0.0.1:" + silent.getLocalPort(), "GITHUB_TOKEN", "ghp_warmupIt0123456789"))) {
      assertThat(mcp.request(Messages.initialize(1, "2025-11-25")).getJsonObject("result")).isNotNull();
      mcp.send(Messages.request(2, "tools/call", Messages.call("github_get_pull_request",
        new JsonObject().put("owner", "octo").put("repo", "shop").put("pr_number", 5))));
      silent.setSoTimeout(20_000);
      try (java.net.Socket held = silent.accept()) {
        Thread.sleep(3_000); // the backends are up well within this, and the warm-up would have begun
        assertThat(mcp.stderr()).as("the warm-up has not ended while the agent waits").doesNotContain("warm-up: ");
      }
      silent.close(); // the client's retry is refused: the agent's call fails and the agent is idle
      JsonObject answer = mcp.response();
      assertThat(answer.getValue("id")).isEqualTo(2);
      awaitStderr(mcp, "warm-up: 3 calls");
      assertThat(mcp.stderr()).contains("0 requests sent while the agent had one in flight");
      assertThat(mcp.queued()).isZero();
    }
  }

  private static void awaitStderr(McpProcess mcp, String text) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!mcp.stderr().contains(text)) {
      assertThat(System.nanoTime()).as("stderr shows '" + text + "'; it has:\n" + mcp.stderr()).isLessThan(deadline);
      Thread.sleep(50);
    }
  }
}
