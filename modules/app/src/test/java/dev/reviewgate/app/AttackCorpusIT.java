package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attack-input corpus over the real transport: option injection through revisions, traversal and absolute
 * paths, symlinks out of the repository, huge and out-of-range values. Every input is refused with an error result
 * that says what was wrong, nothing outside the repository is read (a secret next to it never appears in any
 * answer) and nothing is written; the server answers a probe afterwards and its log has no SEVERE line.
 */
class AttackCorpusIT {

  private static final String SECRET = "TOP-SECRET-7f3a";

  @TempDir
  Path tmp;

  private record Attack(String tool, JsonObject arguments) {
  }

  @Test
  void everyAttackInputIsRefusedAndNothingLeaks() throws Exception {
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Path secret = Files.writeString(outside.resolve("secret.txt"), SECRET + "\n");
    Path repoDir = tmp.resolve("repo");
    TempGitRepo repo = new TempGitRepo(repoDir);
    repo.write("a.txt", "hello\n");
    Files.createSymbolicLink(repoDir.resolve("escape"), secret);
    Files.createSymbolicLink(repoDir.resolve("up"), Path.of("../outside"));
    repo.commit("base");
    repo.write("a.txt", "hello\nworld\n").commit("second");
    Path written = outside.resolve("pwned");

    List<Attack> corpus = new ArrayList<>();
    List<String> hostileRevisions = List.of("--output=" + written, "-p", "--upload-pack=touch " + written,
      "--exec=touch " + written, "HEAD\u0000--output=x", "HEAD:../outside/secret.txt", "HEAD ; rm -rf /",
      "$(touch " + written + ")", "`touch " + written + "`", "x".repeat(5000), "HEAD@{-1}", "refs/../../etc");
    for (String revision : hostileRevisions) {
      corpus.add(new Attack("git_resolve", new JsonObject().put("revision", revision)));
      corpus.add(new Attack("git_show_file", new JsonObject().put("revision", revision).put("path", "a.txt")));
      corpus.add(new Attack("git_diff", new JsonObject().put("base", revision).put("head", "HEAD")));
      corpus.add(new Attack("git_grep", new JsonObject().put("revision", revision).put("pattern", "x")));
      corpus.add(new Attack("git_log", new JsonObject().put("range", revision + "..HEAD")));
    }
    for (String path : List.of("../outside/secret.txt", "/etc/passwd", secret.toString(), "a/../../x", "a\u0000b",
      ".git/config", "up/secret.txt", "C:\\windows\\win.ini", "~/.ssh/id_rsa")) {
      corpus.add(new Attack("git_show_file", new JsonObject().put("path", path)));
    }
    corpus.add(new Attack("git_diff", new JsonObject().put("repo", "../outside")));
    corpus.add(new Attack("git_diff", new JsonObject().put("repo", "/etc")));
    corpus.add(new Attack("git_show_file", new JsonObject().put("path", "a.txt").put("end_line", 2_147_483_648L)));
    corpus.add(new Attack("git_show_file", new JsonObject().put("path", "a.txt").put("start_line", -1)));
    corpus.add(new Attack("git_diff", new JsonObject("{\"commit\": \"HEAD\", \"skip\": 18446744073709551616}")));
    corpus.add(new Attack("git_diff", new JsonObject().put("commit", "HEAD").put("context_lines", 1_000_000)));
    corpus.add(new Attack("git_log", new JsonObject().put("limit", 0)));
    corpus.add(new Attack("git_grep", new JsonObject().put("pattern", "(unclosed")));
    corpus.add(new Attack("git_grep", new JsonObject().put("pattern", "x".repeat(100_000))));
    corpus.add(new Attack("git_diff", new JsonObject().put("commit", "HEAD").put("include", "[")));
    corpus.add(new Attack("diff_parse", new JsonObject().put("diff", 42)));
    corpus.add(new Attack("github_get_pull_request", new JsonObject().put("pr_number", -5).put("owner", "../x")));
    corpus.add(new Attack("review_status", new JsonObject().put("review_id", "../../outside/secret")));

    try (McpProcess mcp = McpProcess.start(repoDir)) {
      assertThat(mcp.request(Messages.initialize(0, "2025-11-25")).getJsonObject("result")).isNotNull();
      int id = 1;
      int refused = 0;
      for (Attack attack : corpus) {
        JsonObject reply = mcp.request(request(id++, "tools/call", call(attack.tool(), attack.arguments())));
        String text = reply.encode();
        assertThat(text).as(attack.tool() + " " + attack.arguments().encode()).doesNotContain(SECRET);
        JsonObject result = reply.getJsonObject("result");
        boolean isError = reply.containsKey("error") || (result != null && result.getBoolean("isError", false));
        assertThat(isError).as("refused: " + attack.tool() + " " + attack.arguments().encode() + " -> " + text).isTrue();
        if (result != null) {
          String message = result.getJsonArray("content").getJsonObject(0).getString("text");
          assertThat(message).as("a clear text for " + attack.arguments().encode()).isNotBlank().doesNotContain("Exception");
        }
        refused++;
      }
      assertThat(mcp.request(request(id, "ping", null)).getJsonObject("result")).isNotNull();
      assertThat(mcp.stderr()).doesNotContain("SEVERE");
      System.out.println("attack corpus: " + refused + " of " + corpus.size() + " inputs refused");
    }
    try (Stream<Path> files = Files.list(outside)) {
      assertThat(files.map(p -> p.getFileName().toString())).as("nothing written outside").containsExactly("secret.txt");
    }
    try (Stream<Path> files = Files.list(repoDir)) {
      assertThat(files.map(p -> p.getFileName().toString())).as("nothing written in the work tree")
        .containsExactlyInAnyOrder(".git", "a.txt", "escape", "up");
    }
  }
}
