package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every start-up failure a person can fix is one line on stderr naming the thing and the fix, exit 2, no stack
 * frames: taken ports, bad configuration, a repository that cannot be opened. Run with the real jar.
 */
class StartupFailureIT {

  /** A log record of a part that did start (or of a busy machine: a blocked-thread WARNING), not the failure. */
  private static final java.util.regex.Pattern LOG = java.util.regex.Pattern.compile("^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} (INFO|WARNING) ");

  @TempDir
  Path temp;
  private Path repo;

  /** What stderr says beyond the log of the parts that did start: the failure's own lines. */
  private static List<String> failureLines(ProcessRun run) {
    return run.stderr().strip().lines().filter(line -> !line.isBlank() && !LOG.matcher(line).find()).toList();
  }

  @BeforeEach
  void repo() {
    repo = GitFixture.create(temp.resolve("sample"));
  }

  /** Runs the jar to its end with input closed, as a script or service manager would start it. */
  private static ProcessRun run(Path directory, String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of(McpProcess.java(), "-jar", McpProcess.jar().toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    McpProcess.isolate(builder.environment());
    return ProcessRun.of(builder);
  }

  /** Exit 2, and one line that names the thing and says what to do, with no stack frame or exception name. */
  private static String oneLine(ProcessRun run) {
    assertThat(run.exit()).as(run.stderr()).isEqualTo(2);
    assertThat(run.stdout()).as("stdout stays clean").isEmpty();
    assertThat(run.stderr()).as("no stack frames").doesNotContain("\tat ").doesNotContain("Exception").doesNotContain("SEVERE");
    assertThat(failureLines(run)).as(run.stderr()).hasSize(1);
    assertThat(failureLines(run).get(0)).startsWith("reviewgate: ");
    return failureLines(run).get(0);
  }

  @Test
  void aTakenHttpPortIsNamedWithTheFlagThatChangesIt() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String line = oneLine(run(repo, "serve", "--port", String.valueOf(taken.getLocalPort())));
      assertThat(line).contains("HTTP port " + taken.getLocalPort()).contains("already in use").contains("--port");
    }
  }

  @Test
  void aTakenBridgePortIsNamedWithTheFlagThatChangesIt() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String line = oneLine(run(repo, "serve", "--port", "0", "--bus-bridge-port", String.valueOf(taken.getLocalPort())));
      assertThat(line).contains("bridge port " + taken.getLocalPort()).contains("already in use")
        .contains("--bus-bridge-port");
    }
  }

  @Test
  void badConfigurationIsOneLineNamingTheKey() throws Exception {
    Path config = Files.writeString(temp.resolve("bad.json"), "{\"http\": {\"maxConcurrentPerClentt\": 5}}");
    assertThat(oneLine(run(repo, "serve", "--port", "0", "--config", config.toString())))
      .contains("maxConcurrentPerClentt").contains("known keys");
  }

  @Test
  void anUnopenableRepositoryStopsServeAndStdioNamingIt() throws Exception {
    Path missing = temp.resolve("missing");
    assertThat(oneLine(run(repo, "serve", "--port", "0", "--repo", "x=" + missing)))
      .contains("repos.x").contains(missing.toString()).contains("fix the path");
    assertThat(oneLine(run(temp, "stdio", "--repo", "x=" + missing)))
      .contains("repos.x").contains(missing.toString()).contains("fix the path");
  }

  @Test
  void stdioWithAClientAttachedStopsWhenJGitCannotOpenTheRepository() throws Exception {
    // A .git that is no repository gets through the cheap check made before the handshake; JGit's open refuses it
    // when the backends start (after the first answer), and the process exits rather than fail every call.
    Path broken = Files.createDirectories(temp.resolve("broken"));
    Files.writeString(broken.resolve(".git"), "not a gitdir line\n");
    try (McpProcess mcp = McpProcess.start(temp, "--repo", "x=" + broken)) {
      mcp.send(new JsonObject().put("jsonrpc", "2.0").put("id", 1).put("method", "initialize")
        .put("params", new JsonObject().put("protocolVersion", "2025-06-18").put("capabilities", new JsonObject())
          .put("clientInfo", new JsonObject().put("name", "it").put("version", "1"))));
      assertThat(mcp.waitForExit(Duration.ofSeconds(30))).as(mcp.stderr()).isEqualTo(2);
      assertThat(mcp.stderr()).contains("repos.x").contains(broken.toString()).doesNotContain("\tat ");
      assertThat(mcp.pollution()).as("nothing but protocol on stdout").isEmpty();
    }
  }

  @Test
  void theOneConfiguredRepositoryIsTheDefaultOutsideAnyRepository() throws Exception {
    try (McpProcess mcp = McpProcess.start(temp, "--repo", "only=" + repo)) {
      mcp.request(new JsonObject().put("jsonrpc", "2.0").put("id", 1).put("method", "initialize")
        .put("params", new JsonObject().put("protocolVersion", "2025-06-18").put("capabilities", new JsonObject())
          .put("clientInfo", new JsonObject().put("name", "it").put("version", "1"))));
      mcp.send(new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/initialized"));
      JsonObject log = mcp.request(new JsonObject().put("jsonrpc", "2.0").put("id", 2).put("method", "tools/call")
        .put("params", new JsonObject().put("name", "git_log").put("arguments", new JsonObject().put("limit", 1))));
      JsonObject result = log.getJsonObject("result");
      assertThat(result.getBoolean("isError", false)).as(log.encode()).isFalse();
      assertThat(result.getJsonObject("structuredContent").getJsonArray("commits")).as(log.encode()).hasSize(1);
      JsonObject repos = mcp.request(new JsonObject().put("jsonrpc", "2.0").put("id", 3).put("method", "tools/call")
        .put("params", new JsonObject().put("name", "git_repos").put("arguments", new JsonObject())));
      assertThat(repos.getJsonObject("result").getJsonObject("structuredContent").getString("default")).isEqualTo("only");
    }
  }
}
