package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.modern;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A diff large enough to be written in parallel: over HTTP it goes out while it is being made (the git module's
 * StreamedDiffTest holds the early answer and the ends), as one body of git's bytes with the summary after them; over
 * stdio, whose lines cannot interleave, it is written whole as one line. Either way the next call is answered.
 */
class StreamedDiffIT {

  /** The parallel threshold lowered so that a diff of a few files streams (the default is 256 files). */
  private static final Map<String, String> PARALLEL_FROM_24 = Map.of("REVIEWGATE_GIT_PARALLEL_FROM_FILES", "24");
  private static final int FILES = 40;

  @TempDir
  Path temp;

  private Path repo() {
    TempGitRepo repo = new TempGitRepo(temp.resolve("repo"));
    for (int f = 0; f < FILES; f++) {
      repo.write("src/f" + f + ".txt", lines(f, false));
    }
    repo.commit("first");
    for (int f = 0; f < FILES; f++) {
      repo.write("src/f" + f + ".txt", lines(f, true));
    }
    repo.commit("second");
    return repo.dir();
  }

  private static String lines(int file, boolean edited) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 1_500; i++) {
      text.append(edited && i % 7 == 0 ? "edited " : "line ").append(file).append(' ').append(i).append(" \"é\" 😀\t\n");
    }
    return text.toString();
  }

  private static void assertWhole(JsonObject result, String git) {
    assertThat(result.getBoolean("isError")).isFalse();
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(git);
    JsonObject structured = result.getJsonObject("structuredContent");
    assertThat(structured.getJsonObject("summary").getInteger("files")).isEqualTo(FILES);
    assertThat(structured.getJsonArray("warnings")).isEmpty();
    assertThat(structured.getInteger("diff_in_content")).isZero();
    JsonObject rest = structured.copy();
    rest.remove("diff_in_content");
    assertThat(new JsonObject(result.getJsonArray("content").getJsonObject(1).getString("text"))).isEqualTo(rest);
  }

  @Test
  void overStdioTheDiffIsOneLineOfGitsBytesAndTheNextCallIsAnswered() throws Exception {
    Path repo = repo();
    String git = GitFixture.git(repo, "diff", "--histogram", "HEAD~1", "HEAD");
    McpProcess mcp = McpProcess.start(repo, PARALLEL_FROM_24);
    try {
      for (int round = 1; round <= 2; round++) {
        // A budget no diff passes: the text is streamed whole (a smaller one pages it).
        JsonObject result = mcp.request(modern(round, "tools/call", call("git_diff",
          new JsonObject().put("base", "HEAD~1").put("head", "HEAD").put("max_bytes", Integer.MAX_VALUE)))).getJsonObject("result");
        assertWhole(result, git);
      }
      JsonObject small = mcp.request(modern(3, "tools/call", call("git_diff",
        new JsonObject().put("commit", "HEAD").put("paths", new io.vertx.core.json.JsonArray().add("src/f1.txt")))))
        .getJsonObject("result");
      assertThat(small.getJsonArray("content").getJsonObject(0).getString("text"))
        .isEqualTo(GitFixture.git(repo, "diff", "--histogram", "HEAD~1", "HEAD", "--", "src/f1.txt"));
    } finally {
      mcp.close();
    }
    assertThat(mcp.pollution()).as("stdout lines that are not JSON-RPC messages").isEmpty();
  }

  @Test
  void overHttpTheDiffIsOneBodyOfGitsBytes() throws Exception {
    Path repo = repo();
    String git = GitFixture.git(repo, "diff", "--histogram", "HEAD~1", "HEAD");
    try (ServeProcess serve = ServeProcess.start(repo, PARALLEL_FROM_24)) {
      for (int round = 0; round < 2; round++) {
        assertWhole(McpHttp.call(serve.port(), "git_diff", new JsonObject().put("base", "HEAD~1").put("head", "HEAD")
          .put("max_bytes", Integer.MAX_VALUE)), git);
      }
      // Each streamed call is timed once, when its body has ended (not when its first byte left).
      String counted = "reviewgate_tool_calls_seconds_count{frontend=\"http\",outcome=\"ok\",tool=\"git_diff\"} 2";
      List<String> metrics = List.of();
      for (int poll = 0; poll < 50 && !metrics.contains(counted); poll++) {
        metrics = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
            java.net.URI.create("http://127.0.0.1:" + serve.port() + "/metrics")).header("Authorization", SignIn.bearer()).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString()).body().lines().toList();
        if (!metrics.contains(counted)) {
          Thread.sleep(100);
        }
      }
      assertThat(metrics).contains(counted);
    }
  }
}
