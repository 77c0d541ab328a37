package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Shaping options on a diff the git CLI writes; every result is checked against diff_parse's output schema. */
class ShapeTest {

  @TempDir
  static Path dir;
  static TempGitRepo repo;
  static byte[] text;
  static Diff diff;
  static final DiffEngine ENGINE = Fixtures.engine();
  static final ReplyContent DIFF_PARSE = ToolCatalog.standard().require("diff_parse").replyContent();
  static final Validator OUTPUT = Validator.create(
    JsonSchema.of(ToolCatalog.standard().require("diff_parse").outputSchema()),
    new JsonSchemaOptions().setDraft(Draft.DRAFT202012).setBaseUri("https://reviewgate.dev/test/")
      .setOutputFormat(OutputFormat.Basic));

  static String numbered(String prefix, int n) {
    return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + " " + i + "\n").collect(Collectors.joining());
  }

  @BeforeAll
  static void build() {
    repo = new TempGitRepo(dir);
    repo.write("src/a/util.py", numbered("a", 60))
      .write("src/b/util.py", numbered("b", 10))
      .write("docs/guide.md", numbered("g", 10))
      .write("yarn.lock", numbered("lock", 200))
      .write("old/name.txt", numbered("n", 30))
      .write("data.bin", new byte[] {0, 1, 2, 3})
      .write("gone.txt", numbered("gone", 20));
    repo.commit("base");
    repo.write("src/a/util.py", numbered("a", 60).replace("a 5\n", "a five\n").replace("a 9\n", "a nine\n")
        .replace("a 30\n", "a thirty # TODO: tidy up\n").replace("a 50\n", "a fifty 💡 idea\n"))
      .write("src/b/util.py", numbered("b", 10).replace("b 2\n", "b two FIXME: not in deleted lines\n"))
      .write("docs/guide.md", numbered("g", 10).replace("g 3\n", "g three ❓\n"))
      .write("yarn.lock", numbered("lock", 200).replace("lock", "lock v2"))
      .write("data.bin", new byte[] {0, 9, 9, 3})
      .delete("gone.txt");
    repo.gitBytes("mv", "old/name.txt", "new-name.txt");
    repo.commit("change");
    text = repo.gitBytes("diff", "--binary", "-M", "HEAD~1", "HEAD");
    diff = ENGINE.parse(text);
  }

  private static JsonObject shape(JsonObject args) {
    JsonObject result = ENGINE.shape(diff, args);
    OutputUnit check = OUTPUT.validate(result);
    assertThat(check.getValid()).as("output schema: %s", check.getErrors()).isTrue();
    return result;
  }

  private static List<String> paths(JsonArray files) {
    return files.stream().map(f -> ((JsonObject) f).getString("path")).toList();
  }

  @Test
  void summaryCountsChangesByType() {
    JsonObject summary = shape(new JsonObject()).getJsonObject("summary");
    assertThat(summary.getInteger("files")).isEqualTo(7);
    assertThat(summary.getInteger("total_files")).isEqualTo(7);
    JsonObject changes = summary.getJsonObject("changes");
    assertThat(changes.getInteger("modified")).isEqualTo(5);
    assertThat(changes.getInteger("deleted")).isEqualTo(1);
    assertThat(changes.getInteger("renamed")).isEqualTo(1);
    assertThat(summary.getInteger("additions")).isEqualTo(diff.additions());
  }

  @Test
  void filesMatchFullPathsOnlyAsArrayOrCommaSeparated() {
    JsonObject byArray = shape(new JsonObject().put("files", new JsonArray().add("src/b/util.py")).put("files_only", true));
    assertThat(paths(byArray.getJsonArray("files"))).containsExactly("src/b/util.py");
    JsonObject byString = shape(new JsonObject().put("files", "src/b/util.py, old/name.txt").put("files_only", true));
    assertThat(paths(byString.getJsonArray("files"))).containsExactly("new-name.txt", "src/b/util.py");
    assertThat(byString.getJsonArray("warnings")).isEmpty();

    JsonObject basename = shape(new JsonObject().put("files", "util.py"));
    assertThat(basename.getString("diff")).isEmpty();
    assertThat(basename.getJsonObject("summary").getInteger("files")).isZero();
    assertThat(basename.getJsonArray("warnings").getString(0))
      .startsWith("none of the requested files are in the diff: util.py. 'files' matches full paths exactly")
      .contains("src/a/util.py");
  }

  @Test
  void includeAndExcludeGlobs() {
    JsonObject inc = shape(new JsonObject().put("include", "src/**/*.py").put("files_only", true));
    assertThat(paths(inc.getJsonArray("files"))).containsExactly("src/a/util.py", "src/b/util.py");
    JsonObject exc = shape(new JsonObject().put("exclude", new JsonArray().add("*.lock").add("src/**"))
      .put("files_only", true));
    assertThat(paths(exc.getJsonArray("files"))).containsExactly("data.bin", "docs/guide.md", "gone.txt", "new-name.txt");
    assertThat(exc.getJsonArray("warnings").getString(0)).isEqualTo("exclude [*.lock, src/**] dropped 3 of 7 files");
  }

  @Test
  void filesOnlyListsStatusCountsAndBinary() {
    JsonArray files = shape(new JsonObject().put("files_only", true)).getJsonArray("files");
    JsonObject renamed = files.stream().map(JsonObject.class::cast).filter(f -> f.getString("path").equals("new-name.txt"))
      .findFirst().orElseThrow();
    assertThat(renamed.getMap()).containsEntry("old_path", "old/name.txt").containsEntry("status", "renamed")
      .containsEntry("additions", 0).containsEntry("deletions", 0).containsEntry("binary", false);
    JsonObject bin = files.getJsonObject(0);
    assertThat(bin.getString("path")).isEqualTo("data.bin");
    assertThat(bin.getBoolean("binary")).isTrue();
    assertThat(bin.fieldNames()).containsExactlyInAnyOrder("path", "old_path", "status", "additions", "deletions", "binary");
  }

  @Test
  void pagesWithSkipTopAndNextSkip() {
    JsonObject first = shape(new JsonObject().put("top", 3).put("files_only", true));
    assertThat(first.getInteger("next_skip")).isEqualTo(3);
    assertThat(first.getJsonArray("warnings").getString(0))
      .isEqualTo("showing files 1 to 3 of 7; call again with skip=3 for the next files");
    JsonObject last = shape(new JsonObject().put("skip", 6).put("top", 3).put("files_only", true));
    assertThat(last.containsKey("next_skip")).isFalse();
    assertThat(paths(last.getJsonArray("files"))).containsExactly("yarn.lock");
    JsonObject past = shape(new JsonObject().put("skip", 9).put("files_only", true));
    assertThat(past.getJsonArray("files")).isEmpty();
    assertThat(past.getJsonArray("warnings").getString(0))
      .isEqualTo("skip=9 is past the last of the 7 selected files; nothing to show");
  }

  @Test
  void binaryBodiesAreOneLine() {
    String unified = shape(new JsonObject().put("files", "data.bin")).getString("diff");
    assertThat(text).asString(StandardCharsets.UTF_8).contains("GIT binary patch");
    assertThat(unified).doesNotContain("GIT binary patch").endsWith("Binary files a/data.bin and b/data.bin differ\n");
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void contextLinesMatchGitsOwnOutput(int context) {
    String ours = shape(new JsonObject().put("files", "src/a/util.py").put("context_lines", context)).getString("diff");
    String git = new String(repo.gitBytes("diff", "-U" + context, "HEAD~1", "HEAD", "--", "src/a/util.py"),
      StandardCharsets.UTF_8);
    Pattern headings = Pattern.compile("(?m)^(@@ [^@]+ @@).*$");
    assertThat(headings.matcher(ours).replaceAll("$1")).isEqualTo(headings.matcher(git).replaceAll("$1"));
  }

  @Test
  void moreContextThanTheSourceHasChangesNothing() {
    String ours = shape(new JsonObject().put("files", "src/a/util.py").put("context_lines", 50)).getString("diff");
    assertThat(ours).isEqualTo(new String(repo.gitBytes("diff", "HEAD~1", "HEAD", "--", "src/a/util.py"),
      StandardCharsets.UTF_8));
  }

  @Test
  void maxLinesPerFileCutsAtHunkBoundariesAndSaysHowToFetchTheRest() {
    JsonObject r = shape(new JsonObject().put("files", "src/a/util.py").put("max_lines_per_file", 12));
    assertThat(r.getString("diff")).contains("-a 5").doesNotContain("-a 30");
    assertThat(r.getJsonObject("cut").getInteger("files")).isEqualTo(1);
    assertThat(r.getJsonObject("cut").getJsonObject("by_reason")).isEqualTo(new JsonObject().put("max_lines_per_file", 1));
    assertThat(r.getJsonObject("cut").getJsonObject("fetch")).isEqualTo(new JsonObject().put("files", new JsonArray().add("src/a/util.py")));
    JsonObject cut = r.getJsonObject("cut").getJsonArray("first").getJsonObject(0);
    assertThat(cut.getString("reason")).isEqualTo("max_lines_per_file");
    assertThat(cut.getInteger("additions")).isEqualTo(4);
    assertThat(cut.getInteger("shown_additions")).isEqualTo(2);
    assertThat(cut.getInteger("omitted_hunks")).isEqualTo(2);
    assertThat(r.getJsonArray("warnings").getString(0)).startsWith("1 file(s) cut short by max_lines_per_file (12 lines)");
  }

  @Test
  void aSingleHunkLongerThanTheCapIsShortenedToAValidHunk() {
    String cut = shape(new JsonObject().put("files", "yarn.lock").put("max_lines_per_file", 5)).getString("diff");
    String hunk = cut.substring(cut.indexOf("@@"));
    assertThat(hunk).startsWith("@@ -1,4 +0,0 @@\n").hasLineCount(5);
    Diff reparsed = ENGINE.parse(cut.getBytes(StandardCharsets.UTF_8));
    assertThat(reparsed.files().get(0).deletions()).isEqualTo(4);
  }

  @ParameterizedTest
  @ValueSource(strings = {"max_bytes", "token_budget"})
  void aBudgetPagesTheDiffInOrderAndThePagesJoinedAreTheWholeText(String limit) {
    String whole = shape(new JsonObject().put("max_bytes", 10_000_000)).getString("diff");
    int bytes = 2600;
    JsonObject args = new JsonObject().put(limit, limit.equals("max_bytes") ? bytes : (bytes * 2 + 6) / 7);
    StringBuilder joined = new StringBuilder();
    int pages = 0;
    for (String cursor = null; pages == 0 || cursor != null; pages++) {
      assertThat(pages).as("pages of a %s-byte diff", whole.length()).isLessThan(50);
      JsonObject page = shape(cursor == null ? args : args.copy().put("cursor", cursor));
      assertThat(ReplyBudget.wireBytes(page, DIFF_PARSE)).as("page %s within its budget", pages).isLessThanOrEqualTo(bytes);
      assertThat(page.getJsonObject("summary").getInteger("files")).as("every page sums up the whole diff").isEqualTo(7);
      joined.append(page.getString("diff"));
      cursor = page.getString("next_cursor");
      if (cursor != null) {
        assertThat(page.getJsonArray("warnings").getList()).anyMatch(w -> w.toString().contains("cursor=next_cursor"));
      }
    }
    assertThat(pages).isGreaterThan(2);
    assertThat(joined.toString()).isEqualTo(whole);
  }

  @Test
  void aCursorOfAnotherDiffOrAnotherSelectionIsRefused() {
    String cursor = shape(new JsonObject().put("max_bytes", 2600)).getString("next_cursor");
    assertThatThrownBy(() -> ENGINE.shape(diff, new JsonObject().put("max_bytes", 2600).put("exclude", "*.lock")
      .put("cursor", cursor))).isInstanceOf(ToolException.class).hasMessageContaining("issued for another result");
    assertThatThrownBy(() -> ENGINE.shape(diff, new JsonObject().put("cursor", "abc")))
      .isInstanceOf(ToolException.class).hasMessageContaining("not one this tool issued");
  }

  @Test
  void aBudgetTooSmallForTheSummaryIsRefusedSayingWhatFits() {
    assertThatThrownBy(() -> ENGINE.shape(diff, new JsonObject().put("max_bytes", 700)))
      .isInstanceOf(ToolException.class).hasMessageContaining("max_bytes (700) leaves no room").hasMessageContaining("at least");
  }

  @Test
  void withoutABudgetTheDefaultBoundsTheReply() {
    DiffEngine small = new DiffEngine(new JsonObject().put("defaultTokenBudget", 800));
    JsonObject page = small.shape(diff, new JsonObject());
    assertThat(ReplyBudget.wireBytes(page, DIFF_PARSE)).isLessThanOrEqualTo(ReplyBudget.bytesForTokens(800));
    assertThat(page.getString("next_cursor")).isNotNull();
    assertThat(page.getJsonArray("warnings").getList()).anyMatch(w -> w.toString().contains("diff.defaultTokenBudget"));
  }

  @Test
  void aFileListIsPagedByEntry() {
    JsonObject first = shape(new JsonObject().put("files_only", true).put("max_bytes", 1900));
    int shown = first.getJsonArray("files").size();
    assertThat(shown).isBetween(1, 6);
    JsonObject rest = shape(new JsonObject().put("files_only", true).put("max_bytes", 1900).put("cursor", first.getString("next_cursor")));
    assertThat(paths(rest.getJsonArray("files")).get(0)).isNotIn(paths(first.getJsonArray("files")));
  }

  @Test
  void markersInAddedLinesOnly() {
    JsonArray markers = shape(new JsonObject().put("markers", true).put("files_only", true)).getJsonArray("markers");
    assertThat(markers.stream().map(m -> {
      JsonObject o = (JsonObject) m;
      return o.getString("path") + ":" + o.getInteger("line") + " " + o.getString("marker");
    })).containsExactly("docs/guide.md:3 ❓", "src/a/util.py:30 TODO:", "src/a/util.py:50 💡", "src/b/util.py:2 FIXME:");
  }

  @Test
  void jsonGivesLineNumbersOnEveryLine() {
    JsonObject file = shape(new JsonObject().put("format", "json").put("files", "src/b/util.py"))
      .getJsonArray("files").getJsonObject(0);
    JsonArray lines = file.getJsonArray("hunks").getJsonObject(0).getJsonArray("lines");
    assertThat(lines.getJsonObject(0).getMap()).containsEntry("kind", "context").containsEntry("old", 1)
      .containsEntry("new", 1).containsEntry("text", "b 1");
    assertThat(lines.getJsonObject(1).getMap()).containsEntry("kind", "delete").containsEntry("old", 2)
      .containsEntry("new", null).containsEntry("text", "b 2");
    assertThat(lines.getJsonObject(2).getMap()).containsEntry("kind", "add").containsEntry("old", null)
      .containsEntry("new", 2);
    assertThat(file.getString("index")).matches("[0-9a-f]+\\.\\.[0-9a-f]+ 100644");
    assertThat(file.getString("old_mode")).isEqualTo("100644");
  }

  @Test
  void sideBySideShowsBothColumns() {
    String text = shape(new JsonObject().put("format", "side_by_side").put("files", "src/b/util.py")
      .put("side_by_side_width", 60)).getString("diff");
    List<String> lines = text.lines().toList();
    assertThat(lines.get(0)).isEqualTo("=== src/b/util.py (modified) ===");
    assertThat(lines).anySatisfy(l -> assertThat(l).isEqualTo("  2 b 2                      |   2 b two FIXME: not in del…"));
    assertThat(lines).anySatisfy(l -> assertThat(l).isEqualTo("  1 b 1                          1 b 1"));
    assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(60));
  }

  @Test
  void statMatchesGit() {
    String ours = shape(new JsonObject().put("format", "stat").put("exclude", "data.bin")).getString("stat");
    String git = new String(repo.gitBytes("diff", "--stat=80", "-M", "HEAD~1", "HEAD", "--", ".", ":!data.bin"),
      StandardCharsets.UTF_8);
    assertThat(ours).isEqualTo(git);
  }
}
