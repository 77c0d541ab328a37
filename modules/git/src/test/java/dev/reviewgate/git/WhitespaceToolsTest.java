package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ignore_whitespace} through the tools over the bus: git_diff's text is {@code git diff -w}'s, its summary and
 * git_changed_files' counts are {@code --numstat -w}'s, a page's cursor belongs to its mode, and a bad mode is refused.
 */
@ExtendWith(VertxExtension.class)
class WhitespaceToolsTest {

  @TempDir
  Path tmp;

  private TestRepo repo;
  private String base;
  private String head;

  @BeforeEach
  void deploy(Vertx vertx, VertxTestContext test) {
    repo = new TestRepo(tmp);
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      body.append("\tstep(").append(i).append(");\n");
    }
    repo.write("main.c", "int main(void)\n{\n" + body + "\treturn 0;\n}\n").write("notes.txt", "a b\nc\n");
    base = repo.commit("base");
    repo.write("main.c", "int main(void)\n{\n" + body.toString().replace("\t", "    ") + "    return 1;\n}\n")
      .write("notes.txt", "a  b \nc\n");
    head = repo.commit("re-indent and a real change");
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(new JsonObject()), ToolCatalog.standard()))
      .onComplete(test.succeedingThenComplete());
  }

  private static Future<JsonObject> call(Vertx vertx, String address, JsonObject args) {
    return BusRequests.request(vertx.eventBus(), address, args, 10_000);
  }

  private JsonObject range() {
    return new JsonObject().put("repo", "demo").put("base", base).put("head", head);
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void theDiffAndItsCountsAreGitsWithW(Vertx vertx, VertxTestContext test) {
    String expected = new String(repo.gitBytes("diff", "-w", "--histogram", "-M", "--no-color", base, head),
      StandardCharsets.UTF_8);
    assertThat(expected).contains("-\treturn 0;\n+    return 1;\n").doesNotContain("notes.txt", "step(3)");
    call(vertx, Addresses.GIT_DIFF, range().put("ignore_whitespace", "all")).compose(diff -> {
      test.verify(() -> {
        assertThat(diff.getString("diff")).isEqualTo(expected);
        assertThat(diff.getString("ignore_whitespace")).isEqualTo("all");
        assertThat(diff.getJsonObject("summary").getInteger("files")).isEqualTo(1);
        assertThat(diff.getJsonObject("summary").getInteger("additions")).isEqualTo(1);
      });
      return call(vertx, Addresses.GIT_DIFF, range());
    }).compose(whole -> {
      test.verify(() -> assertThat(whole.getString("diff")).contains("+    step(3);", "notes.txt"));
      return call(vertx, Addresses.GIT_CHANGED_FILES, range().put("ignore_whitespace", "all"));
    }).compose(changed -> {
      test.verify(() -> {
        assertThat(changed.getJsonArray("files")).hasSize(1);
        JsonObject file = changed.getJsonArray("files").getJsonObject(0);
        String numstat = new String(repo.gitBytes("diff", "--numstat", "-w", "--histogram", base, head), StandardCharsets.UTF_8);
        assertThat(file.getInteger("additions") + "\t" + file.getInteger("deletions") + "\t" + file.getString("path") + "\n")
          .isEqualTo(numstat);
      });
      return call(vertx, Addresses.GIT_CHANGED_FILES, range().put("ignore_whitespace", "eol"));
    }).onComplete(test.succeeding(changed -> test.verify(() -> {
      // --ignore-space-at-eol sees the re-indent and the doubled space, not the trailing one
      assertThat(changed.getJsonArray("files")).hasSize(2);
      assertThat(changed.getJsonArray("files").getJsonObject(0).getInteger("additions")).isEqualTo(41);
      test.completeNow();
    })));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aCursorOfOneModeIsRefusedForAnotherAndABadModeIsNamed(Vertx vertx, VertxTestContext test) {
    JsonObject paged = range().put("max_bytes", 2000);
    call(vertx, Addresses.GIT_DIFF, paged.copy()).compose(first -> {
      String cursor = first.getString("next_cursor");
      test.verify(() -> assertThat(cursor).as("the full diff is paged").isNotNull());
      return call(vertx, Addresses.GIT_DIFF, paged.copy().put("ignore_whitespace", "all").put("cursor", cursor));
    }).recover(failure -> {
      test.verify(() -> assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.CONFLICT);
        assertThat(e.getMessage()).contains("issued for another result");
      }));
      return call(vertx, Addresses.GIT_DIFF, range().put("ignore_whitespace", "tabs"));
    }).onComplete(test.failing(failure -> test.verify(() -> {
      assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
        assertThat(e.getMessage()).contains("ignore_whitespace");
      });
      test.completeNow();
    })));
  }
}
