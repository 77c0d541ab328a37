package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server started outside any git repository and given no {@code --repo} (Claude Desktop starts it so) says at start
 * that it serves nothing and how to fix it, on stderr and in the instructions the client reads first; started in a
 * repository, or given one, it says nothing of the kind.
 */
class NoRepositoryIT {

  private static final String SAID = "serving no repository";
  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir
  Path temp;

  @Test
  void stdioSaysSoOnStderrAndInItsInstructions() throws Exception {
    Path nowhere = Files.createDirectories(temp.resolve("nowhere"));
    try (McpProcess server = McpProcess.start(nowhere, reviewsIn(temp))) {
      JsonObject init = server.request(Messages.initialize(1, "2025-11-25")).getJsonObject("result");
      assertThat(init.getString("instructions")).startsWith("Warning: " + SAID).contains("--repo NAME=PATH");
      String stderr = until(server::stderr, SAID);
      assertThat(stderr).contains("reviewgate: " + SAID + ": " + nowhere.toRealPath()).contains("--repo NAME=PATH");
      JsonObject first = server.request(request(2, "tools/call", call("git_log", new JsonObject())))
        .getJsonObject("result");
      assertThat(first.getBoolean("isError")).isTrue();
      assertThat(first.getJsonArray("content").getJsonObject(0).getString("text"))
        .contains("no repository is served").contains("--repo NAME=PATH");
    }
    Path repo = GitFixture.create(temp.resolve("repo"));
    for (Path start : List.of(repo, nowhere)) {
      // In a repository, or outside one with one named.
      String[] named = start.equals(repo) ? new String[0] : new String[] {"--repo", "r=" + repo};
      try (McpProcess served = McpProcess.start(start, reviewsIn(temp), named)) {
        JsonObject init = served.request(Messages.initialize(1, "2025-11-25")).getJsonObject("result");
        assertThat(init.getString("instructions")).doesNotContain(SAID);
        assertThat(served.stderr()).doesNotContain(SAID);
      }
    }
  }

  @Test
  void serveSaysSoOnStderr() throws Exception {
    Path nowhere = Files.createDirectories(temp.resolve("nowhere"));
    try (ServeProcess serve = ServeProcess.start(nowhere, reviewsIn(temp))) {
      assertThat(serve.stderr()).contains("reviewgate: " + SAID).contains("--repo NAME=PATH");
      JsonObject result = McpHttp.call(serve.port(), "git_log", new JsonObject());
      assertThat(result.getBoolean("isError")).isTrue();
      assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).contains("--repo NAME=PATH");
    }
  }

  /** Outside a repository reviews would be kept in the home folder: here, under the test's own. */
  private static Map<String, String> reviewsIn(Path temp) {
    return Map.of("REVIEWGATE_REVIEW_STORAGE_DIR", temp.resolve("reviews").toString());
  }

  /** stderr once it holds {@code text} (it is read by a thread of its own). */
  private static String until(java.util.function.Supplier<String> stderr, String text) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!stderr.get().contains(text) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    return stderr.get();
  }
}
