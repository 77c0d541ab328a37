package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code git_diff {files_only, counts: false}} and {@code git_changed_files {counts: false}} through the real git
 * backend over the bus: they read no file content (a deleted blob does not stop them), list exactly what
 * {@code git diff --name-status -M} lists, and equal the engine's uncounted list of git_diff's own text.
 */
@ExtendWith(VertxExtension.class)
class UncountedFileListTest {

  @TempDir
  Path tmp;

  private TestRepo repo;
  private String base;
  private String head;

  private static String numbered(String prefix, int n) {
    return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + " " + i + "\n").collect(Collectors.joining());
  }

  @BeforeEach
  void deploy(Vertx vertx, VertxTestContext test) throws IOException {
    repo = new TestRepo(tmp);
    repo.write("run.sh", "echo hi\n").write("tool.sh", "echo one\n").write("lib/old.txt", numbered("line", 20))
      .write("same/äpfel.txt", numbered("apple", 8)).write("logo.bin", new byte[] {0, 1, 2}).write("gone.txt", "bye\n")
      .write("kind", "was a file\n").write("edit.txt", "one\n");
    base = repo.commit("base");
    executable("run.sh");
    executable("tool.sh");
    repo.write("tool.sh", "echo two\n");
    repo.git("mv", "lib/old.txt", "lib/new.txt");
    repo.delete("same/äpfel.txt").write("moved/äpfel.txt", numbered("apple", 8));
    repo.write("lib/new.txt", numbered("line", 20).replace("line 7\n", "line seven\n"))
      .write("logo.bin", new byte[] {0, 3, 2}).delete("gone.txt").write("added.txt", "new\n").delete("kind")
      .write("edit.txt", "two\n");
    Files.createSymbolicLink(repo.dir().resolve("kind"), Path.of("edit.txt"));
    head = repo.commit("change");
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(new JsonObject()), ToolCatalog.standard()))
      .onComplete(test.succeedingThenComplete());
  }

  private void executable(String path) throws IOException {
    Files.setPosixFilePermissions(repo.dir().resolve(path), PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static Future<JsonObject> call(Vertx vertx, String address, JsonObject args) {
    return BusRequests.request(vertx.eventBus(), address, args, 10_000);
  }

  private JsonObject range() {
    return new JsonObject().put("repo", "demo").put("base", base).put("head", head);
  }

  /** git's {@code --name-status -M -z} records, one per file: status (with score), then its path or two. */
  private List<String> gitNameStatus() {
    String[] fields = repo.git("diff", "--name-status", "-M", "-z", base, head).split("\0");
    List<String> records = new ArrayList<>();
    for (int i = 0; i < fields.length; ) {
      String status = fields[i++];
      records.add(status + "\t" + fields[i++] + (status.startsWith("R") ? "\t" + fields[i++] : ""));
    }
    return records;
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void changedFilesWithoutCountsIsGitsNameStatus(Vertx vertx, VertxTestContext test) {
    call(vertx, Addresses.GIT_CHANGED_FILES, range().put("counts", false)).onComplete(test.succeeding(listed -> test.verify(() -> {
      List<String> ours = new ArrayList<>();
      for (Object item : listed.getJsonArray("files")) {
        JsonObject f = (JsonObject) item;
        assertThat(f.fieldNames()).doesNotContain("additions", "deletions", "binary");
        String letter = switch (f.getString("status")) {
          case "added" -> "A";
          case "deleted" -> "D";
          case "modified" -> "M";
          case "type_changed" -> "T";
          default -> String.format("R%03d", f.getInteger("similarity"));
        };
        ours.add(letter + "\t" + (f.containsKey("old_path") ? f.getString("old_path") + "\t" : "") + f.getString("path"));
      }
      assertThat(ours).containsExactlyElementsOf(gitNameStatus())
        .contains("R092\tlib/old.txt\tlib/new.txt", "R100\tsame/äpfel.txt\tmoved/äpfel.txt", "T\tkind", "M\tlogo.bin");
      JsonObject modeOnly = file(listed.getJsonArray("files"), "run.sh");
      assertThat(modeOnly.getMap()).containsEntry("status", "modified").containsEntry("old_mode", "100644")
        .containsEntry("new_mode", "100755");
      assertThat(listed.getJsonObject("totals").getMap()).containsOnlyKeys("files_changed").containsEntry("files_changed", 9);
      test.completeNow();
    })));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void gitDiffWithoutCountsIsTheEnginesListOfItsOwnText(Vertx vertx, VertxTestContext test) {
    DiffEngine engine = new DiffEngine(repo.servedAsDemo(new JsonObject()).diff());
    JsonObject shaping = new JsonObject().put("files_only", true).put("counts", false);
    call(vertx, Addresses.GIT_DIFF, range())
      .compose(whole -> call(vertx, Addresses.GIT_DIFF, range().mergeIn(shaping)).map(listed -> {
        test.verify(() -> {
          JsonObject parsed = engine.parseAndShape(whole.getString("diff").getBytes(StandardCharsets.UTF_8), shaping);
          assertThat(listed.getJsonArray("files")).isEqualTo(parsed.getJsonArray("files")).hasSize(10);
          assertThat(listed.getJsonObject("summary")).isEqualTo(parsed.getJsonObject("summary"));
          assertThat(listed.getJsonObject("summary").fieldNames()).doesNotContain("additions", "deletions");
          // a type change is written by git as a deletion and a creation, and listed so
          assertThat(listed.getJsonArray("files").stream().map(f -> ((JsonObject) f).getString("path")).filter("kind"::equals))
            .hasSize(2);
          assertThat(file(listed.getJsonArray("files"), "run.sh").getMap()).containsEntry("status", "mode_changed");
          assertThat(file(listed.getJsonArray("files"), "tool.sh").getMap()).containsEntry("status", "modified")
            .containsEntry("old_mode", "100644").containsEntry("new_mode", "100755");
          assertThat(listed.getString("head")).isEqualTo(head);
        });
        return listed;
      }))
      .compose(v -> {
        JsonObject paged = range().mergeIn(shaping).put("include", "*.txt").put("skip", 1).put("top", 2);
        return call(vertx, Addresses.GIT_DIFF, paged).map(listed -> {
          test.verify(() -> {
            JsonObject parsed = engine.parseAndShape(repo.gitBytes("diff", "-M", base, head), paged);
            listed.remove("repo");
            listed.remove("base");
            listed.remove("head");
            assertThat(listed).isEqualTo(parsed);
            assertThat(listed.getInteger("next_skip")).isEqualTo(3);
          });
          return listed;
        });
      })
      .onComplete(test.succeedingThenComplete());
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void countsIsPartOfTheCacheKey(Vertx vertx, VertxTestContext test) {
    JsonObject listedArgs = range().put("files_only", true).put("counts", false);
    call(vertx, Addresses.GIT_DIFF, listedArgs)
      .compose(listed -> call(vertx, Addresses.GIT_DIFF, range().put("files_only", true).put("counts", true)))
      .compose(counted -> {
        test.verify(() -> assertThat(file(counted.getJsonArray("files"), "edit.txt").getMap())
          .containsEntry("additions", 1).containsEntry("deletions", 1));
        return call(vertx, Addresses.GIT_DIFF, listedArgs);
      })
      .compose(again -> {
        test.verify(() -> assertThat(file(again.getJsonArray("files"), "edit.txt").fieldNames()).doesNotContain("additions"));
        return call(vertx, Addresses.GIT_DIFF, range().put("counts", false));
      })
      .onComplete(test.failing(refused -> test.verify(() -> {
        assertThat(refused).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
          assertThat(e.getMessage()).contains("files_only=true");
        });
        test.completeNow();
      })));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void noBlobIsReadWithoutCounts(Vertx vertx, VertxTestContext test) throws IOException {
    // The new content of edit.txt and of the exactly renamed file exist only as loose objects; take them away.
    String edited = repo.git("rev-parse", head + ":edit.txt").strip();
    String renamed = repo.git("rev-parse", head + ":moved/äpfel.txt").strip();
    for (String blob : List.of(edited, renamed)) {
      Path loose = repo.dir().resolve(".git/objects").resolve(blob.substring(0, 2)).resolve(blob.substring(2));
      assertThat(loose).exists();
      Files.delete(loose);
    }
    JsonObject commit = new JsonObject().put("repo", "demo").put("commit", head);
    call(vertx, Addresses.GIT_DIFF, commit.copy().put("files_only", true).put("counts", false))
      .compose(listed -> {
        test.verify(() -> {
          assertThat(file(listed.getJsonArray("files"), "edit.txt").getMap()).containsEntry("status", "modified");
          assertThat(file(listed.getJsonArray("files"), "moved/äpfel.txt").getMap()).containsEntry("status", "renamed")
            .containsEntry("similarity", 100);
        });
        return call(vertx, Addresses.GIT_CHANGED_FILES, commit.copy().put("counts", false));
      })
      .compose(changed -> {
        test.verify(() -> assertThat(file(changed.getJsonArray("files"), "edit.txt").getString("status")).isEqualTo("modified"));
        return failureOf(call(vertx, Addresses.GIT_DIFF, commit.copy().put("files_only", true)));
      })
      .compose(failure -> {
        test.verify(() -> assertMissingBlob(failure, edited));
        return failureOf(call(vertx, Addresses.GIT_CHANGED_FILES, commit));
      })
      .onComplete(test.succeeding(failure -> test.verify(() -> {
        assertMissingBlob(failure, edited);
        test.completeNow();
      })));
  }

  /** The failure of a call that must fail; a success fails the returned future instead. */
  private static Future<Throwable> failureOf(Future<JsonObject> call) {
    return call.transform(done -> done.succeeded()
      ? Future.failedFuture(new AssertionError("expected a failure, got " + done.result().encode()))
      : Future.succeededFuture(done.cause()));
  }

  private static void assertMissingBlob(Throwable failure, String blob) {
    assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).as("repository content never makes an INTERNAL error").isEqualTo(Failure.NOT_FOUND);
      assertThat(e.getMessage()).startsWith("repository 'demo' lacks an object").contains(blob).contains("counts=false")
        .doesNotContain("Exception").doesNotContain("\tat ");
    });
  }

  private static JsonObject file(JsonArray files, String path) {
    return files.stream().map(JsonObject.class::cast).filter(f -> f.getString("path").equals(path)).findFirst()
      .orElseThrow(() -> new AssertionError(path + " not in " + files.encode()));
  }
}
