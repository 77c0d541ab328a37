package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * git_diff_stat and git_diff with format=stat come from one renderer and print what git diff --stat prints,
 * renames as {@code dir/{old => new}} included.
 */
@ExtendWith(VertxExtension.class)
class DiffStatTest {

  @TempDir
  Path tmp;

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void bothStatToolsMatchGitDiffStatWithRenames(Vertx vertx, VertxTestContext test) throws Exception {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      body.append("line ").append(i).append(" of a file that moves\n");
    }
    repo.write("src/main/old_name.txt", body.toString()).write("docs/guide.md", "# guide\nintro\n")
      .write("lib/util.py", "def f():\n    return 1\n");
    String base = repo.commit("base");
    repo.git("mv", "src/main/old_name.txt", "src/main/new_name.txt");
    java.nio.file.Files.createDirectories(repo.dir().resolve("manual"));
    repo.git("mv", "docs/guide.md", "manual/guide.md");
    repo.write("src/main/new_name.txt", body.toString().replace("line 3 of", "line three of"))
      .write("lib/util.py", "def f():\n    return 2\n\ndef g():\n    return 3\n");
    String head = repo.commit("renames and edits");
    String git = new String(repo.gitBytes("diff", "--stat=80", "-M", base, head), StandardCharsets.UTF_8);
    assertThat(git).contains("src/main/{old_name.txt => new_name.txt}").contains("{docs => manual}/guide.md");
    GitBackendOptions backend = repo.servedAsDemo(new JsonObject());
    JsonObject range = new JsonObject().put("repo", "demo").put("base", base).put("head", head);
    vertx.deployVerticle(new GitVerticle(backend, ToolCatalog.standard()))
      .compose(id -> Future.all(
        BusRequests.request(vertx.eventBus(), Addresses.GIT_DIFF_STAT, range, 10_000),
        BusRequests.request(vertx.eventBus(), Addresses.GIT_DIFF, range.copy().put("format", "stat"), 10_000)))
      .onComplete(test.succeeding(both -> test.verify(() -> {
        JsonObject stat = both.resultAt(0);
        JsonObject diff = both.resultAt(1);
        assertThat(stat.getString("text")).isEqualTo(git);
        assertThat(diff.getString("stat")).isEqualTo(git);
        test.completeNow();
      })));
  }
}
