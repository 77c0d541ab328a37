package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.Line;
import dev.reviewgate.diff.model.LineKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Diffs written by the git command line, from a repository with every awkward case, parse and render back exactly. */
class GitCliRoundTripTest {

  @TempDir
  static Path dir;
  static TempGitRepo repo;
  static final DiffEngine ENGINE = Fixtures.engine();

  @BeforeAll
  static void buildRepository() throws IOException, InterruptedException {
    repo = new TempGitRepo(dir);
    StringBuilder longText = new StringBuilder();
    for (int i = 1; i <= 40; i++) {
      longText.append("line ").append(i).append(" of a file that is long enough for rename detection\n");
    }
    repo.write("src/a/util.py", "def a():\n    return 1\n")
      .write("src/b/util.py", "def b():\n    return 2\n")
      .write("rename_me.txt", longText.toString())
      .write("copy_src.txt", longText.toString().replace("line", "row"))
      .write("script.sh", "#!/bin/sh\necho hi\n")
      .write("bin.dat", new byte[] {0, 1, 2, 3, (byte) 0xff, 0, 10, 13})
      .write("crlf.txt", "one\r\ntwo\r\nthree\r\n")
      .write("dir with space/file name.txt", "spaced\n")
      .write("latin1.txt", new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n', 'x', '\n'})
      .write("nonl.txt", "no newline at the end")
      .write("docs/old.md", "# old\n\ngoing away\n")
      .write("lookalike.txt", "-- a/x\n++ b/y\ndiff --git a/q b/q\n@@ -1 +1 @@\nkeep\n");
    Files.createSymbolicLink(dir.resolve("link"), Path.of("src/a/util.py"));
    shell("printf 'x\\n' > \"$(printf 'caf\\351.txt')\"");
    repo.commit("base");

    repo.write("src/a/util.py", "def a():\n    return 10\n")
      .write("src/b/util.py", "def b():\n    return 20\n");
    Files.createDirectories(dir.resolve("moved"));
    repo.gitBytes("mv", "rename_me.txt", "moved/renamed.txt");
    repo.write("moved/renamed.txt", longText.toString().replace("line 20 ", "LINE 20 "));
    repo.write("copy_dst.txt", longText.toString().replace("line", "row").replace("row 3 ", "ROW 3 "));
    Files.setPosixFilePermissions(dir.resolve("script.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    repo.write("bin.dat", new byte[] {0, 9, 8, 7, 6, 0, 10})
      .write("crlf.txt", "one\r\nTWO\r\nthree\r\n")
      .write("dir with space/file name.txt", "spaced out\n")
      .write("latin1.txt", new byte[] {'c', 'a', 'f', (byte) 0xe9, '!', '\n', 'x', '\n'})
      .write("nonl.txt", "still no newline at the end")
      .write("tést.txt", "accented name\n")
      .write("empty.txt", new byte[0])
      .delete("docs/old.md")
      .write("lookalike.txt", "--- a/x\n+++ b/y\ndiff --git a/r b/r\n@@ -2 +2 @@\nkeep\n");
    Files.delete(dir.resolve("link"));
    Files.createSymbolicLink(dir.resolve("link"), Path.of("src/b/util.py"));
    shell("printf 'y\\n' > \"$(printf 'caf\\351.txt')\"");
    repo.commit("change everything");
  }

  private static void shell(String script) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("sh", "-c", script).directory(dir.toFile()).inheritIO().start();
    assertThat(p.waitFor()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "diff -M -C -C HEAD~1 HEAD",
    "diff --binary -M -C -C HEAD~1 HEAD",
    "diff --no-renames HEAD~1 HEAD",
    "diff -U0 HEAD~1 HEAD",
    "diff -U10 -M HEAD~1 HEAD",
    "diff --no-prefix -M HEAD~1 HEAD",
    "diff -R -M HEAD~1 HEAD",
    "diff --full-index --binary HEAD~1 HEAD",
    "format-patch --stdout -1 HEAD",
    "log -p --binary -M",
    "show --stat -p -M HEAD"
  })
  void gitOutputRendersBackByteForByte(String command) {
    byte[] text = repo.gitBytes(command.split(" "));
    Diff diff = ENGINE.parse(text);
    assertThat(diff.files()).isNotEmpty();
    assertThat(ENGINE.render(diff)).isEqualTo(text);
  }

  @Test
  void theModelDescribesEveryKindOfChange() {
    Diff diff = ENGINE.parse(repo.gitBytes("diff", "--binary", "-M", "-C", "-C", "HEAD~1", "HEAD"));
    Map<String, FileDiff> files = diff.files().stream().collect(Collectors.toMap(FileDiff::path, Function.identity()));

    assertThat(files).containsKeys("src/a/util.py", "src/b/util.py", "dir with space/file name.txt", "tést.txt",
      "caf\uDCE9.txt", "empty.txt", "link", "docs/old.md", "script.sh", "moved/renamed.txt", "copy_dst.txt");
    // A Latin-1 name keeps its byte (escaped, see PathBytes); as JSON text it shows U+FFFD, and git's quoted form beside it.
    assertThat(dev.reviewgate.xdiff.PathBytes.encode("caf\uDCE9.txt")).containsExactly("caf\u00e9.txt".getBytes(
      java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThat(dev.reviewgate.diff.render.FileListRenderer.entry(files.get("caf\uDCE9.txt")).getString("path_quoted"))
      .isEqualTo("\"caf\\351.txt\"");
    assertThat(files.get("src/a/util.py").hunks().get(0).lines()).extracting(Line::text)
      .containsExactly("def a():", "    return 1", "    return 10");
    assertThat(files.get("src/b/util.py").additions()).isEqualTo(1);

    FileDiff renamed = files.get("moved/renamed.txt");
    assertThat(renamed.changeType()).isEqualTo(ChangeType.RENAMED);
    assertThat(renamed.oldPath()).isEqualTo("rename_me.txt");
    assertThat(renamed.similarity()).isBetween(90, 99);
    assertThat(renamed.extendedHeaderLines()).extracting(l -> l.lineText())
      .contains("rename from rename_me.txt", "rename to moved/renamed.txt");

    FileDiff copied = files.get("copy_dst.txt");
    assertThat(copied.changeType()).isEqualTo(ChangeType.COPIED);
    assertThat(copied.oldPath()).isEqualTo("copy_src.txt");

    FileDiff mode = files.get("script.sh");
    assertThat(mode.changeType()).isEqualTo(ChangeType.MODE_CHANGED);
    assertThat(mode.oldMode()).isEqualTo("100644");
    assertThat(mode.newMode()).isEqualTo("100755");
    assertThat(mode.hunks()).isEmpty();

    FileDiff binary = files.get("bin.dat");
    assertThat(binary.binary()).isTrue();
    assertThat(binary.binaryBody().utf8()).startsWith("GIT binary patch\nliteral 7");

    assertThat(files.get("docs/old.md").changeType()).isEqualTo(ChangeType.DELETED);
    assertThat(files.get("docs/old.md").newPath()).isNull();
    assertThat(files.get("empty.txt").changeType()).isEqualTo(ChangeType.ADDED);
    assertThat(files.get("empty.txt").hunks()).isEmpty();
    assertThat(files.get("empty.txt").newMode()).isEqualTo("100644");
    assertThat(files.get("link").newMode()).isEqualTo("120000");

    Hunk crlf = files.get("crlf.txt").hunks().get(0);
    assertThat(crlf.lines()).extracting(Line::text).containsExactly("one\r", "two\r", "TWO\r", "three\r");

    List<Line> nonl = files.get("nonl.txt").hunks().get(0).lines();
    assertThat(nonl).extracting(Line::kind)
      .containsExactly(LineKind.DELETED, LineKind.NO_NEWLINE, LineKind.ADDED, LineKind.NO_NEWLINE);

    byte[] latin = files.get("latin1.txt").hunks().get(0).line(0).raw().toArray();
    assertThat(latin).isEqualTo(new byte[] {'-', 'c', 'a', 'f', (byte) 0xe9, '\n'});

    List<Line> lookalike = files.get("lookalike.txt").hunks().get(0).lines();
    assertThat(lookalike).extracting(Line::text).contains("-- a/x", "--- a/x", "+++ b/y", "diff --git a/r b/r");
    assertThat(diff.files()).hasSize(files.size());
  }

  @Test
  void lineNumbersFollowBothSides() {
    Diff diff = ENGINE.parse(repo.gitBytes("diff", "-M", "HEAD~1", "HEAD", "--", "moved/renamed.txt", "rename_me.txt"));
    Hunk hunk = diff.files().get(0).hunks().get(0);
    List<Line> lines = hunk.lines();
    Line deleted = lines.stream().filter(l -> l.kind() == LineKind.DELETED).findFirst().orElseThrow();
    Line added = lines.stream().filter(l -> l.kind() == LineKind.ADDED).findFirst().orElseThrow();
    assertThat(deleted.oldNumber()).isEqualTo(20);
    assertThat(deleted.newNumber()).isZero();
    assertThat(added.newNumber()).isEqualTo(20);
    assertThat(added.text()).startsWith("LINE 20 ");
    assertThat(lines.get(0).oldNumber()).isEqualTo(hunk.oldStart());
    assertThat(lines.get(0).newNumber()).isEqualTo(hunk.newStart());
  }

  @Test
  void quotedPathsAreDecoded() {
    byte[] text = repo.gitBytes("diff", "HEAD~1", "HEAD", "--", "tést.txt");
    assertThat(new String(text, StandardCharsets.UTF_8)).contains("\"b/t\\303\\251st.txt\"");
    FileDiff f = ENGINE.parse(text).files().get(0);
    assertThat(f.path()).isEqualTo("tést.txt");
    assertThat(f.changeType()).isEqualTo(ChangeType.ADDED);
  }
}
