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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * git_diff_stat and git_diff with format=stat come from one renderer and print what git diff --stat prints,
 * renames as {@code dir/{old => new}} included, binary files with their sizes ({@code Bin 0 -> 24 bytes}) and the
 * column widths those take, on a repository made for it and on the last 41 commits of this project's own history.
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
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(new JsonObject()), ToolCatalog.standard()))
      .compose(id -> expectSameStat(vertx, test, base, head, git)).onComplete(test.succeedingThenComplete());
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void binaryFilesPrintTheirSizesAndWidenTheGraphAsGitDoes(Vertx vertx, VertxTestContext test) throws Exception {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder big = new StringBuilder();
    for (int i = 0; i < 1200; i++) {
      big.append("row ").append(i).append('\n');
    }
    repo.write(".gitattributes", "*.dat binary\n*.lock -diff\n").write("data/kept.dat", "version one\n")
      .write("data/gone.dat", "soon deleted\n").write("deps.lock", "a=1\n").write("img/logo.png", new byte[] {1, 0, 2, 0})
      .write("empty.dat", "").write("notes.txt", "one\n");
    String base = repo.commit("base");
    repo.write("data/kept.dat", "version two, longer\n").delete("data/gone.dat").write("data/new.dat", "twenty-four bytes here!\n")
      .write("deps.lock", "a=2\nb=3\n").write("img/logo.png", new byte[] {1, 0, 2, 0, 3, 0, 4})
      .write("empty.dat", "filled\n").write("notes.txt", big.toString());
    String head = repo.commit("binary and text changes");
    String git = new String(repo.gitBytes("diff", "--stat", "--histogram", base, head), StandardCharsets.UTF_8);
    assertThat(git).contains("Bin 0 -> 24 bytes").contains("Bin 13 -> 0 bytes").contains("Bin 4 -> 7 bytes");
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(new JsonObject()), ToolCatalog.standard()))
      .compose(id -> expectSameStat(vertx, test, base, head, git)).onComplete(test.succeedingThenComplete());
  }

  /**
   * Changes whose two sides are one blob (a 100% rename, a mode change) carry no binary mark in the patch text, yet
   * git loads them for its stat and prints a binary one as a bare {@code Bin}; beside them a binary rename with
   * changes ({@code Bin X -> Y bytes}), text renames (with and without changes), a binary renamed and made executable,
   * a text mode change, a symlink turned into a binary file and back and one into a text file (a type change: one
   * line in git's stat).
   */
  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void sameContentBinaryChangesPrintBinLikeGit(Vertx vertx, VertxTestContext test) throws Exception {
    sameContentBinaryChanges(vertx, test, new JsonObject());
  }

  /** The same, each diff written in blocks on DiffParts' threads (each block has a writer of its own). */
  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void sameContentBinaryChangesPrintBinLikeGitWhenWrittenInParallel(Vertx vertx, VertxTestContext test) throws Exception {
    sameContentBinaryChanges(vertx, test, new JsonObject().put("parallelFromFiles", 2));
  }

  private void sameContentBinaryChanges(Vertx vertx, VertxTestContext test, JsonObject gitSection) throws Exception {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      text.append("text line ").append(i).append('\n');
    }
    byte[] data = new byte[150];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i % 3 == 0 ? 0 : 'a' + i % 26);
    }
    repo.write("img.bin", new byte[] {'a', 0, 'b'}).write("data.bin", data).write("mode.bin", new byte[] {'p', 0, 'q'})
      .write("exe.bin", new byte[] {'e', 0}).write("t.txt", text.toString()).write("t2.txt", text.toString())
      .write("script.sh", "echo hi\n").write("swap.bin", new byte[] {'z', 0});
    java.nio.file.Files.createSymbolicLink(repo.dir().resolve("link"), Path.of("t.txt"));
    java.nio.file.Files.createSymbolicLink(repo.dir().resolve("textlink"), Path.of("t2.txt"));
    String base = repo.commit("base");
    java.nio.file.Files.createDirectories(repo.dir().resolve("moved"));
    repo.git("mv", "img.bin", "pic.bin");
    repo.git("mv", "data.bin", "data2.bin");
    repo.git("mv", "exe.bin", "exe2.bin");
    repo.git("mv", "t.txt", "u.txt");
    repo.git("mv", "t2.txt", "moved/t2.txt");
    byte[] changed = java.util.Arrays.copyOf(data, data.length + 3);
    changed[data.length + 1] = 0;
    repo.write("data2.bin", changed).write("moved/t2.txt", text + "one more\n");
    executable(repo, "mode.bin");
    executable(repo, "exe2.bin");
    executable(repo, "script.sh");
    repo.delete("link").write("link", new byte[] {'b', 0, 'c'}).delete("swap.bin").delete("textlink")
      .write("textlink", "a link\nno more\n");
    java.nio.file.Files.createSymbolicLink(repo.dir().resolve("swap.bin"), Path.of("pic.bin"));
    String head = repo.commit("renames, mode and type changes");
    String git = new String(repo.gitBytes("diff", "--stat", "--histogram", "-M", base, head), StandardCharsets.UTF_8);
    assertThat(git).containsPattern("(?m)^ img.bin => pic.bin +\\| Bin$").containsPattern("(?m)^ mode.bin +\\| Bin$")
      .containsPattern("(?m)^ exe.bin => exe2.bin +\\| Bin$").containsPattern("(?m)^ t.txt => u.txt +\\| +0$")
      .contains("Bin 150 -> 153 bytes").containsPattern("(?m)^ link +\\| Bin 5 -> 3 bytes$")
      .containsPattern("(?m)^ textlink +\\| +3 \\+\\+-$");
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(gitSection), ToolCatalog.standard()))
      .compose(id -> expectSameStat(vertx, test, base, head, git)).onComplete(test.succeedingThenComplete());
  }

  private static void executable(TestRepo repo, String path) throws java.io.IOException {
    java.nio.file.Files.setPosixFilePermissions(repo.dir().resolve(path),
      java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** The acceptance check of issue 25: 41 commits of a real history, each against its parent, as the git CLI prints them. */
  @Test
  @Timeout(value = 180, timeUnit = TimeUnit.SECONDS)
  void equalsGitOnTheLast41CommitsOfThisRepository(Vertx vertx, VertxTestContext test) throws Exception {
    Path source = enclosingRepository();
    TestRepo clone = new TestRepo(tmp);
    clone.git("fetch", "-q", "--no-tags", source.toString(), "HEAD:refs/heads/history");
    clone.git("checkout", "-q", "history");
    List<String> commits = List.of(clone.git("rev-list", "--no-merges", "--min-parents=1", "-n", "41", "HEAD").trim().split("\n"));
    assertThat(commits).hasSize(41);
    Future<?> chain = vertx.deployVerticle(new GitVerticle(clone.servedAsDemo(new JsonObject()), ToolCatalog.standard()));
    for (String commit : commits) {
      String git = new String(clone.gitBytes("diff", "--stat", "--histogram", commit + "^", commit), StandardCharsets.UTF_8);
      chain = chain.compose(v -> expectSameStat(vertx, test, commit + "^", commit, git));
    }
    chain.onComplete(test.succeedingThenComplete());
  }

  /** Both stat tools over base..head, each compared with what the git CLI printed. */
  private Future<Void> expectSameStat(Vertx vertx, VertxTestContext test, String base, String head, String git) {
    JsonObject range = new JsonObject().put("repo", "demo").put("base", base).put("head", head);
    return Future.all(
        BusRequests.request(vertx.eventBus(), Addresses.GIT_DIFF_STAT, range, 30_000),
        BusRequests.request(vertx.eventBus(), Addresses.GIT_DIFF, range.copy().put("format", "stat"), 30_000))
      .map(both -> {
        test.verify(() -> {
          assertThat(((JsonObject) both.resultAt(0)).getString("text")).as("git_diff_stat %s..%s", base, head).isEqualTo(git);
          assertThat(((JsonObject) both.resultAt(1)).getString("stat")).as("git_diff format=stat %s..%s", base, head)
            .isEqualTo(git);
        });
        return null;
      });
  }

  /** The git repository this build runs in (a worktree's {@code .git} is a file). */
  private static Path enclosingRepository() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !java.nio.file.Files.exists(dir.resolve(".git"))) {
      dir = dir.getParent();
    }
    boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
    if (dir == null && ci) {
      throw new AssertionError("the build does not run in a git checkout, so the 41-commit stat check cannot run");
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(dir != null, "not built from a git checkout: no history to compare");
    return dir;
  }
}
