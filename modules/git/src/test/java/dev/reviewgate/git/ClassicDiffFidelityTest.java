package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where git's histogram diff gives up on a region (every line it could anchor on occurs more than 64 times) it runs
 * its classic diff there, with that algorithm's pre-pass and shortcuts; {@code algorithm: myers} is that classic diff
 * over the whole file. Both are checked byte for byte against the git command line on content built to reach those
 * paths: a translation catalogue whose repeated lines ({@code msgstr ""}, {@code #, c-format}) form long runs, and
 * generated files of a few frequent lines among unique ones, over many seeds.
 */
class ClassicDiffFidelityTest {

  /** Seeds per property run: enough to reach the cost bound many times, few enough for one git call each way. */
  private static final int SEEDS = 120;
  /**
   * Files large enough for the long-snake shortcut: it only runs above a cost of 256, which the cost bound allows
   * only when the two sides keep 65,533 lines or more between them.
   */
  private static final int LONG_SEEDS = 2;

  @TempDir
  Path tmp;

  @Test
  void aTranslationCatalogueRewrittenAroundItsRepeatedLinesMatchesGitsHistogram() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("po/id.po", catalogue(new Random(7), 900, false));
    String base = repo.commit("catalogue");
    repo.write("po/id.po", catalogue(new Random(7), 900, true));
    String head = repo.commit("update the translation");
    String expected = repo.gitDiff("--histogram", base, head);
    assertThat(expected).as("a large change").hasSizeGreaterThan(50_000);
    assertThat(repo.ourDiff(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, base, head)).isEqualTo(expected);
  }

  @Test
  void repetitiveFilesMatchGitsHistogramOverManySeeds() {
    assertEveryFileMatches(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, "--histogram");
  }

  @Test
  void repetitiveFilesMatchGitsMyersOverManySeeds() {
    assertEveryFileMatches(DiffAlgorithm.SupportedAlgorithm.MYERS, "--diff-algorithm=myers");
  }

  private void assertEveryFileMatches(DiffAlgorithm.SupportedAlgorithm algorithm, String gitOption) {
    TestRepo repo = new TestRepo(tmp);
    List<String[]> versions = new ArrayList<>();
    for (int seed = 0; seed < SEEDS; seed++) {
      versions.add(repetitivePair(new Random(seed)));
    }
    for (int seed = 0; seed < LONG_SEEDS; seed++) {
      versions.add(sparseBesideDense(new Random(seed), seed % 2 == 0));
    }
    String[] commits = repo.commitEachWay(versions, "txt");
    repo.assertDiffedAsGit(commits[0], commits[1], versions.size(), algorithm, gitOption);
  }

  /**
   * A gettext catalogue of {@code entries} messages. The updated one moves every source reference, rewraps some
   * messages, translates some and drops or adds a few, so its only common lines are the repeated scaffolding.
   */
  private static String catalogue(Random random, int entries, boolean updated) {
    StringBuilder po = new StringBuilder("msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n");
    Random edits = new Random(11);
    for (int i = 0; i < entries; i++) {
      boolean format = random.nextInt(3) > 0;
      boolean wrapped = random.nextInt(4) == 0;
      int line = 10 + random.nextInt(5000);
      int edit = edits.nextInt(10);
      if (updated && edit == 0) {
        continue;
      }
      if (updated && edit == 1) {
        po.append("#: builtin/added.c:").append(i).append("\n#, c-format\nmsgid \"added %s\"\nmsgstr \"\"\n\n");
      }
      po.append("#: builtin/file").append(i % 37).append(".c:").append(updated ? line + 7 : line).append('\n');
      if (format) {
        po.append("#, c-format\n");
      }
      if (wrapped || updated && edit == 2) {
        po.append("msgid \"\"\n\"message number ").append(i).append(updated ? " " : "").append("\"\n\"continued\"\n");
      } else {
        po.append("msgid \"message number ").append(i).append(format ? " %s" : "").append(updated ? "." : "").append("\"\n");
      }
      if (updated && edit >= 6) {
        po.append("msgstr \"pesan nomor ").append(i).append("\"\n\n");
      } else {
        po.append("msgstr \"\"\n\n");
      }
    }
    return po.toString();
  }

  /**
   * About 70,000 lines of four kinds: a long stretch with a line changed every few dozen (long equal runs, so the
   * path through it gets far at little cost) beside a stretch rewritten at random (costly), the cheap one first or
   * last, so the long-snake shortcut of git's classic diff takes a forward or a backward split point.
   */
  private static String[] sparseBesideDense(Random random, boolean sparseFirst) {
    String[] kinds = {"msgstr \"\"", "#, c-format", "", "}"};
    List<String> sparseOld = randomLines(random, kinds, 20_000);
    List<String> sparseNew = new ArrayList<>(sparseOld);
    for (int i = random.nextInt(30); i < sparseNew.size(); i += 20 + random.nextInt(40)) {
      sparseNew.set(i, kinds[(java.util.Arrays.asList(kinds).indexOf(sparseNew.get(i)) + 1 + random.nextInt(3)) % 4]);
    }
    List<String> denseOld = randomLines(random, kinds, 15_000);
    List<String> denseNew = randomLines(random, kinds, 15_000);
    List<String> old = new ArrayList<>(sparseFirst ? sparseOld : denseOld);
    old.addAll(sparseFirst ? denseOld : sparseOld);
    List<String> updated = new ArrayList<>(sparseFirst ? sparseNew : denseNew);
    updated.addAll(sparseFirst ? denseNew : sparseNew);
    return new String[] {String.join("\n", old) + "\n", String.join("\n", updated) + "\n"};
  }

  private static List<String> randomLines(Random random, String[] kinds, int count) {
    List<String> lines = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      lines.add(kinds[random.nextInt(kinds.length)]);
    }
    return lines;
  }

  /**
   * An old and a new file of a few frequent lines among unique ones: blocks of the old file are kept, dropped,
   * replaced, reordered or have their unique lines rewritten (leaving only frequent lines in common), so regions
   * reach git's fallback, its pre-pass, and the snake and cost shortcuts of its classic diff.
   */
  private static String[] repetitivePair(Random random) {
    String[] frequent = {"", "msgstr \"\"", "#, c-format", "}", "\treturn 0;", "msgid \"\"", "  end"};
    int kinds = 1 + random.nextInt(frequent.length);
    int size = 40 + random.nextInt(random.nextInt(4) == 0 ? 3000 : 600);
    int uniquePercent = random.nextInt(60);
    List<String> old = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      old.add(random.nextInt(100) < uniquePercent ? "unique " + i : frequent[random.nextInt(kinds)]);
    }
    boolean rewriteAllUnique = random.nextInt(3) == 0;
    List<String> updated = new ArrayList<>();
    int i = 0;
    while (i < old.size()) {
      int block = 1 + random.nextInt(random.nextBoolean() ? 8 : 60);
      List<String> part = old.subList(i, Math.min(old.size(), i + block));
      switch (random.nextInt(6)) {
        case 0 -> { } // dropped
        case 1 -> {
          for (int k = 0; k < part.size(); k++) {
            updated.add(random.nextBoolean() ? "new " + i + "." + k : frequent[random.nextInt(kinds)]);
          }
        }
        case 2 -> {
          List<String> shuffled = new ArrayList<>(part);
          java.util.Collections.shuffle(shuffled, random);
          updated.addAll(shuffled);
        }
        default -> updated.addAll(part);
      }
      i += block;
    }
    if (rewriteAllUnique) {
      updated.replaceAll(line -> line.startsWith("unique ") ? "rewritten " + line.substring(7) : line);
    }
    if (updated.equals(old)) {
      updated.add(random.nextInt(updated.size() + 1), "the one change");
    }
    boolean noFinalNewline = random.nextInt(10) == 0;
    return new String[] {String.join("\n", old) + "\n", String.join("\n", updated) + (noFinalNewline ? "" : "\n")};
  }
}
