package dev.reviewgate.app;

import static dev.reviewgate.app.Messages.call;
import static dev.reviewgate.app.Messages.modern;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over stdio, the first text block of git_show_file, git_diff_stat, git_log and git_grep is the text a person reads,
 * exactly what git prints, never JSON; the structure is in structuredContent.
 */
class ReadableTextIT {

  private static final String FILE = "say \"hi\"\tthen C:\\path\nline two {\"json\": true}\n";

  @TempDir
  Path temp;

  @Test
  void theTextOfEachToolIsWhatGitPrints() throws Exception {
    TempGitRepo repo = new TempGitRepo(temp.resolve("repo"));
    repo.write("a.txt", "one\n").write("b.txt", "two\n");
    repo.commit("first \"quoted\"");
    repo.write("a.txt", FILE).write("b.txt", "two\nthree\n");
    repo.commit("second: say \"hi\"");
    McpProcess mcp = McpProcess.start(repo.dir());
    try {
      String file = text(mcp, 1, "git_show_file", new JsonObject().put("path", "a.txt"));
      assertThat(file).isEqualTo(FILE);
      String stat = text(mcp, 2, "git_diff_stat", new JsonObject().put("base", "HEAD~1").put("head", "HEAD"));
      assertThat(stat).isEqualTo(repo.git("diff", "--stat=80", "HEAD~1", "HEAD"));
      String log = text(mcp, 3, "git_log", new JsonObject());
      assertThat(log.lines().toList()).hasSize(2).allMatch(line -> line.matches("[0-9a-f]{7} \\d{4}-\\d\\d-\\d\\d Test Author: .+"));
      assertThat(log).contains("second: say \"hi\"");
      String grep = text(mcp, 4, "git_grep", new JsonObject().put("pattern", "two"));
      assertThat(grep).isEqualTo(repo.git("grep", "-n", "two", "HEAD").replace("HEAD:", ""));
      for (String text : new String[] {file, stat, log, grep}) {
        assertThat(text).doesNotStartWith("{").doesNotContain("\\n").doesNotContain("\\\"");
      }
    } finally {
      mcp.close();
    }
  }

  private static String text(McpProcess mcp, int id, String tool, JsonObject arguments) throws Exception {
    JsonObject result = mcp.request(modern(id, "tools/call", call(tool, arguments))).getJsonObject("result");
    assertThat(result.getBoolean("isError")).as(result.encode()).isFalse();
    assertThat(result.getJsonObject("structuredContent")).isNotNull();
    return result.getJsonArray("content").getJsonObject(0).getString("text");
  }
}
