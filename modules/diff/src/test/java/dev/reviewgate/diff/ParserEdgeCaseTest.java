package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.Line;
import dev.reviewgate.diff.model.LineKind;
import io.vertx.core.json.JsonObject;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Every edge case the parser must accept, and every malformed input with the exact error it gets. */
class ParserEdgeCaseTest {

  private final DiffEngine engine = Fixtures.engine();

  private Diff roundTrip(String text) {
    byte[] bytes = Fixtures.utf8(text);
    Diff diff = engine.parse(bytes);
    assertThat(engine.render(diff)).isEqualTo(bytes);
    return diff;
  }

  private void fails(String text, String message) {
    assertThatThrownBy(() -> engine.parse(Fixtures.utf8(text)))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS))
      .hasMessage(message);
  }

  @Test
  void plainUnifiedDiffWithTimestamps() {
    Diff diff = roundTrip("--- old.txt\t2024-01-01 10:00:00.000000000 +0000\n"
      + "+++ new.txt\t2024-01-02 10:00:00.000000000 +0000\n@@ -1 +1 @@\n-a\n+b\n");
    FileDiff f = diff.files().get(0);
    assertThat(f.oldPath()).isEqualTo("old.txt");
    assertThat(f.newPath()).isEqualTo("new.txt");
    assertThat(f.changeType()).isEqualTo(ChangeType.MODIFIED);
    assertThat(f.hunks().get(0).oldCount()).isEqualTo(1);
  }

  @Test
  void devNullMeansAddedOrDeleted() {
    Diff diff = roundTrip("--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+x\n+y\n"
      + "--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-z\n");
    assertThat(diff.files()).extracting(FileDiff::changeType).containsExactly(ChangeType.ADDED, ChangeType.DELETED);
    assertThat(diff.files()).extracting(FileDiff::path).containsExactly("b/new.txt", "a/gone.txt");
    Hunk added = diff.files().get(0).hunks().get(0);
    assertThat(added.lines()).extracting(Line::newNumber).containsExactly(1, 2);
  }

  @Test
  void gnuRecursiveDiffWithBinaryAndOnlyInLines() {
    Diff diff = roundTrip("Only in a: extra\ndiff -ru a/x.bin b/x.bin\nBinary files a/x.bin and b/x.bin differ\n"
      + "diff -ru a/t.txt b/t.txt\n--- a/t.txt\t2024-01-01\n+++ b/t.txt\t2024-01-01\n@@ -1 +1 @@\n-1\n+2\n");
    assertThat(diff.files()).extracting(FileDiff::path).containsExactly("b/x.bin", "b/t.txt");
    assertThat(diff.files().get(0).binary()).isTrue();
    assertThat(diff.files().get(0).leadingText().utf8()).isEqualTo("Only in a: extra\n");
  }

  @Test
  void zeroLengthHunksAndOmittedCounts() {
    Diff diff = roundTrip("diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -3,0 +4,2 @@ heading here\n+p\n+q\n"
      + "@@ -9 +11 @@\n-r\n+s\n@@ -20,2 +21,0 @@\n-t\n-u\n@@ -30,0 +30,0 @@\n");
    Hunk first = diff.files().get(0).hunks().get(0);
    assertThat(first.heading().utf8()).isEqualTo("heading here");
    assertThat(first.lines()).extracting(Line::newNumber).containsExactly(4, 5);
    Hunk second = diff.files().get(0).hunks().get(1);
    assertThat(second.oldCount()).isEqualTo(1);
    assertThat(second.lines()).extracting(Line::oldNumber).containsExactly(9, 0);
    assertThat(diff.files().get(0).hunks().get(2).lines()).extracting(Line::oldNumber).containsExactly(20, 21);
    assertThat(diff.files().get(0).hunks().get(3).lineCount()).isZero();
  }

  @Test
  void emptyContextLinesCrlfAndNoFinalNewline() {
    Diff diff = roundTrip("diff --git a/f b/f\r\nindex 1..2 100644\r\n--- a/f\r\n+++ b/f\r\n@@ -1,3 +1,3 @@ h\r\n"
      + " a\r\n\r\n-b\r\n+c\r\n\n \\ x");
    Hunk h = diff.files().get(0).hunks().get(0);
    assertThat(h.heading().utf8()).isEqualTo("h");
    assertThat(h.lines()).extracting(Line::kind).containsExactly(LineKind.CONTEXT, LineKind.CONTEXT,
      LineKind.DELETED, LineKind.ADDED);
    assertThat(diff.files().get(0).path()).isEqualTo("f");
    assertThat(diff.trailingText().utf8()).isEqualTo("\n \\ x");
  }

  @Test
  void sameBasenameInTwoFoldersAndHeaderLookalikesInsideHunks() {
    Diff diff = roundTrip("diff --git a/x/util.py b/x/util.py\n--- a/x/util.py\n+++ b/x/util.py\n@@ -1,3 +1,2 @@\n"
      + "---- a/y/util.py\n-+++ b/y/util.py\n+diff --git a/y/util.py b/y/util.py\n @@ -1 +1 @@\n"
      + "diff --git a/y/util.py b/y/util.py\n--- a/y/util.py\n+++ b/y/util.py\n@@ -1 +1 @@\n-1\n+2\n");
    assertThat(diff.files()).extracting(FileDiff::path).containsExactly("x/util.py", "y/util.py");
    assertThat(diff.files().get(0).additions()).isEqualTo(1);
    assertThat(diff.files().get(0).deletions()).isEqualTo(2);
  }

  @Test
  void quotedPathsWithEscapesAndSpacesWithGitsTrailingTab() {
    Diff diff = roundTrip("diff --git \"a/tab\\there \\\"q\\\"\" \"b/tab\\there \\\"q\\\"\"\nnew file mode 100644\n"
      + "index 0000000..e69de29\n"
      + "diff --git a/foo bar b/foo bar\n--- a/foo bar\t\n+++ b/foo bar\t\n@@ -1 +1 @@\n-a\n+b\n"
      + "diff --git a/old name b/new name\nsimilarity index 100%\nrename from old name\nrename to new name\n");
    assertThat(diff.files()).extracting(FileDiff::path).containsExactly("tab\there \"q\"", "foo bar", "new name");
    assertThat(diff.files().get(0).changeType()).isEqualTo(ChangeType.ADDED);
    assertThat(diff.files().get(2).oldPath()).isEqualTo("old name");
    assertThat(diff.files().get(2).similarity()).isEqualTo(100);
    assertThat(diff.files().get(2).changeType()).isEqualTo(ChangeType.RENAMED);
  }

  @Test
  void nonUtf8BytesArePreserved() {
    byte[] text = Fixtures.utf8("diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-caf?\n+caf?!\n");
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '?') {
        text[i] = (byte) 0xe9;
      }
    }
    Diff diff = engine.parse(text);
    assertThat(engine.render(diff)).isEqualTo(text);
    assertThat(diff.files().get(0).hunks().get(0).line(1).content().toArray())
      .isEqualTo(new byte[] {'c', 'a', 'f', (byte) 0xe9, '!', '\n'});
  }

  @Test
  void emptyInputIsAnEmptyDiff() {
    assertThat(roundTrip("").files()).isEmpty();
    assertThat(roundTrip("\n\n").files()).isEmpty();
  }

  @Test
  void binaryPatchWithBothDirections() {
    Diff diff = roundTrip("diff --git a/b.dat b/b.dat\nindex 1..2 100644\nGIT binary patch\nliteral 3\n"
      + "KcmZQzWMT#Y00aO4\n\nliteral 2\nJcmZQzU;qFB\n\n"
      + "diff --git a/n.txt b/n.txt\n--- a/n.txt\n+++ b/n.txt\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n");
    assertThat(diff.files().get(0).binary()).isTrue();
    assertThat(diff.files().get(0).binaryBody().utf8()).endsWith("JcmZQzU;qFB\n\n");
    assertThat(diff.files().get(1).hunks().get(0).lines()).extracting(Line::kind)
      .containsExactly(LineKind.DELETED, LineKind.NO_NEWLINE, LineKind.ADDED);
  }

  @Test
  void truncatedHunk() {
    fails("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n",
      "invalid diff at line 6: the input ends inside the hunk started at line 4 (@@ -1,2 +1,2 @@): expected 1 more old "
        + "and 2 more new lines; the diff is truncated or the hunk header's counts are wrong");
  }

  @Test
  void countsTooSmall() {
    fails("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n+c\n",
      "invalid diff at line 7: this line continues the hunk above ('+c') but the hunk header's counts are already used "
        + "up; expected the next hunk ('@@ -a,b +c,d @@'), the next file's header, or the end of the diff. The hunk "
        + "header's counts are wrong");
  }

  @Test
  void countsTooLargeSwallowingTheNextHeader() {
    fails("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\ndiff --git a/y b/y\n",
      "invalid diff at line 7: expected a hunk line starting with ' ' (context), '+' (added), '-' (deleted) or '\\' "
        + "(no newline marker) for the hunk started at line 4, found 'diff --git a/y b/y'");
  }

  @Test
  void moreDeletedLinesThanAnnounced() {
    fails("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1,2 @@\n-a\n-b\n+c\n",
      "invalid diff at line 6: the hunk started at line 4 (@@ -1 +1,2 @@) announces 1 old and 2 new lines, but this "
        + "line is one old line more; the hunk header's counts are wrong");
  }

  @Test
  void garbage() {
    fails("hello\nworld\n", "invalid diff at line 1: no diff found: expected a file header ('diff --git a/... b/...' "
      + "or a '--- old' / '+++ new' pair) followed by hunks ('@@ -a,b +c,d @@'); pass the output of git diff or a "
      + "unified diff");
  }

  @Test
  void garbageInsideAHunk() {
    fails("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n*b\n",
      "invalid diff at line 5: expected a hunk line starting with ' ' (context), '+' (added), '-' (deleted) or '\\' "
        + "(no newline marker) for the hunk started at line 3, found '*b'");
  }

  @Test
  void combinedDiffIsRefused() {
    fails("diff --cc f\nindex 1,2..3\n--- a/f\n+++ b/f\n@@@ -1,1 -1,1 +1,1 @@@\n",
      "invalid diff at line 1: this is a combined diff (diff --cc, from a merge commit), which is not supported; diff "
        + "the merge against one parent instead, e.g. git diff <merge>^1 <merge>");
  }

  @Test
  void malformedHunkHeader() {
    fails("--- a/x\n+++ b/x\n@@ -1,2 +1 @\n-a\n",
      "invalid diff at line 3: malformed hunk header '@@ -1,2 +1 @'; expected '@@ -<old start>[,<old count>] "
        + "+<new start>[,<new count>] @@ [section heading]'");
  }

  @Test
  void minusWithoutPlus() {
    fails("diff --git a/x b/x\n--- a/x\n-a\n",
      "invalid diff at line 3: expected the '+++ <new path>' line after the '--- <old path>' line");
  }

  @Test
  void headerWithoutHunks() {
    fails("diff --git a/x b/x\n--- a/x\n+++ b/x\n",
      "invalid diff at line 4: the input ends after the '--- '/'+++ ' file header; expected a hunk header "
        + "'@@ -a,b +c,d @@'");
  }

  @Test
  void hunkOutsideAFile() {
    fails("@@ -1 +1 @@\n-a\n+b\n", "invalid diff at line 1: found a hunk header outside any file; expected a file "
      + "header ('diff --git a/... b/...' or a '--- old' / '+++ new' pair) before it");
  }

  @Test
  void markerOpeningAHunk() {
    fails("--- a/x\n+++ b/x\n@@ -1 +1 @@\n\\ No newline at end of file\n-a\n+b\n",
      "invalid diff at line 4: a '\\ No newline at end of file' marker must follow the line it applies to, but it "
        + "opens the hunk started at line 3");
  }

  @Test
  void truncatedBinaryPatch() {
    fails("diff --git a/b b/b\nGIT binary patch\nliteral 3\nKcmZQzWMT#Y00aO4\n",
      "invalid diff at line 5: the input ends inside a 'GIT binary patch' block; expected base85 data lines and a "
        + "blank line");
  }

  @Test
  void aFiftyMegabyteLine() {
    byte[] head = Fixtures.utf8("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+");
    byte[] text = Arrays.copyOf(head, head.length + 50 * 1024 * 1024 + 1);
    Arrays.fill(text, head.length, text.length - 1, (byte) 'x');
    text[text.length - 1] = '\n';
    assertThatThrownBy(() -> engine.parse(text))
      .isInstanceOf(ToolException.class)
      .hasMessage("invalid diff at line 5: the line is 52428802 bytes long, more than the limit of 1048576 bytes "
        + "(diff.maxLineBytes); raise the limit in the configuration or leave that file out of the diff");
  }

  @Test
  void inputOverTheSizeLimitIs413() {
    DiffEngine small = new DiffEngine(new JsonObject().put("maxInputBytes", 10));
    assertThatThrownBy(() -> small.parse(Fixtures.utf8("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(Failure.TOO_LARGE))
      .hasMessage("the diff is 34 bytes, more than the limit of 10 bytes (diff.maxInputBytes); diff fewer files or "
        + "paths at a time");
  }
}
