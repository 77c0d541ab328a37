package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/reviewgate} from a shell, as people and scripts use it: output streams and exit codes. */
class CliIT {

  @TempDir
  Path temp;
  private Path repo;

  @BeforeEach
  void repo() throws Exception {
    repo = GitFixture.create(temp.resolve("sample"));
  }

  private ProcessRun run(Map<String, String> environment, String... arguments) throws Exception {
    return runWith(Path.of(System.getProperty("java.home")), environment, arguments);
  }

  private ProcessRun runWith(Path javaHome, Map<String, String> environment, String... arguments) throws Exception {
    return runScript(Path.of(System.getProperty("reviewgate.home"), "bin", "reviewgate"), javaHome, environment, arguments);
  }

  private ProcessRun runScript(Path script, Path javaHome, Map<String, String> environment, String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of("sh", script.toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile());
    McpProcess.isolate(builder.environment());
    builder.environment().putAll(environment);
    builder.environment().put("JAVA_HOME", javaHome.toString());
    return ProcessRun.of(builder);
  }

  /** A JAVA_HOME whose bin/java answers the settings probe as {@code specification} would, with {@code release} beside it. */
  private Path fakeJava(String name, String specification, String release) throws Exception {
    Path home = Files.createDirectories(temp.resolve(name).resolve("bin")).getParent();
    Path java = home.resolve("bin/java");
    Files.writeString(java, "#!/bin/sh\necho '    java.specification.version = " + specification + "' >&2\nexit 0\n");
    java.toFile().setExecutable(true);
    if (release != null) {
      Files.writeString(home.resolve("release"), release);
    }
    return home;
  }

  private ProcessRun run(String... arguments) throws Exception {
    return run(Map.of(), arguments);
  }

  @Test
  void toolsAsTableJsonAndMarkdown() throws Exception {
    ProcessRun table = run("tools");
    assertThat(table.exit()).isZero();
    assertThat(table.stdout()).contains("TOOL").contains("diff_parse");
    ProcessRun json = run("tools", "--json");
    assertThat(json.exit()).isZero();
    JsonArray tools = new JsonArray(json.stdout());
    assertThat(tools.getJsonObject(0).getString("name")).as("catalog order, git first").isEqualTo("git_repos");
    assertThat(tools.getJsonObject(0).getJsonObject("inputSchema")).isNotNull();
    assertThat(tools.getJsonObject(0).getString("toolset")).isEqualTo("git");
    assertThat(tools.stream().map(tool -> ((JsonObject) tool).getString("name"))).contains("diff_parse");
    ProcessRun readOnly = run("tools", "--json", "--read-only");
    assertThat(new JsonArray(readOnly.stdout()).stream().map(tool -> ((JsonObject) tool).getString("name")))
      .contains("git_diff").doesNotContain("review_request", "pr_review");
    ProcessRun markdown = run("tools", "--markdown");
    assertThat(markdown.stdout()).startsWith(ToolTable.BEGIN).contains("`diff_parse`");
  }

  @Test
  void callPrintsTheStructuredResult() throws Exception {
    String diff = GitFixture.git(repo, "diff", "HEAD~1", "HEAD");
    ProcessRun ok = run("call", "diff_parse", new JsonObject().put("diff", diff).put("files_only", true).encode());
    assertThat(ok.exit()).as(ok.stderr()).isZero();
    JsonObject result = new JsonObject(ok.stdout());
    assertThat(result.containsKey("summary")).isTrue();
    assertThat(ok.stderr()).as("no log lines without --verbose").isEmpty();
  }

  @Test
  void callPrintsTextWithTextAndTheLogWithVerbose() throws Exception {
    ProcessRun diff = run("call", "git_diff", "{\"base\": \"HEAD~1\", \"head\": \"HEAD\"}", "--text");
    assertThat(diff.exit()).as(diff.stderr()).isZero();
    assertThat(diff.stdout()).isEqualTo(GitFixture.git(repo, "diff", "--histogram", "HEAD~1", "HEAD"));
    assertThat(diff.stderr()).isEmpty();
    ProcessRun stat = run("call", "git_diff_stat", "{\"commit\": \"HEAD\"}", "--text");
    assertThat(stat.stdout()).isEqualTo(GitFixture.git(repo, "diff", "--stat", "HEAD~1", "HEAD"));
    ProcessRun file = run("call", "git_show_file", "{\"path\": \"hello.txt\"}", "--text");
    assertThat(file.stdout()).isEqualTo("hello\nreviewgate\nworld\n");
    ProcessRun noText = run("call", "git_repos", "{}", "--text");
    assertThat(noText.exit()).isZero();
    assertThat(noText.stderr()).contains("git_repos answers no text").contains("JSON follows");
    assertThat(new JsonObject(noText.stdout()).getJsonArray("repos")).isNotEmpty();
    ProcessRun empty = run("call", "git_diff", "{\"base\": \"HEAD\", \"head\": \"HEAD\"}", "--text");
    assertThat(empty.stdout()).isEmpty();
    assertThat(empty.stderr()).contains("the diff is empty");
    ProcessRun verbose = run("call", "git_repos", "{}", "--verbose");
    assertThat(verbose.exit()).isZero();
    assertThat(verbose.stderr()).contains(" INFO ");
    ProcessRun elsewhere = run("tools", "--text");
    assertThat(elsewhere.exit()).isEqualTo(2);
    assertThat(elsewhere.stderr()).contains("unknown option '--text' for tools");
  }

  @Test
  void aConfiguredRepositoryThatCannotBeOpenedStopsTheStartWithExitTwoAndNoTrace() throws Exception {
    ProcessRun typo = run("call", "git_repos", "{}", "--repo", "typo=/no/such/repository");
    assertThat(typo.exit()).isEqualTo(2);
    assertThat(typo.stderr()).contains("repos.typo (/no/such/repository)").contains("fix the path or remove the entry")
      .doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void aToolErrorGoesToStderrWithExitOne() throws Exception {
    ProcessRun ok = run("call", "git_diff", "{\"base\": \"HEAD~1\", \"head\": \"HEAD\", \"files_only\": true}");
    assertThat(ok.exit()).as(ok.stderr()).isZero();
    assertThat(new JsonObject(ok.stdout()).getJsonObject("summary").getInteger("files")).isEqualTo(2);
    ProcessRun missing = run("call", "git_diff", "{\"base\": \"no-such-branch\", \"head\": \"HEAD\"}");
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.stdout()).isEmpty();
    assertThat(missing.stderr()).contains("[NOT_FOUND]").contains("no-such-branch");
  }

  @Test
  void callWithInvalidArgumentsExitsTwo() throws Exception {
    ProcessRun notJson = run("call", "diff_parse", "{not json");
    assertThat(notJson.exit()).isEqualTo(2);
    assertThat(notJson.stdout()).isEmpty();
    assertThat(notJson.stderr()).contains("one JSON object");
    ProcessRun schema = run("call", "diff_parse", "{\"diff\": 5}");
    assertThat(schema.exit()).isEqualTo(2);
    assertThat(schema.stdout()).isEmpty();
    assertThat(schema.stderr()).contains("[INVALID_ARGUMENTS]").contains("diff");
    ProcessRun unknown = run("call", "no_such_tool", "{}");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.stderr()).contains("unknown tool 'no_such_tool'").contains("diff_parse").doesNotContain("Did you mean");
    ProcessRun mistyped = run("call", "git_dif", "{}");
    assertThat(mistyped.exit()).isEqualTo(2);
    assertThat(mistyped.stderr()).contains("unknown tool 'git_dif'. Did you mean git_diff, git_diff_stat?");
  }

  @Test
  void badFlagsGetUsageAndBadConfigurationOneLineOnStderrAndExitTwo() throws Exception {
    for (ProcessRun bad : List.of(
      run("stdio", "--bogus"),
      run("tools", "--repo", "no-equals-sign"),
      run("frobnicate"))) {
      assertThat(bad.exit()).as(bad.stderr()).isEqualTo(2);
      assertThat(bad.stdout()).as("stdout stays clean").isEmpty();
      assertThat(bad.stderr()).contains("usage: reviewgate");
    }
    // A wrong configuration is not a wrong command line: one line naming it, no usage text.
    for (ProcessRun bad : List.of(
      run("stdio", "--config", temp.resolve("missing.json").toString()),
      run(Map.of("REVIEWGATE_MCP_MAX_LINE_BYTES", "lots"), "stdio"),
      run(Map.of("REVIEWGATE_NO_SUCH_THING", "1"), "stdio"))) {
      assertThat(bad.exit()).as(bad.stderr()).isEqualTo(2);
      assertThat(bad.stdout()).as("stdout stays clean").isEmpty();
      assertThat(bad.stderr().strip().lines()).as(bad.stderr()).hasSize(1).first().asString()
        .startsWith("reviewgate: ").containsAnyOf("missing.json", "REVIEWGATE_MCP_MAX_LINE_BYTES", "REVIEWGATE_NO_SUCH_THING");
    }
    Path config = Files.writeString(temp.resolve("bad.json"), "{\"mcp\": {\"maxLineBytez\": 5}}");
    ProcessRun unknownKey = run("stdio", "--config", config.toString());
    assertThat(unknownKey.exit()).isEqualTo(2);
    assertThat(unknownKey.stderr()).contains("mcp.maxLineBytez");
    Path negative = Files.writeString(temp.resolve("negative.json"), "{\"mcp\": {\"maxLineBytes\": -1}}");
    ProcessRun badValue = run("stdio", "--config", negative.toString());
    assertThat(badValue.exit()).isEqualTo(2);
    assertThat(badValue.stderr()).contains("mcp.maxLineBytes must be greater than 0");
    // A backend's own option check (here the git backend's) is a configuration error too: exit 2, no stack trace.
    Path negativeGit = Files.writeString(temp.resolve("negative-git.json"), "{\"git\": {\"timeoutMs\": -1}}");
    ProcessRun badGit = run("call", "git_repos", "{}", "--config", negativeGit.toString());
    assertThat(badGit.exit()).as(badGit.stderr()).isEqualTo(2);
    assertThat(badGit.stderr()).contains("git.timeoutMs").doesNotContain("Exception").doesNotContain("SEVERE");
  }

  @Test
  void badClusterFlagsAreClearErrorsWithExitTwo() throws Exception {
    ProcessRun role = run("serve", "--cluster", "--roles", "front,gti");
    assertThat(role.exit()).isEqualTo(2);
    assertThat(role.stderr()).contains("unknown role 'gti'").contains("front, diff, git, review, github");
    ProcessRun unclustered = run("serve", "--roles", "git");
    assertThat(unclustered.exit()).isEqualTo(2);
    assertThat(unclustered.stderr()).contains("add --cluster");
    ProcessRun stdio = run("stdio", "--cluster", "--roles", "git");
    assertThat(stdio.exit()).isEqualTo(2);
    assertThat(stdio.stderr()).contains("must include front");
    ProcessRun call = run("call", "git_repos", "{}", "--cluster");
    assertThat(call.exit()).isEqualTo(2);
    assertThat(call.stderr()).contains("--cluster belongs to serve and stdio");
    // A join list nobody answers is no longer an error: the node forms the cluster after cluster.joinTimeoutMs and the
    // others merge with it (any start order; ClusterNodeTest and ClusterStartupIT).
  }

  @Test
  void environmentAndConfigFileLayersApply() throws Exception {
    // A tiny line limit from the environment refuses a normal request; the config file's limit is overridden.
    Path config = Files.writeString(temp.resolve("limits.json"), "{\"mcp\": {\"maxLineBytes\": 1000000}}");
    ProcessBuilder builder = new ProcessBuilder(McpProcess.java(), "-jar", McpProcess.jar().toString(), "stdio",
      "--config", config.toString()).directory(repo.toFile());
    McpProcess.isolate(builder.environment());
    builder.environment().put("REVIEWGATE_MCP_MAX_LINE_BYTES", "20");
    Process process = builder.start();
    process.getOutputStream().write((Messages.request(1, "ping", null).encode() + "\n").getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isZero();
    assertThat(new JsonObject(out.strip()).getJsonObject("error").getJsonObject("data").getLong("maxLineBytes")).isEqualTo(20);
  }

  @Test
  void aJavaOlderThan17IsRefusedWithOneLineWhetherItsReleaseFileOrItsSettingsSaySo() throws Exception {
    // The release file is read first (no JVM started to ask); its JAVA_VERSION decides even when the probe would not.
    Path byRelease = fakeJava("jdk11", "17", "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"11.0.2\"\n");
    ProcessRun old = runWith(byRelease, Map.of(), "tools");
    assertThat(old.exit()).isEqualTo(2);
    assertThat(old.stderr().strip()).isEqualTo("reviewgate: needs Java 17 or later (found '11.0.2')");
    ProcessRun eight = runWith(fakeJava("jdk8", "17", "JAVA_VERSION=\"1.8.0_292\"\n"), Map.of(), "tools");
    assertThat(eight.exit()).isEqualTo(2);
    assertThat(eight.stderr()).contains("found '1.8.0'");
    // No release file: the JVM's settings are asked.
    ProcessRun probed = runWith(fakeJava("nojdk", "16", null), Map.of(), "tools");
    assertThat(probed.exit()).isEqualTo(2);
    assertThat(probed.stderr().strip()).isEqualTo("reviewgate: needs Java 17 or later (found '16')");
    ProcessRun nothing = runWith(fakeJava("broken", "", null), Map.of(), "tools");
    assertThat(nothing.exit()).isEqualTo(2);
    assertThat(nothing.stderr()).contains("found 'none'");
  }

  @Test
  void stdioWithAnAgentInTheJavaOptionsRunsWithoutRecordingAnArchive() throws Exception {
    // A build without an archive records one at its first stdio run; the JVM refuses that with a JVMTI agent loaded
    // (a profiler, a debugger), saying so on stdout where the protocol goes, and stops. Such a run must go unrecorded.
    Path real = Path.of(System.getProperty("reviewgate.home"));
    Path home = temp.resolve("home");
    Path target = Files.createDirectories(home.resolve("modules/app/target"));
    Files.createDirectories(home.resolve("bin"));
    Files.copy(real.resolve("bin/reviewgate"), home.resolve("bin/reviewgate"));
    Files.createSymbolicLink(target.resolve("reviewgate.jar"), real.resolve("modules/app/target/reviewgate.jar"));
    ProcessRun debugged = runScript(home.resolve("bin/reviewgate"), Path.of(System.getProperty("java.home")),
      Map.of("REVIEWGATE_JAVA_OPTS", "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0,quiet=y"),
      "stdio");
    assertThat(debugged.exit()).as(debugged.stderr()).isZero();
    assertThat(debugged.stdout()).as("nothing but protocol on stdout, and no request came").isEmpty();
    try (var files = Files.list(target)) {
      assertThat(files.map(file -> file.getFileName().toString())).containsExactly("reviewgate.jar");
    }
  }

  @Test
  void helpGoesToStdout() throws Exception {
    ProcessRun help = run("help");
    assertThat(help.exit()).isZero();
    assertThat(help.stdout()).contains("usage: reviewgate").contains("stdio").contains("call TOOL");
  }
}
