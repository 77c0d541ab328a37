package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.xdiff.Whitespace;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.DiffAlgorithm.SupportedAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Diffs that ignore whitespace against the git command line, byte for byte: {@code git diff -w}, {@code -b} and
 * {@code --ignore-space-at-eol}, with the histogram and the classic (myers) diff. Besides the lines compared, git
 * leaves out a file changed only in whitespace it ignores, but keeps the header of such a file when a rename or a new
 * mode makes it print one; and {@code --numstat} leaves out the same files.
 */
class WhitespaceFidelityTest {

  /** Each mode with git's option for it. */
  private static final Map<Whitespace, String> MODES = Map.of(Whitespace.ALL, "-w", Whitespace.CHANGE, "-b",
    Whitespace.AT_EOL, "--ignore-space-at-eol");

  /** Seeded random pairs per mode and algorithm: one git call each way for all of them. */
  private static final int SEEDS = 150;

  @TempDir
  Path tmp;

  @Test
  void reindentsTabsTrailingSpaceCrlfAndRealChangesMatchGit() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    String code = "static int\nwalk(int depth)\n{\n\tif (depth > 3) {\n\t\treturn 0;\n\t}\n\tfor (i = 0; i < n; i++)\n"
      + "\t\tcount(i);\n\treturn depth;\n}\n";
    repo.write("reindent.c", code)
      .write("tabs.py", "def f():\n\tif x:\n\t\treturn 1\n\treturn 2\n")
      .write("trailing.txt", "one\ntwo\nthree\nfour\n")
      .write("ws-only.txt", "alpha beta\ngamma\n")
      .write("crlf.txt", "first\r\nsecond\r\nthird\r\n")
      .write("no-newline.txt", "last line")
      .write("gains-newline.txt", "a\nb")
      .write("mode.sh", "echo  hi\n")
      .write("renamed-before.txt", "a fairly long line so that the rename is found\nand a second one\nthird\n")
      .write("data.bin", new byte[] {0, 1, 2, ' ', 3})
      .write("blank.txt", "x\n\ny\n");
    String base = repo.commit("base");
    repo.write("reindent.c", code.replace("\t", "    ").replace("return depth;", "return depth + 1;"))
      .write("tabs.py", "def f():\n    if x:\n        return 1\n    return  2\n")
      .write("trailing.txt", "one  \ntwo\t\nthree\nFOUR \n")
      .write("ws-only.txt", "alpha  beta \n  gamma\n")
      .write("crlf.txt", "first\nsecond\r\nthird changed\n")
      .write("no-newline.txt", "last line\n")
      .write("gains-newline.txt", "a\nb \n")
      .write("mode.sh", "echo hi\n")
      .write("added-ws.txt", "   \n\t\n")
      .write("data.bin", new byte[] {0, 1, 2, ' ', ' ', 3})
      .write("blank.txt", "x\n \n\ny\n");
    Files.setPosixFilePermissions(repo.dir().resolve("mode.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    repo.delete("renamed-before.txt")
      .write("renamed-after.txt", "a fairly long line so that the rename is found\nand a  second one\nthird\n");
    String head = repo.commit("whitespace and more");
    String gitW = gitDiff(repo, "-w", SupportedAlgorithm.HISTOGRAM, base, head);
    assertThat(gitW).as("git's -w").doesNotContain("ws-only.txt", "no-newline.txt")
      .contains("diff --git a/mode.sh b/mode.sh\nold mode 100644\nnew mode 100755\nindex ", "rename to renamed-after.txt\n"
        + "index ", "+    return depth + 1;", "Binary files a/data.bin and b/data.bin differ");
    for (Map.Entry<Whitespace, String> mode : MODES.entrySet()) {
      for (SupportedAlgorithm algorithm : List.of(SupportedAlgorithm.HISTOGRAM, SupportedAlgorithm.MYERS)) {
        String expected = gitDiff(repo, mode.getValue(), algorithm, base, head);
        assertThat(repo.ourDiff(algorithm, mode.getKey(), base, head)).as(mode.getValue() + " " + algorithm)
          .isEqualTo(expected);
      }
      assertNumstatAsGit(repo, mode.getKey(), mode.getValue(), base, head);
    }
    assertThat(repo.ourDiff(SupportedAlgorithm.HISTOGRAM, Whitespace.NONE, base, head))
      .isEqualTo(repo.gitDiff("--histogram", base, head));
  }

  @Test
  void aChangeOfWhitespaceAloneShowsNothingAndNoCounts() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "if (x) {\n  y();\n}\n");
    String base = repo.commit("base");
    repo.write("a.txt", "if (x) {\n\ty();\n}\n");
    String head = repo.commit("tabs");
    assertThat(gitDiff(repo, "-w", SupportedAlgorithm.HISTOGRAM, base, head)).isEmpty();
    assertThat(repo.ourDiff(SupportedAlgorithm.HISTOGRAM, Whitespace.ALL, base, head)).isEmpty();
    assertThat(repo.ourDiff(SupportedAlgorithm.HISTOGRAM, Whitespace.NONE, base, head)).contains("+\ty();");
    assertNumstatAsGit(repo, Whitespace.ALL, "-w", base, head);
  }

  /**
   * Random edits of random lines of code words and whitespace: lines re-indented with spaces or tabs, spaces
   * doubled or dropped inside and at the ends, CRs added, lines inserted, deleted and changed, the last newline taken
   * away or given; each pair a file of its own, compared file by file with git under each mode and both algorithms.
   */
  @Test
  void randomWhitespaceEditsMatchGitUnderEachModeAndAlgorithm() {
    TestRepo repo = new TestRepo(tmp);
    List<String[]> versions = new ArrayList<>();
    for (int seed = 0; seed < SEEDS; seed++) {
      versions.add(randomPair(new Random(seed), seed % 5));
    }
    String[] commits = repo.commitEachWay(versions, "txt");
    for (Map.Entry<Whitespace, String> mode : MODES.entrySet()) {
      for (SupportedAlgorithm algorithm : List.of(SupportedAlgorithm.HISTOGRAM, SupportedAlgorithm.MYERS)) {
        String expected = gitDiff(repo, mode.getValue(), algorithm, commits[0], commits[1]);
        String ours = repo.ourDiff(algorithm, mode.getKey(), commits[0], commits[1]);
        assertThat(expected.split("(?m)^diff --git ", -1).length - 1).as("some seeds change more than whitespace, "
          + "and some only whitespace " + mode.getValue() + " ignores").isPositive().isLessThan(SEEDS);
        assertThat(ours).as(mode.getValue() + " " + algorithm).isEqualTo(expected);
      }
      assertNumstatAsGit(repo, mode.getKey(), mode.getValue(), commits[0], commits[1]);
    }
  }

  /** git's diff of {@code base..head} with {@code option} and the algorithm, renames found, as ISO-8859-1 text. */
  private static String gitDiff(TestRepo repo, String option, SupportedAlgorithm algorithm, String base, String head) {
    String algorithmOption = algorithm == SupportedAlgorithm.MYERS ? "--diff-algorithm=myers" : "--histogram";
    return new String(repo.gitBytes("diff", option, algorithmOption, "-M", "--no-color", base, head),
      StandardCharsets.ISO_8859_1);
  }

  /**
   * An old text and its edit; {@code flavour} 0 edits only the ends of lines (whitespace every mode ignores), 1 only
   * whitespace anywhere (what {@code -w} ignores), any other value also changes, adds and drops lines.
   */
  private static String[] randomPair(Random random, int flavour) {
    String[] words = {"if", "(x)", "{", "}", "return", "y;", "a", "b", "=", "call(a,", "b)", "//", "TODO"};
    String[] gaps = {" ", "  ", "\t", " \t"};
    List<String> old = new ArrayList<>();
    int count = 5 + random.nextInt(40);
    for (int i = 0; i < count; i++) {
      StringBuilder line = new StringBuilder(random.nextInt(4) == 0 ? "\t" : random.nextBoolean() ? "  " : "");
      int n = random.nextInt(5);
      for (int w = 0; w < n; w++) {
        line.append(w > 0 ? gaps[random.nextInt(gaps.length)] : "").append(words[random.nextInt(words.length)]);
      }
      old.add(line.toString());
    }
    List<String> updated = new ArrayList<>();
    for (String line : old) {
      int[] kinds = flavour == 0 ? new int[] {2, 3, 9} : flavour == 1 ? new int[] {0, 1, 2, 3, 4, 8, 9} : null;
      switch (kinds == null ? random.nextInt(12) : kinds[random.nextInt(kinds.length)]) {
        case 0 -> updated.add(line.replaceFirst("^\\s*", random.nextBoolean() ? "    " : "\t\t"));
        case 1 -> updated.add(line.replace(" ", random.nextBoolean() ? "  " : ""));
        case 2 -> updated.add(line + gaps[random.nextInt(gaps.length)]);
        case 3 -> updated.add(line + "\r");
        case 4 -> updated.add(line.strip());
        case 5 -> { }
        case 6 -> {
          updated.add(words[random.nextInt(words.length)]);
          updated.add(line);
        }
        case 7 -> updated.add(line.replace("a", "b"));
        case 8 -> updated.add(" " + line.replace("\t", "        "));
        default -> updated.add(line);
      }
    }
    boolean lastNewline = random.nextInt(6) > 0;
    // a last newline given or taken is whitespace to every mode
    return new String[] {joined(old, flavour > 1 ? random.nextInt(6) > 0 : lastNewline),
      joined(updated, random.nextInt(6) > 0)};
  }

  private static String joined(List<String> lines, boolean lastNewline) {
    String text = String.join("\n", lines) + "\n";
    return lastNewline ? text : text.substring(0, text.length() - 1);
  }

  /** git_changed_files' counts under {@code whitespace} against {@code git diff --numstat <option> -M}. */
  private static void assertNumstatAsGit(TestRepo repo, Whitespace whitespace, String option, String base, String head) {
    GitReader reader = repo.reader();
    JsonObject changed = GitJson.changedFiles(reader.changedFiles(reader.pair(new DiffTarget(base, head, null, null)),
      new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of(), false, whitespace),
      Cancellation.NONE));
    StringBuilder ours = new StringBuilder();
    for (Object item : changed.getJsonArray("files")) {
      JsonObject file = (JsonObject) item;
      boolean binary = file.getBoolean("binary");
      ours.append(binary ? "-" : file.getInteger("additions")).append('\t').append(binary ? "-" : file.getInteger("deletions"))
        .append('\t').append(file.containsKey("old_path") ? file.getString("old_path") + " => " : "")
        .append(file.getString("path")).append('\n');
    }
    String git = new String(repo.gitBytes("diff", "--numstat", option, "--histogram", "-M", base, head),
      StandardCharsets.UTF_8);
    assertThat(ours.toString()).as("numstat " + option).isEqualTo(git);
  }
}
