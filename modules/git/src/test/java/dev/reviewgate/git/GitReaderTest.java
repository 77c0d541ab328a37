package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitReaderTest {

  @TempDir
  Path tmp;

  @Test
  void showFileCutsAtTheCapAndSaysWhereToContinue() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 100; i++) {
      text.append("line ").append(i).append('\n');
    }
    repo.write("big.txt", text.toString()).write("dir/x.txt", "x\n").write("other/big.txt", "y\n");
    String sha = repo.commit("one");
    GitReader reader = RepoRegistry.create(new JsonObject().put("t", repo.dir().toString()), null,
      TestRepo.options(new JsonObject().put("maxShowFileBytes", 64))).reader("t");
    JsonObject first = GitJson.fileContent(reader.showFile(sha, "big.txt", null, null));
    assertThat(first.getBoolean("truncated")).isTrue();
    assertThat(first.getInteger("total_lines")).isEqualTo(100);
    int next = first.getInteger("next_start_line");
    assertThat(first.getString("content")).startsWith("line 1\n").endsWith("line " + (next - 1) + "\n");
    assertThat(first.getString("message")).contains("start_line=" + next);
    JsonObject second = GitJson.fileContent(reader.showFile(sha, "big.txt", next, next + 1));
    assertThat(second.getString("content")).isEqualTo("line " + next + "\nline " + (next + 1) + "\n");
    assertThat(second.getBoolean("truncated")).isFalse();

    assertThatThrownBy(() -> reader.showFile(sha, "missing/big.txt", null, null))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.NOT_FOUND);
        assertThat(e.getMessage()).contains("path not in commit " + sha.substring(0, 7)).contains("big.txt, other/big.txt");
      });
    assertThatThrownBy(() -> reader.showFile(sha, "dir", null, null)).hasMessageContaining("is a directory").hasMessageContaining("x.txt");
    assertThatThrownBy(() -> reader.showFile(sha, "big.txt", 500, null)).hasMessageContaining("past the end");
  }

  @Test
  void grepIsLinearTimeCappedAndPathFiltered() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("src/a.txt", "TODO one\nnothing\nTODO two\n").write("docs/b.txt", "TODO three\n")
      .write("evil.txt", "a".repeat(50_000) + "!\n");
    String sha = repo.commit("one");
    GitReader reader = repo.reader();
    JsonObject capped = GitJson.grep(reader.grep(sha, "TODO", true, false, List.of(), 2, Cancellation.NONE));
    assertThat(capped.getJsonArray("matches")).hasSize(2);
    assertThat(capped.getBoolean("truncated")).isTrue();
    assertThat(capped.getString("message")).contains("raise max_matches");
    JsonObject filtered = GitJson.grep(reader.grep(sha, "todo", false, true, List.of("src"), null, Cancellation.NONE));
    assertThat(filtered.getJsonArray("matches")).extracting(m -> ((JsonObject) m).getInteger("line")).containsExactly(1, 3);
    // a pattern that backtracking engines take exponential time on: RE2 answers at once
    JsonObject hostile = GitJson.grep(reader.grep(sha, "(a+)+$", false, false, List.of("evil.txt"), null, Cancellation.NONE));
    assertThat(hostile.getJsonArray("matches")).isEmpty();
  }

  @Test
  void logRangesFollowGitsSetSemantics() {
    TestRepo repo = new TestRepo(tmp);
    String base = repo.write("a.txt", "0\n").commit("base");
    repo.git("checkout", "-q", "-b", "topic");
    String t1 = repo.write("t.txt", "1\n").commit("topic 1");
    repo.git("checkout", "-q", "main");
    String m1 = repo.write("m.txt", "1\n").commit("main 1");
    GitReader reader = repo.reader();
    assertThat(shas(reader.log("main..topic", List.of(), null, null, Cancellation.NONE))).containsExactly(t1);
    assertThat(shas(reader.log("main...topic", List.of(), null, null, Cancellation.NONE))).containsExactlyInAnyOrder(t1, m1);
    assertThat(shas(reader.log("topic", List.of("a.txt"), null, null, Cancellation.NONE))).containsExactly(base);
    // a range diff from the merge base shows only the topic's change
    GitReader.Patch patch = reader.diff(reader.pair(new DiffTarget(null, null, null, "main...topic")),
      new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of()), Cancellation.NONE);
    assertThat(new String(patch.bytes())).contains("b/t.txt").doesNotContain("m.txt");
    assertThatThrownBy(() -> reader.log("main", List.of(), null, "5.000000000000", Cancellation.NONE))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(Failure.CONFLICT));
  }

  private static List<String> shas(LogPage log) {
    return log.commits().stream().map(LogCommit::sha).toList();
  }

  /** Blocks are cut by cost: a heavy file closes a block of its own, light files share one, nothing is left out. */
  @Test
  void blocksAreCutByTheirFilesCostNotTheirCount() {
    long[] costs = new long[41];
    java.util.Arrays.fill(costs, 10);
    costs[20] = 1_000;
    List<int[]> spans = GitReader.blockSpans(costs, 8);
    assertThat(spans.get(0)[0]).isZero();
    assertThat(spans.get(spans.size() - 1)[1]).isEqualTo(costs.length);
    for (int i = 1; i < spans.size(); i++) {
      assertThat(spans.get(i)[0]).as("spans follow each other").isEqualTo(spans.get(i - 1)[1]);
    }
    assertThat(spans).as("the heavy file ends its block").anySatisfy(span -> assertThat(span[1]).isEqualTo(21));
    assertThat(spans).as("the 40 light files around it share blocks, not one each").hasSizeBetween(2, 9);
    assertThat(spans).filteredOn(span -> span[0] > 20).as("the light files after it are cut too")
      .hasSizeGreaterThanOrEqualTo(1);

    // Alike files: about MIN_BLOCK_FILES a block at least, however many blocks were asked for.
    long[] alike = new long[10];
    java.util.Arrays.fill(alike, 8);
    assertThat(GitReader.blockSpans(alike, 32)).extracting(span -> span[1] - span[0]).containsExactly(4, 4, 2);
    assertThat(GitReader.blockSpans(new long[0], 8)).isEmpty();
  }

  /**
   * Cut by cost, a diff with one large file among many small ones, a submodule whose commit the repository does not
   * have (no blob to size), a rename and a binary file is still git's, byte for byte.
   */
  @Test
  void aDiffCutByCostAroundALargeFileAndASubmoduleIsGitsByteForByte() {
    TestRepo repo = new TestRepo(tmp);
    for (int i = 0; i < 60; i++) {
      repo.write("a/f" + i + ".txt", ("small " + i + "\n").repeat(5 + i));
    }
    StringBuilder large = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      large.append("entry ").append(i % 97).append(' ').append(i).append('\n');
    }
    repo.write("m/large.txt", large.toString()).write("m/old-name.txt", "kept apart\n".repeat(80))
      .write("z/bin.dat", new byte[] {0, 1, 2});
    String base = repo.commit("base");
    for (int i = 0; i < 60; i += 3) {
      repo.write("a/f" + i + ".txt", ("small " + i + "\n").repeat(3) + "changed\n");
    }
    repo.write("m/large.txt", large.toString().replace(" 5\n", " five\n").replace("entry 3 ", "entry three "))
      .delete("m/old-name.txt").write("m/new-name.txt", "kept apart\n".repeat(80)).write("z/bin.dat", new byte[] {0, 7});
    repo.git("add", "-A");
    repo.git("update-index", "--add", "--cacheinfo", "160000,0123456789abcdef0123456789abcdef01234567,n/sub");
    repo.git("commit", "-q", "-m", "head"); // not commit(): its add -A would drop the submodule, absent on disk
    String head = repo.git("rev-parse", "HEAD").strip();
    GitReader.Pair pair = repo.reader().pair(new DiffTarget(base, head, null, null));
    GitReader.Patch patch = repo.reader().diff(pair,
      new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of()), Cancellation.NONE);
    assertThat(patch.files()).isGreaterThanOrEqualTo(TestRepo.PARALLEL_FROM);
    assertThat(new String(patch.bytes(), java.nio.charset.StandardCharsets.UTF_8))
      .contains("+Subproject commit 0123456789abcdef0123456789abcdef01234567").contains("rename to m/new-name.txt");
    assertThat(patch.bytes()).isEqualTo(repo.gitBytes("diff", "--histogram", "-M", base, head));
  }

  /** A diff of many files is written in blocks on several threads and joined: the same bytes as one git process. */
  @Test
  void aDiffOfManyFilesWrittenInParallelIsGitsByteForByte() {
    TestRepo repo = new TestRepo(tmp);
    for (int i = 0; i < 90; i++) {
      repo.write("src/f" + i + ".txt", ("line of file " + i + "\n").repeat(40 + i));
    }
    repo.write("moved/old.txt", "stays the same\n".repeat(50)).write("bin.dat", new byte[] {0, 1, 2, 3});
    String base = repo.commit("base");
    for (int i = 0; i < 90; i += 2) {
      repo.write("src/f" + i + ".txt", ("line of file " + i + "\n").repeat(20) + "changed \u00e9\n" + ("tail " + i + "\n").repeat(30));
    }
    repo.delete("moved/old.txt").write("moved/new.txt", "stays the same\n".repeat(50)).write("bin.dat", new byte[] {0, 9});
    String head = repo.commit("head");
    GitReader reader = repo.reader();
    GitReader.Pair pair = reader.pair(new DiffTarget(base, head, null, null));
    GitReader.DiffOptions histogram = new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of());

    GitReader.Patch patch = reader.diff(pair, histogram, Cancellation.NONE);
    assertThat(patch.files()).isGreaterThanOrEqualTo(TestRepo.PARALLEL_FROM).isEqualTo(47);
    assertThat(patch.bytes()).isEqualTo(repo.gitBytes("diff", "--histogram", "-M", base, head));
    assertThat(patch.binarySizes()).containsKey("bin.dat");
    assertThat(patch.counts()).hasSize(47);

    // Cut at git.maxDiffBytes between files, as one writer would: the text ends where a file ends, the rest is named.
    GitReader small = RepoRegistry.create(new JsonObject().put("t", repo.dir().toString()), null,
      TestRepo.options(new JsonObject().put("maxDiffBytes", 5_000))).reader("t");
    GitReader.Patch cut = small.diff(pair, histogram, Cancellation.NONE);
    String text = new String(cut.bytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(cut.files()).isBetween(1, 46);
    assertThat(cut.omitted()).hasSize(47 - cut.files());
    assertThat(new String(patch.bytes(), java.nio.charset.StandardCharsets.UTF_8)).startsWith(text);
    assertThat(text.length()).isGreaterThanOrEqualTo(5_000 - 2_000);
    assertThat(patch.bytes()[cut.bytes().length]).as("the cut falls before a file's header").isEqualTo((byte) 'd');
    assertModelIsText(reader, pair, histogram);
    assertModelIsText(small, pair, histogram);

    // Asked for as JSON text, each block is escaped on its own thread: the same text, written as its JSON string.
    for (GitReader source : List.of(reader, small)) {
      String expected = new String(source.diff(pair, histogram, Cancellation.NONE).bytes(), java.nio.charset.StandardCharsets.UTF_8);
      GitReader.Patch json = source.diff(pair, histogram, true, Cancellation.NONE);
      Object taken = json.takeText();
      assertThat(taken).isInstanceOf(dev.reviewgate.core.json.Utf8Text.class);
      assertThat(taken.toString()).isEqualTo(expected).contains("changed \u00e9");
      java.io.ByteArrayOutputStream written = new java.io.ByteArrayOutputStream();
      try {
        ((dev.reviewgate.core.json.Utf8Text) taken).writeJson(written);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      assertThat(written.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(io.vertx.core.json.Json.encode(expected));
      assertThat(json.files()).isEqualTo(source == reader ? 47 : cut.files());
      assertThatThrownBy(json::bytes).isInstanceOf(IllegalStateException.class);
    }
  }
  /**
   * Rename detection runs while the blocks are written: deletions in the first blocks pair with additions in the last
   * (edited, under other names, so the similarity matrix decides), others stay unpaired, and the joined bytes, the
   * counts and the names of the files past a cut are git's.
   */
  @Test
  void renamesAcrossBlocksDetectedWhileTheOtherBlocksAreWrittenAreGits() {
    TestRepo repo = new TestRepo(tmp);
    for (int i = 0; i < 60; i++) {
      repo.write(String.format("m/f%02d.txt", i), ("line of file " + i + "\n").repeat(30 + i));
    }
    for (int i = 0; i < 6; i++) {
      repo.write("a/gone" + i + ".txt", ("moved line " + i + "\n").repeat(40));
      repo.write("a/dropped" + i + ".txt", ("only here " + i + "\n").repeat(10 + i));
    }
    String base = repo.commit("base");
    for (int i = 0; i < 60; i += 3) {
      repo.write(String.format("m/f%02d.txt", i), ("line of file " + i + "\n").repeat(10) + "edited\n" + ("tail\n").repeat(5));
    }
    for (int i = 0; i < 6; i++) {
      repo.delete("a/gone" + i + ".txt").write("z/kept" + i + ".txt", ("moved line " + i + "\n").repeat(38) + "one edit\n");
      repo.write("z/new" + i + ".txt", ("brand new " + i + "\n").repeat(3));
      if (i % 2 == 0) {
        repo.delete("a/dropped" + i + ".txt");
      }
    }
    String head = repo.commit("head");
    GitReader reader = repo.reader();
    GitReader.Pair pair = reader.pair(new DiffTarget(base, head, null, null));
    GitReader.DiffOptions histogram = new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of());

    GitReader.Patch patch = reader.diff(pair, histogram, Cancellation.NONE);
    List<String> gitNames = List.of(repo.git("diff", "--name-only", "-M", base, head).split("\n"));
    assertThat(new String(patch.bytes(), java.nio.charset.StandardCharsets.UTF_8))
      .isEqualTo(repo.git("diff", "--histogram", "-M", base, head))
      .contains("rename from a/gone0.txt\nrename to z/kept0.txt");
    assertThat(patch.files()).isEqualTo(gitNames.size()).isEqualTo(20 + 6 + 6 + 3);
    assertThat(patch.counts()).hasSize(patch.files());

    GitReader small = RepoRegistry.create(new JsonObject().put("t", repo.dir().toString()), null,
      TestRepo.options(new JsonObject().put("maxDiffBytes", 3_000))).reader("t");
    GitReader.Patch cut = small.diff(pair, histogram, Cancellation.NONE);
    assertThat(cut.files()).isBetween(1, gitNames.size() - 1);
    assertThat(cut.omitted()).as("the files past the cut, renames named by their new path")
      .isEqualTo(gitNames.subList(cut.files(), gitNames.size()));
    assertModelIsText(reader, pair, histogram);
    assertModelIsText(small, pair, histogram);
  }

  /**
   * The diff as the model (built block by block as xdiff writes, joined, cut like the text) is what the parser reads
   * from the text form, file by file, and renders to that text byte for byte; counts, sizes and omitted files agree.
   */
  private static void assertModelIsText(GitReader source, GitReader.Pair pair, GitReader.DiffOptions options) {
    GitReader.Patch text = source.diff(pair, options, Cancellation.NONE);
    GitReader.Patch model = source.model(pair, options, Cancellation.NONE);
    byte[] bytes = text.bytes();
    assertThat(dev.reviewgate.diff.render.UnifiedRenderer.render(model.model())).isEqualTo(bytes);
    java.util.function.Function<dev.reviewgate.diff.model.FileDiff, String> fields = file -> String.join(" | ",
      String.valueOf(file.oldPath()), String.valueOf(file.newPath()), file.changeType().label(), file.oldMode() + "->"
        + file.newMode(), String.valueOf(file.similarity()), String.valueOf(file.index()), String.valueOf(file.binary()),
      "+" + file.additions() + " -" + file.deletions(), String.valueOf(file.hunks().size()), file.header().utf8());
    assertThat(model.model().files()).extracting(fields)
      .containsExactlyElementsOf(new dev.reviewgate.diff.parse.DiffParser(Integer.MAX_VALUE).parse(bytes).files().stream()
        .map(fields).toList());
    assertThat(model.files()).isEqualTo(text.files());
    assertThat(model.size()).isEqualTo(text.size());
    assertThat(model.omitted()).isEqualTo(text.omitted());
    assertThat(model.counts()).isEqualTo(text.counts());
    assertThat(model.binarySizes()).isEqualTo(text.binarySizes());
    assertThatThrownBy(model::bytes).isInstanceOf(IllegalStateException.class);
  }
}
