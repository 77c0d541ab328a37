package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.initialize;
import static dev.reviewgate.app.Messages.notification;
import static dev.reviewgate.app.Messages.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a stdio process starts: its repository is opened before the handshake without running git, and the backends
 * other than git's (reviews, forges, the dashboard door) start once the client is idle or as soon as a call needs them.
 */
class StdioStartIT {

  @TempDir
  Path temp;

  /**
   * JGit, left to itself, runs {@code git --version} and {@code git config --system …} on its first repository to find
   * the system configuration; the server reads the repository's own configuration only, so it runs no git at all.
   */
  @Test
  void theServerRunsNoGitProcess() throws Exception {
    Path repo = GitFixture.create(temp.resolve("sample"));
    Path bin = Files.createDirectories(temp.resolve("bin"));
    Path ran = temp.resolve("git-ran.txt");
    Path git = bin.resolve("git");
    Files.writeString(git, "#!/bin/sh\necho \"$*\" >> '" + ran + "'\nexec '" + realGit() + "' \"$@\"\n");
    Files.setPosixFilePermissions(git, PosixFilePermissions.fromString("rwxr-xr-x"));
    String path = bin + File.pathSeparator + System.getenv("PATH");
    // The stand-in records what runs it: the check below could fail.
    Process run = new ProcessBuilder(git.toString(), "--version").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(run.waitFor(20, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(ran)).contains("--version");
    Files.delete(ran);

    try (McpProcess mcp = McpProcess.start(repo, Map.of("PATH", path))) {
      JsonObject diff = firstCall(mcp, "git_diff", new JsonObject().put("commit", "HEAD"));
      assertThat(diff.getJsonArray("content").getJsonObject(0).getString("text")).contains("+reviewgate");
      JsonObject log = mcp.request(request(3, "tools/call", call("git_log", new JsonObject()))).getJsonObject("result");
      assertThat(log.getBoolean("isError", false)).isFalse();
      mcp.closeInput();
      assertThat(mcp.waitForExit(McpProcess.WAIT)).isZero();
    }
    assertThat(ran).as("git run by the server").doesNotExist();
  }

  /** A review tool as the very first call starts the backends it needs at once (it does not wait for an idle client). */
  @Test
  void aFirstCallToAReviewToolIsAnswered() throws Exception {
    Path repo = GitFixture.create(temp.resolve("sample"));
    try (McpProcess mcp = McpProcess.start(repo)) {
      firstCall(mcp, "review_list", new JsonObject());
      JsonObject prompts = mcp.request(request(3, "prompts/list", null)).getJsonObject("result");
      assertThat(prompts.getJsonArray("prompts")).isNotEmpty();
    }
  }

  /** After a git call, with the client idle, the rest start: the dashboard's address is printed. */
  @Test
  void theDashboardOpensOnceTheClientIsIdle() throws Exception {
    Path repo = GitFixture.create(temp.resolve("sample"));
    try (McpProcess mcp = McpProcess.start(repo)) {
      firstCall(mcp, "git_log", new JsonObject());
      long deadline = System.nanoTime() + McpProcess.WAIT.toNanos();
      while (!mcp.stderr().contains("review dashboard at http://127.0.0.1:") && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(mcp.stderr()).contains("review dashboard at http://127.0.0.1:");
    }
  }

  /** The handshake, then a call of {@code tool} at once, as a client's first request: its result, checked not an error. */
  private static JsonObject firstCall(McpProcess mcp, String tool, JsonObject arguments) throws Exception {
    mcp.request(initialize(1, "2025-11-25"));
    mcp.send(notification("notifications/initialized", null));
    JsonObject result = mcp.request(request(2, "tools/call", call(tool, arguments))).getJsonObject("result");
    assertThat(result.getBoolean("isError", false)).as(result.encode()).isFalse();
    return result;
  }

  private static String realGit() {
    for (String directory : System.getenv("PATH").split(File.pathSeparator)) {
      Path candidate = Path.of(directory, "git");
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    throw new AssertionError("git is not on PATH; the tests need it");
  }
}
