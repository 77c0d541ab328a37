package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One repository per row of the JGit-vs-git table (REFERENCE.md): our diff bytes must equal
 * {@code git diff --histogram -M <base> <head>} from the git command line, byte for byte.
 */
class DiffFidelityTest {

  @TempDir
  Path tmp;

  private String ours(TestRepo repo, String base, String head) {
    return repo.ourDiff(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, base, head);
  }

  private String git(TestRepo repo, String base, String head) {
    return repo.gitDiff("--histogram", base, head);
  }

  private void assertSameAsGit(TestRepo repo, String base, String head) {
    String expected = git(repo, base, head);
    assertThat(expected).as("git produced a diff").isNotEmpty();
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  /**
   * Attributes files at several depths, each read once from its directory's tree: a deeper file overrides the root's
   * for its own subtree only, a directory without one inherits, and sibling directories do not see each other's.
   */
  @Test
  void nestedAttributesFilesApplyToTheirOwnSubtreesAsInGit() {
    TestRepo repo = new TestRepo(tmp);
    repo.write(".gitattributes", "*.dat binary\n*.txt diff\n");
    repo.write("deep/a/.gitattributes", "*.txt -diff\n*.dat diff\n");
    repo.write("deep/a/b/c/.gitattributes", "*.txt diff\n");
    List<String> dirs = List.of("", "deep/", "deep/a/", "deep/a/b/", "deep/a/b/c/", "deep/a/b/c/d/", "deep/z/", "other/a/");
    for (String dir : dirs) {
      repo.write(dir + "one.txt", "first line\nsecond\n").write(dir + "two.dat", "data line\nmore\n");
    }
    String base = repo.commit("base");
    for (String dir : dirs) {
      repo.write(dir + "one.txt", "first line\nchanged\n").write(dir + "two.dat", "data line\nchanged\n")
        .write(dir + "added.txt", "new\n");
    }
    String head = repo.commit("head");
    String expected = git(repo, base, head);
    assertThat(expected).contains("Binary files a/deep/a/one.txt and b/deep/a/one.txt differ")
      .contains("Binary files a/deep/a/b/one.txt and b/deep/a/b/one.txt differ")
      .contains("+changed", "Binary files a/two.dat and b/two.dat differ", "Binary files a/deep/z/two.dat and b/deep/z/two.dat differ");
    assertSameAsGit(repo, base, head);
  }

  private static String lines(String... lines) {
    return String.join("\n", lines) + "\n";
  }

  @Test
  void indentHeuristicSlidesAnInsertedFunctionLikeGit() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.py", lines("def a():", "    pass", "", "def b():", "    pass", "", "def d():", "    return 1"));
    String base = repo.commit("base");
    repo.write("a.py", lines("def a():", "    pass", "", "def b():", "    pass", "", "def c():", "    pass", "",
      "def d():", "    return 1"));
    String head = repo.commit("insert");
    assertSameAsGit(repo, base, head);
    // and the other classic: a block added after an identical closing line
    repo.write("b.c", lines("int f() {", "  if (x) {", "    y();", "  }", "  return 0;", "}"));
    String base2 = repo.commit("c");
    repo.write("b.c", lines("int f() {", "  if (x) {", "    y();", "  }", "  if (z) {", "    y();", "  }", "  return 0;", "}"));
    assertSameAsGit(repo, base2, repo.commit("c2"));
  }

  /**
   * Changes that can slide, over many seeds: code-like files of a few frequent lines (blanks, braces, returns) among
   * unique ones, edited by inserting or deleting blocks that repeat their neighbours and by replacing blocks, so that
   * groups slide up and down, merge, align with a change on the other side and are placed by the indent heuristic,
   * in files of one to a few thousand lines with long unchanged stretches between changes; by git's histogram and
   * by its classic (myers) diff, which both end in the same sliding.
   */
  @Test
  void changesThatCanSlideMatchGitOverManySeeds() {
    TestRepo repo = new TestRepo(tmp);
    java.util.List<String[]> versions = new java.util.ArrayList<>();
    for (int seed = 0; seed < 150; seed++) {
      versions.add(slidingPair(new java.util.Random(seed)));
    }
    String[] commits = repo.commitEachWay(versions, "c");
    repo.assertDiffedAsGit(commits[0], commits[1], versions.size(), DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, "--histogram");
    repo.assertDiffedAsGit(commits[0], commits[1], versions.size(), DiffAlgorithm.SupportedAlgorithm.MYERS,
      "--diff-algorithm=myers");
  }

  private static String[] slidingPair(java.util.Random random) {
    String[] frequent = {"", "}", "\t}", "{", "\treturn 0;", "\t\tbreak;", "\tif (x) {", "  foo();", "#endif", "\t\t}"};
    java.util.List<String> old = new java.util.ArrayList<>();
    int size = 20 + random.nextInt(random.nextInt(4) == 0 ? 3000 : 400);
    for (int i = 0; i < size; i++) {
      old.add(random.nextInt(3) == 0 ? "\tunique(" + i + ");" : frequent[random.nextInt(frequent.length)]);
    }
    java.util.List<String> changed = new java.util.ArrayList<>(old);
    int edits = 1 + random.nextInt(8);
    for (int e = 0; e < edits && changed.size() > 4; e++) {
      int at = random.nextInt(changed.size() - 2) + 1;
      int length = 1 + random.nextInt(6);
      switch (random.nextInt(4)) {
        case 0, 1 -> { // a block repeating the lines just above it: it could stand a few lines higher or lower
          java.util.List<String> block = new java.util.ArrayList<>(changed.subList(Math.max(0, at - length), at));
          changed.addAll(at, block);
        }
        case 2 -> changed.subList(at, Math.min(changed.size(), at + length)).clear();
        default -> {
          for (int k = at; k < Math.min(changed.size(), at + length); k++) {
            changed.set(k, random.nextBoolean() ? "\tnew(" + e + ", " + k + ");" : frequent[random.nextInt(frequent.length)]);
          }
        }
      }
    }
    if (changed.equals(old)) {
      changed.add(size / 2, "\tadded();");
    }
    return new String[] {String.join("\n", old) + "\n", String.join("\n", changed) + "\n"};
  }

  @Test
  void aRewriteWhoseOnlyCommonLinesAreFrequentFallsBackLikeGit() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder old = new StringBuilder();
    StringBuilder rewritten = new StringBuilder();
    for (int i = 0; i < 120; i++) {
      old.append("old heading ").append(i).append("\n\n");
      rewritten.append("new heading ").append(i).append("\n\n");
    }
    repo.write("man.txt", old.toString());
    String base = repo.commit("base");
    repo.write("man.txt", rewritten.toString());
    assertSameAsGit(repo, base, repo.commit("rewrite"));
  }

  @Test
  void indexLineGrowsWithThePackedObjectCountLikeGit() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder stream = new StringBuilder();
    for (int i = 1; i <= 17000; i++) {
      String data = "blob number " + i + "\n";
      stream.append("blob\nmark :").append(i).append("\ndata ").append(data.length()).append('\n').append(data).append('\n');
    }
    repo.gitWithInput(stream.toString().getBytes(StandardCharsets.UTF_8), "fast-import", "--quiet");
    repo.write("x.txt", "one\n");
    String base = repo.commit("base");
    repo.write("x.txt", "two\n");
    String head = repo.commit("head");
    String expected = git(repo, base, head);
    assertThat(expected).containsPattern("index [0-9a-f]{8,}\\.\\.");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  /**
   * Two texts whose blob ids share their first {@code hexDigits} digits, found by a birthday search over made-up texts
   * (about 2^14 tries for seven digits).
   */
  private static String[] textsSharingAPrefix(int hexDigits) throws Exception {
    java.util.Map<String, String> byPrefix = new java.util.HashMap<>();
    java.security.MessageDigest sha1 = java.security.MessageDigest.getInstance("SHA-1");
    for (int i = 0; i < 2_000_000; i++) {
      String text = "made-up line " + i + "\n";
      byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
      sha1.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
      String prefix = java.util.HexFormat.of().formatHex(sha1.digest(bytes)).substring(0, hexDigits);
      String other = byPrefix.putIfAbsent(prefix, text);
      if (other != null) {
        return new String[] {other, text};
      }
    }
    throw new AssertionError("no two texts share " + hexDigits + " hex digits");
  }

  @Test
  void indexLinesGrowPastAPrefixAnotherObjectSharesLooseOrPackedLikeGit() throws Exception {
    String[] twins = textsSharingAPrefix(7);
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "base\n");
    String base = repo.commit("base");
    repo.write("a.txt", twins[0]);
    String head = repo.commit("head");
    // The twin, loose and referenced by nothing: the new side's name needs an eighth digit (or more) to be unique.
    String twinId = new String(repo.gitWithInput(twins[1].getBytes(StandardCharsets.US_ASCII), "hash-object", "-w",
      "--stdin"), StandardCharsets.US_ASCII).trim();
    assertThat(repo.dir().resolve(".git/objects/" + twinId.substring(0, 2) + "/" + twinId.substring(2))).exists();
    String expected = git(repo, base, head);
    assertThat(expected).containsPattern("index [0-9a-f]{7}\\.\\.[0-9a-f]{8,} ");
    assertSameAsGit(repo, base, head);
    // Then both packed, the twin kept by a tag.
    repo.git("tag", "twin", twinId);
    repo.git("gc", "-q");
    assertThat(repo.dir().resolve(".git/objects/" + twinId.substring(0, 2) + "/" + twinId.substring(2))).doesNotExist();
    assertThat(git(repo, base, head)).containsPattern("index [0-9a-f]{7}\\.\\.[0-9a-f]{8,} ");
    assertSameAsGit(repo, base, head);
  }

  @Test
  void functionNameAfterTheHunkHeaderFollowsGitsDefaultRule() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder old = new StringBuilder();
    old.append("_private_thing   \n");
    for (int i = 0; i < 12; i++) {
      old.append("  body ").append(i).append('\n');
    }
    old.append("$dollar_function_with_a_very_long_name_that_goes_past_the_eighty_byte_limit_of_git_for_sure()\n");
    for (int i = 0; i < 12; i++) {
      old.append("\tindented ").append(i).append('\n');
    }
    for (int i = 0; i < 12; i++) {
      old.append("  more ").append(i).append('\n');
    }
    old.append("1 starts with a digit\n");
    for (int i = 0; i < 12; i++) {
      old.append("  tail ").append(i).append('\n');
    }
    repo.write("f.txt", old.toString());
    String base = repo.commit("base");
    String changed = old.toString().replace("  body 0\n", "  BODY 0\n").replace("\tindented 9\n", "\tINDENTED 9\n")
      .replace("  more 10\n", "  MORE 10\n").replace("  tail 11\n", "  TAIL 11\n");
    repo.write("f.txt", changed);
    assertSameAsGit(repo, base, repo.commit("head"));
  }

  @Test
  void javaDriverHeadingsMatchGitsBuiltInJavaPattern() {
    TestRepo repo = new TestRepo(tmp);
    String[] heads = {"public class Foo<T extends Bar> extends Baz {", "public final class Plain extends Base {",
      "record Point(int x, int y) {", "interface Q {", "  public List<Map<String, X>> foo(int a) {",
      "public sealed interface S permits A, B {", "enum Color { RED, GREEN }", "    if (check(x)) {",
      "    return compute(a, b);", "  private static <T> T[] array(T... items) {", "\tvoid run() throws IOException {"};
    StringBuilder text = new StringBuilder("package x;\n");
    for (String head : heads) {
      text.append(head.replace("\\t", "\t")).append('\n');
      for (int i = 0; i < 8; i++) {
        text.append("  int v").append(i).append(";\n");
      }
    }
    repo.write(".gitattributes", "*.java diff=java\n").write("A.java", text.toString());
    String base = repo.commit("base");
    repo.write("A.java", text.toString().replace("  int v5;\n", "  int V5;\n"));
    String head = repo.commit("head");
    String expected = new String(repo.gitBytes("diff", "--histogram", "-U1", base, head), StandardCharsets.ISO_8859_1);
    GitReader reader = repo.reader();
    String ours = new String(reader.diff(reader.pair(new DiffTarget(base, head, null, null)),
      new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 1, List.of()), Cancellation.NONE).bytes(),
      StandardCharsets.ISO_8859_1);
    assertThat(expected).contains("@@ interface Q {");
    assertThat(ours).isEqualTo(expected);
  }

  @Test
  void renamesUseGitsThresholdBasenamesAndNeverCopies() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      text.append("line number ").append(i).append(" of the moved file\n");
    }
    repo.write("src/moved.txt", text.toString());
    repo.write("dup/original.txt", "same content in several places\n");
    repo.write("b/other.txt", "alpha\nbeta\ngamma\ndelta\n");
    String base = repo.commit("base");
    repo.git("rm", "-q", "src/moved.txt", "dup/original.txt", "b/other.txt");
    // 11 of 20 lines kept: about 55% similar, over git's 50% but under JGit's default 60%
    StringBuilder edited = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      edited.append(i < 11 ? "line number " + i + " of the moved file\n" : "a rewritten line " + i + "\n");
    }
    repo.write("lib/moved.txt", edited.toString());
    repo.write("dup/copy1.txt", "same content in several places\n");
    repo.write("dup/copy2.txt", "same content in several places\n");
    repo.write("c/other.txt", "alpha\nbeta\ngamma\nepsilon\n");
    String moves = repo.commit("moves");
    assertSameAsGit(repo, base, moves);
    assertNumstatLikeGit(repo, base, moves);
  }

  /**
   * Which of two equally good sources a new file is renamed from depends, in git, on the slots of its candidate list,
   * and so on the exact scores of sources below the threshold that passed through them. Here: a new file of 20
   * lines; old files sharing 4, 6, 2 and 8 of them fill the four slots, one sharing 1 line must not take a slot, then
   * two sharing 12 each take the slots of the 2- and the 4-line ones, and git renames from the one in the first slot
   * (s2). A similarity that gave up on the 1-line file with any score under the threshold put it in a slot, and the
   * other source won.
   */
  @Test
  void aRenameBetweenEqualCandidatesFollowsGitsSlotsOfExactScores() {
    TestRepo repo = new TestRepo(tmp);
    String[] shared = new String[20];
    for (int i = 0; i < shared.length; i++) {
      shared[i] = String.format("shared line %06d\n", i);
    }
    int[][] sources = {{4, 0}, {6, 0}, {2, 0}, {8, 0}, {1, 0}, {12, 0}, {12, 8}};
    String[] names = {"a1", "a2", "a3", "a4", "a5", "s1", "s2"};
    for (int f = 0; f < sources.length; f++) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 20; i++) {
        int from = sources[f][1];
        text.append(i < sources[f][0] ? shared[(from + i) % 20] : String.format("own %s line %06d\n", names[f], i));
      }
      repo.write("old/" + names[f], text.toString());
    }
    String base = repo.commit("base");
    repo.git("rm", "-q", "-r", "old");
    repo.write("new/dest", String.join("", shared));
    String moved = repo.commit("moved");
    String expected = git(repo, base, moved);
    assertThat(expected).contains("rename from old/s2\nrename to new/dest\n");
    assertSameAsGit(repo, base, moved);
  }

  @Test
  void binaryDetectionAndAttributesFollowGit() {
    TestRepo repo = new TestRepo(tmp);
    byte[] lateNul = new byte[9000];
    java.util.Arrays.fill(lateNul, (byte) 'x');
    lateNul[100] = '\n';
    lateNul[8500] = 0;
    repo.write("late-nul.txt", lateNul);
    repo.write("lone-cr.txt", "one\rtwo\nthree\n");
    repo.write("early.bin", new byte[] {1, 2, 0, 3, '\n'});
    repo.write("forced.dat", "plain text\n");
    repo.write("nodiff.cfg", "text too\n");
    repo.write("text-nul.raw", new byte[] {'a', 0, 'b', '\n'});
    repo.write("gone.bin", new byte[] {0, 0, 0});
    repo.write(".gitattributes", "*.dat binary\n*.cfg -diff\n*.raw diff\n");
    String base = repo.commit("base");
    lateNul[50] = 'y';
    repo.write("late-nul.txt", lateNul);
    repo.write("lone-cr.txt", "one\rTWO\nthree\n");
    repo.write("early.bin", new byte[] {1, 2, 0, 4, '\n'});
    repo.write("forced.dat", "plain text changed\n");
    repo.write("nodiff.cfg", "text changed\n");
    repo.write("text-nul.raw", new byte[] {'a', 0, 'c', '\n'});
    repo.write("new.bin", new byte[] {0, 1});
    repo.git("rm", "-q", "gone.bin");
    String head = repo.commit("binaries");
    String expected = git(repo, base, head);
    assertThat(expected).contains("Binary files a/early.bin and b/early.bin differ")
      .contains("Binary files /dev/null and b/new.bin differ").contains("Binary files a/gone.bin and /dev/null differ");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
    assertNumstatLikeGit(repo, base, head);
  }

  @Test
  void symlinksUnderBinaryOrDriverAttributesAreDiffedAsTextLikeGit() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    repo.write(".gitattributes", "*.lnk binary\nnodiff* -diff\n*.c diff=cpp\n");
    Files.createSymbolicLink(repo.dir().resolve("changed.lnk"), Path.of("target/one"));
    Files.createSymbolicLink(repo.dir().resolve("gone.lnk"), Path.of("old target"));
    Files.createSymbolicLink(repo.dir().resolve("nodiff-link"), Path.of("a"));
    Files.createSymbolicLink(repo.dir().resolve("code.c"), Path.of("one.c"));
    Files.createSymbolicLink(repo.dir().resolve("becomes-file.lnk"), Path.of("a link first"));
    repo.write("plain.lnk", "a regular file stays binary\n");
    String base = repo.commit("links");
    Files.delete(repo.dir().resolve("changed.lnk"));
    Files.createSymbolicLink(repo.dir().resolve("changed.lnk"), Path.of("target/two"));
    Files.delete(repo.dir().resolve("gone.lnk"));
    Files.createSymbolicLink(repo.dir().resolve("added.lnk"), Path.of("new target"));
    Files.delete(repo.dir().resolve("nodiff-link"));
    Files.createSymbolicLink(repo.dir().resolve("nodiff-link"), Path.of("b"));
    Files.delete(repo.dir().resolve("code.c"));
    Files.createSymbolicLink(repo.dir().resolve("code.c"), Path.of("two.c"));
    Files.delete(repo.dir().resolve("becomes-file.lnk"));
    repo.write("becomes-file.lnk", "now a regular file\n");
    repo.write("plain.lnk", "a regular file stays binary, changed\n");
    String head = repo.commit("retarget");
    String expected = git(repo, base, head);
    assertThat(expected).contains("-target/one\n\\ No newline at end of file\n+target/two\n")
      .contains("+new target\n").contains("-old target\n").contains("-a\n\\ No newline at end of file\n+b\n")
      .contains("-a link first\n").contains("Binary files /dev/null and b/becomes-file.lnk differ")
      .contains("Binary files a/plain.lnk and b/plain.lnk differ");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
    assertNumstatLikeGit(repo, base, head);
  }

  @Test
  void cppPythonAndPerlDriverHeadingsMatchGits() {
    TestRepo repo = new TestRepo(tmp);
    repo.write(".gitattributes", "*.c diff=cpp\n*.py diff=python\n*.pl diff=perl\n");
    StringBuilder c = new StringBuilder("#include <stdio.h>\n\nstatic int\ncount_dirs(const char *path,\n    int depth)\n{\n");
    for (int i = 0; i < 8; i++) {
      c.append("\tint v").append(i).append(" = ").append(i).append(";\n");
    }
    c.append("dir_check:\n\tif (depth > 3)\n\t\tgoto done;\n");
    for (int i = 0; i < 8; i++) {
      c.append("\tdepth += v").append(i).append(";\n");
    }
    c.append("done: /* out */\n\treturn depth;\n}\n\nclass Walker {\npublic:\n");
    for (int i = 0; i < 8; i++) {
      c.append("\tint field").append(i).append(";\n");
    }
    c.append("};\n::std::string Walker::name() const\n{\n");
    for (int i = 0; i < 8; i++) {
      c.append("\tcall(").append(i).append(");\n");
    }
    c.append("}\n");
    StringBuilder py = new StringBuilder("import os\n\nclass Tree:\n    \"\"\"A tree.\"\"\"\n\n    def walk(self, root):\n");
    for (int i = 0; i < 8; i++) {
      py.append("        x").append(i).append(" = ").append(i).append("\n");
    }
    py.append("\n    async def fetch(self):\n");
    for (int i = 0; i < 8; i++) {
      py.append("        await y").append(i).append("()\n");
    }
    py.append("\ndef main():\n    label: int = 3\n");
    for (int i = 0; i < 8; i++) {
      py.append("    z").append(i).append(" = main\n");
    }
    StringBuilder pl = new StringBuilder("package Foo::Bar;\nuse strict;\n\nsub plain {\n");
    for (int i = 0; i < 8; i++) {
      pl.append("  my $a").append(i).append(" = ").append(i).append(";\n");
    }
    pl.append("}\n\nsub with_proto($$) {\n");
    for (int i = 0; i < 8; i++) {
      pl.append("  my $b").append(i).append(" = shift;\n");
    }
    pl.append("}\n\nsub declared; # elsewhere\nBEGIN {\n");
    for (int i = 0; i < 8; i++) {
      pl.append("  $c").append(i).append(" = 1;\n");
    }
    pl.append("}\n\n=head1 NAME\n\n");
    for (int i = 0; i < 8; i++) {
      pl.append("Line ").append(i).append(" of the pod.\n");
    }
    repo.write("walk.c", c.toString()).write("tree.py", py.toString()).write("foo.pl", pl.toString());
    String base = repo.commit("base");
    repo.write("walk.c", c.toString().replace("int v7 = 7", "int v7 = 70").replace("depth += v7", "depth -= v7")
      .replace("return depth;", "return depth + 1;").replace("int field7", "long field7").replace("call(7)", "call(70)"));
    repo.write("tree.py", py.toString().replace("x7 = 7", "x7 = 70").replace("await y7()", "await y70()")
      .replace("z7 = main", "z7 = None"));
    repo.write("foo.pl", pl.toString().replace("$a7 = 7", "$a7 = 70").replace("$b7 = shift", "$b7 = pop")
      .replace("$c7 = 1", "$c7 = 2").replace("Line 7 of", "Line seven of"));
    String head = repo.commit("edits deep inside functions");
    String expected = git(repo, base, head);
    // What git 2.39 prints: labels and access specifiers skipped, the prototype alone for a Perl sub that has one.
    assertThat(expected).contains("@@ count_dirs(const char *path,", "@@ class Walker {", "@@ ::std::string Walker::name() const",
      "@@ def walk(self, root):", "@@ async def fetch(self):", "@@ ($$)", "@@ BEGIN", "@@ =head1 NAME");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  @Test
  void goRustRubyPhpAndMarkdownDriverHeadingsMatchGits() {
    TestRepo repo = new TestRepo(tmp);
    repo.write(".gitattributes", "*.go diff=golang\n*.rs diff=rust\n*.rb diff=ruby\n*.php diff=php\n*.md diff=markdown\n");
    String go = "package main\n\ntype Tree struct {\n" + repeat("\tf%d int\n") + "}\n\nfunc (t *Tree) Walk(depth int) error {\n"
      + repeat("\tv%d := %<d\n") + "\treturn nil\n}\n\nfunc main() {\n" + repeat("\tw%d := %<d\n") + "}\n";
    String rs = "mod tree;\n\npub struct Tree {\n" + repeat("    f%d: u32,\n") + "}\n\nimpl<T> Walker for Tree {\n"
      + "    pub async fn walk(&self) -> u32 {\n" + repeat("        let v%d = %<d;\n") + "        0\n    }\n}\n\n"
      + "pub(crate) unsafe fn raw() {\n" + repeat("    let w%d = %<d;\n") + "}\n";
    String rb = "module Outer\n  class Tree\n    def walk(depth)\n" + repeat("      v%d = %<d\n") + "    end\n\n"
      + "    def self.build\n" + repeat("      w%d = %<d\n") + "    end\n  end\nend\n";
    String php = "<?php\nabstract class Tree {\n    public static function walk($d) {\n" + repeat("        $v%d = %<d;\n")
      + "    }\n    private function build() {\n" + repeat("        $w%d = %<d;\n") + "    }\n}\n\nfunction main() {\n"
      + repeat("    $x%d = %<d;\n") + "}\n";
    String md = "# Title\n\nintro\n\n## Section one\n\n" + repeat("line %d\n") + "\n   ### Indented heading\n\n"
      + repeat("more %d\n") + "\n####### not a heading\n\n" + repeat("tail %d\n");
    repo.write("a.go", go).write("a.rs", rs).write("a.rb", rb).write("a.php", php).write("a.md", md);
    String base = repo.commit("base");
    repo.write("a.go", go.replace("v7 := 7", "v7 := 70").replace("w7 := 7", "w7 := 70").replace("f7 int", "f7 int64"));
    repo.write("a.rs", rs.replace("let v7 = 7", "let v7 = 70").replace("let w7 = 7", "let w7 = 70").replace("f7: u32", "f7: u64"));
    repo.write("a.rb", rb.replace("v7 = 7", "v7 = 70").replace("w7 = 7", "w7 = 70"));
    repo.write("a.php", php.replace("$v7 = 7", "$v7 = 70").replace("$w7 = 7", "$w7 = 70").replace("$x7 = 7", "$x7 = 70"));
    repo.write("a.md", md.replace("line 7", "line seven").replace("more 7", "more seven").replace("tail 7", "tail seven"));
    String head = repo.commit("edits inside functions and sections");
    String expected = git(repo, base, head);
    assertThat(expected).contains("@@ type Tree struct {", "@@ func (t *Tree) Walk(depth int) error {", "@@ pub struct Tree {",
      "@@ pub async fn walk(&self) -> u32 {", "@@ pub(crate) unsafe fn raw() {", "@@ def walk(depth)", "@@ def self.build",
      "@@ public static function walk($d) {", "@@ private function build() {", "@@ ## Section one", "@@    ### Indented heading");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  @Test
  void kotlinCssHtmlTexAndSchemeDriverHeadingsMatchGits() {
    TestRepo repo = new TestRepo(tmp);
    repo.write(".gitattributes", "*.kt diff=kotlin\n*.css diff=css\n*.html diff=html\n*.tex diff=tex\n*.scm diff=scheme\n");
    String kt = "package x\n\ndata class Tree(val a: Int) {\n" + repeat("    val f%d = %<d\n")
      + "    private suspend fun walk(depth: Int): Int {\n" + repeat("        val v%d = %<d\n") + "        return 0\n    }\n}\n\n"
      + "interface Walker {\n" + repeat("    fun m%d()\n") + "}\n";
    String css = "body {\n" + repeat("  margin-%d: 0;\n") + "}\n\n.nav a:hover,\n#main > p {\n" + repeat("  color-%d: red;\n")
      + "}\n\n@media screen {\n" + repeat("  p%d { x: 1; }\n") + "}\n";
    String html = "<html>\n<body>\n<h1>Title</h1>\n" + repeat("<p>para %d</p>\n") + "  <H2 class=\"x\">Second</H2>\n"
      + repeat("<p>more %d</p>\n") + "<h7>no</h7>\n" + repeat("<p>tail %d</p>\n") + "</body>\n</html>\n";
    String tex = "\\documentclass{article}\n\\begin{document}\n\\section{Intro}\n" + repeat("Line %d.\n")
      + "\\subsection*{Details}\n" + repeat("More %d.\n") + "\\chapter{Big}\n" + repeat("Tail %d.\n") + "\\end{document}\n";
    String scm = "(define (walk tree)\n" + repeat("  (display %d)\n") + "  tree)\n\n(define-syntax swap!\n"
      + repeat("  (rule %d)\n") + "  )\n\n(library (foo bar)\n" + repeat("  (export x%d)\n") + "  )\n";
    repo.write("a.kt", kt).write("a.css", css).write("a.html", html).write("a.tex", tex).write("a.scm", scm);
    String base = repo.commit("base");
    for (String[] file : new String[][] {{"a.kt", kt}, {"a.css", css}, {"a.html", html}, {"a.tex", tex}, {"a.scm", scm}}) {
      repo.write(file[0], file[1].replaceAll("(?<![0-9])7(?![0-9])", "77"));
    }
    String head = repo.commit("edits inside every block");
    String expected = git(repo, base, head);
    assertThat(expected).contains("@@ data class Tree(val a: Int) {", "@@ private suspend fun walk(depth: Int): Int {",
      "@@ fun m3()", "@@ body {", "@@ #main > p {", "@@ @media screen {", "@@ <h1>Title</h1>", "@@ <H2 class=\"x\">Second</H2>",
      "@@ \\section{Intro}", "@@ \\subsection*{Details}", "@@ \\chapter{Big}", "@@ (define (walk tree)",
      "@@ (define-syntax swap!", "@@ (library (foo bar)");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  @Test
  void headingsCutInsideAUtf8CharacterOrInLatin1EndWhereGitEndsThem() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder text = new StringBuilder();
    java.util.List<byte[]> headings = java.util.List.of(
      ("msgstr \"ab " + "неправилен брой аргументи, трябва да е точно един".repeat(2)).getBytes(StandardCharsets.UTF_8),
      ("title " + "x".repeat(72) + " абв").getBytes(StandardCharsets.UTF_8),
      ("name  " + "中文".repeat(30)).getBytes(StandardCharsets.UTF_8),
      "caf\u00e9 latin-1 heading".getBytes(StandardCharsets.ISO_8859_1));
    java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
    for (byte[] heading : headings) {
      file.writeBytes(heading);
      file.writeBytes(repeat("  body %d\n").replace("  body 0", "\n  body 0").getBytes(StandardCharsets.UTF_8));
      file.writeBytes("\n".getBytes(StandardCharsets.UTF_8));
    }
    repo.write("messages.po", file.toByteArray());
    String base = repo.commit("base");
    repo.write("messages.po", new String(file.toByteArray(), StandardCharsets.ISO_8859_1).replace("body 5", "BODY 5")
      .getBytes(StandardCharsets.ISO_8859_1));
    String head = repo.commit("edits under every heading");
    assertSameAsGit(repo, base, head);
  }

  @Test
  void theRepositorysOwnDiffSettingsAndInfoAttributesApplyLikeGit() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    repo.git("config", "core.abbrev", "12");
    repo.git("config", "diff.renames", "false");
    repo.git("config", "diff.sections.xfuncname", "!^#\n^\\[([a-z]+)\\]$");
    repo.git("config", "diff.opaque.binary", "true");
    java.nio.file.Files.createDirectories(repo.dir().resolve(".git/info"));
    java.nio.file.Files.writeString(repo.dir().resolve(".git/info/attributes"), "forced.txt binary\n");
    repo.write(".gitattributes", "*.ini diff=sections\n*.blob diff=opaque\n");
    String ini = "[core]\n" + repeat("key%d = %<d\n") + "# [comment]\n[remote]\n" + repeat("url%d = %<d\n");
    repo.write("settings.ini", ini).write("data.blob", "plain text\n").write("forced.txt", "text\n")
      .write("moved-from.txt", repeat("a fairly long line number %d that stays the same\n"));
    String base = repo.commit("base");
    repo.write("settings.ini", ini.replace("key7 = 7", "key7 = 70").replace("url7 = 7", "url7 = 70"))
      .write("data.blob", "changed text\n").write("forced.txt", "changed\n");
    repo.git("mv", "moved-from.txt", "moved-to.txt");
    String head = repo.commit("settings");
    // Plain git diff: -M would force the rename detection that diff.renames=false turns off.
    String expected = new String(repo.gitBytes("diff", "--histogram", "--no-color", base, head), StandardCharsets.ISO_8859_1);
    assertThat(expected).contains("@@ core", "@@ remote", "Binary files a/data.blob and b/data.blob differ",
      "Binary files a/forced.txt and b/forced.txt differ", "deleted file mode", "index 000000000000..");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  @Test
  void oneReaderFollowsTheRepositorysSettingsAsTheyChangeBetweenCalls() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    repo.write("forced.txt", "text\n");
    String base = repo.commit("base");
    repo.write("forced.txt", "changed\n");
    String head = repo.commit("change");
    GitReader reader = repo.reader();
    GitReader.DiffOptions histogram = new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of());
    java.util.function.Supplier<String> ours = () -> new String(reader.diff(reader.pair(new DiffTarget(base, head, null,
      null)), histogram, Cancellation.NONE).bytes(), StandardCharsets.ISO_8859_1);
    assertThat(ours.get()).isEqualTo(git(repo, base, head)).contains("+changed");
    // info/attributes appears (most repositories have none: the reader looks for it on every call).
    java.nio.file.Files.createDirectories(repo.dir().resolve(".git/info"));
    java.nio.file.Files.writeString(repo.dir().resolve(".git/info/attributes"), "forced.txt binary\n");
    assertThat(ours.get()).isEqualTo(git(repo, base, head)).contains("Binary files a/forced.txt and b/forced.txt differ");
    // Its config changes: a time stamp a second on, so that the change is seen even where stamps are coarse.
    repo.git("config", "core.abbrev", "12");
    java.nio.file.Path config = repo.dir().resolve(".git/config");
    java.nio.file.Files.setLastModifiedTime(config, java.nio.file.attribute.FileTime.fromMillis(
      java.nio.file.Files.getLastModifiedTime(config).toMillis() + 1000));
    assertThat(ours.get()).isEqualTo(git(repo, base, head)).containsPattern("index [0-9a-f]{12}\\.\\.[0-9a-f]{12}");
  }

  @Test
  void aBasicRegexFuncnameNamesTheSameHeadingsAsGit() {
    TestRepo repo = new TestRepo(tmp);
    // Basic syntax: \( \) group, a bare '+' and '(' are literals, \* is a literal star, \| alternates (GNU).
    repo.git("config", "diff.plus.funcname", "!^ *#\n^\\(sub\\|def\\) \\([a-z]*\\)(+)\n^\\*\\* [A-Z][a-z]*");
    repo.write(".gitattributes", "*.plus diff=plus\n");
    String text = "** Intro\n" + repeat("text %d\n") + "def alpha(+)\n" + repeat("  a%d\n") + "# def hidden(+)\n"
      + repeat("  b%d\n") + "sub beta(+)\n" + repeat("  c%d\n") + "def gamma(x)\n" + repeat("  d%d\n");
    repo.write("f.plus", text);
    String base = repo.commit("base");
    repo.write("f.plus", text.replace("text 7\n", "text 70\n").replace("  a7\n", "  a70\n").replace("  b7\n", "  b70\n")
      .replace("  c7\n", "  c70\n").replace("  d7\n", "  d70\n"));
    String head = repo.commit("head");
    String expected = new String(repo.gitBytes("diff", "--histogram", "--no-color", base, head), StandardCharsets.ISO_8859_1);
    // git names the first group (sub or def); a negated line is never a heading; "def gamma(x)" has no "(+)".
    assertThat(expected).contains("@@ ** Intro\n", "@@ def\n", "@@ sub\n").doesNotContain("@@ def gamma").doesNotContain("@@ #");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  @Test
  void theRemainingBuiltInDriverHeadingsMatchGits() {
    TestRepo repo = new TestRepo(tmp);
    repo.write(".gitattributes", "*.adb diff=ada\n*.sh diff=bash\n*.bib diff=bibtex\n*.cs diff=csharp\n*.dts diff=dts\n"
      + "*.ex diff=elixir\n*.f90 diff=fortran\n*.fountain diff=fountain\n*.m diff=matlab\n*.mm diff=objc\n*.pas diff=pascal\n");
    java.util.Map<String, String> files = new java.util.TreeMap<>();
    files.put("a.adb", "with Ada.Text_IO;\npackage body Walker is\n" + repeat("   V%d : Integer := %<d;\n")
      + "   procedure Walk (Depth : Integer) is\n" + repeat("      X%d : Integer := %<d;\n") + "   begin\n      null;\n   end Walk;\n"
      + "   function Old_Name return Integer renames New_Name;\n" + repeat("   W%d : Integer := %<d;\n") + "end Walker;\n");
    files.put("a.sh", "#!/bin/sh\n\nsetup() {\n" + repeat("  v%d=%<d\n") + "}\n\nfunction cleanup {\n" + repeat("  w%d=%<d\n")
      + "}\n\nfunction both() (\n" + repeat("  x%d=%<d\n") + ")\n\nfunction bare\n" + repeat("  y%d=%<d\n"));
    files.put("a.bib", "@article{knuth74,\n" + repeat("  field%d = {%<d},\n") + "}\n\n@Book{ lamport, title={x},\n"
      + repeat("  other%d = {%<d},\n") + "}\n");
    files.put("a.cs", "namespace Demo.Walk\n{\n  public sealed class Walker<T>\n  {\n" + repeat("    int f%d = %<d;\n")
      + "    public async Task<int> WalkAsync(int depth)\n    {\n" + repeat("      var v%d = %<d;\n") + "      return 0;\n    }\n"
      + "    public int Depth\n    {\n" + repeat("      get { return %d; }\n") + "    }\n  }\n}\n");
    files.put("a.dts", "/dts-v1/;\n/ {\n" + repeat("\tprop%d = <%<d>;\n") + "\t&uart0 {\n" + repeat("\t\tstatus%d = \"okay\";\n")
      + "\t};\n\tcpus {\n" + repeat("\t\tc%d = <%<d>;\n") + "\t};\n};\n");
    files.put("a.ex", "defmodule Walker do\n" + repeat("  @attr%d %<d\n") + "  def walk(depth) do\n" + repeat("    x%d = %<d\n")
      + "  end\n\n  defp helper(x) do\n" + repeat("    y%d = %<d\n") + "  end\n\n  test \"walks\" do\n" + repeat("    z%d = %<d\n")
      + "  end\nend\n");
    files.put("a.f90", "program main\n" + repeat("  integer :: v%d = %<d\n") + "contains\n  recursive integer function walk(depth)\n"
      + repeat("    w%d = %<d\n") + "  end function walk\n  ! subroutine commented\n" + repeat("  x%d = %<d\n") + "end program main\n");
    files.put("a.fountain", "Title: Walk\n\nINT. KITCHEN - DAY\n\n" + repeat("Line %d of action.\n") + "\nEXT. GARDEN - NIGHT\n\n"
      + repeat("Beat %d.\n") + "\n.FORCED HEADING\n\n" + repeat("End %d.\n"));
    files.put("a.m", "classdef Walker\n" + repeat("  %% note %d\n") + "  function r = walk(depth)\n" + repeat("    v%d = %<d;\n")
      + "  end\n%% Section two\n" + repeat("w%d = %<d;\n") + "## Octave section\n" + repeat("x%d = %<d;\n"));
    files.put("a.mm", "@implementation Walker\n" + repeat("// note %d\n") + "- (int)walk:(int)depth {\n" + repeat("  int v%d = %<d;\n")
      + "  return 0;\n}\n\nstatic int helper(int x) {\n" + repeat("  int w%d = %<d;\n") + "  if (x) {\n" + repeat("    x%d = %<d;\n")
      + "  }\n  return x;\n}\n@end\n");
    files.put("a.pas", "unit Walker;\n\ninterface\n\ntype\n  TWalker = class(TObject)\n" + repeat("    F%d: Integer;\n")
      + "  end;\n\nimplementation\n\nprocedure TWalker.Walk(Depth: Integer);\nbegin\n" + repeat("  V%d := %<d;\n")
      + "end;\n\nfunction Helper: Integer;\nbegin\n" + repeat("  W%d := %<d;\n") + "end;\n\nend.\n");
    files.forEach(repo::write);
    String base = repo.commit("base");
    files.forEach((name, text) -> repo.write(name, text.replaceAll("(?<![0-9])7(?![0-9])", "77")));
    String head = repo.commit("edits inside every block");
    String expected = git(repo, base, head);
    assertThat(expected).contains("@@ procedure Walk (Depth : Integer) is", "@@ setup()", "@@ function cleanup {",
      "@@ @article{knuth74", "@@ public async Task<int> WalkAsync(int depth)", "@@ &uart0 {", "@@ def walk(depth) do",
      "@@ recursive integer function walk(depth)", "@@ INT. KITCHEN - DAY", "@@ function r = walk(depth)", "@@ - (int)walk:(int)depth {",
      "@@ procedure TWalker.Walk(Depth: Integer);");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  /** Eight lines from a format with the line number as its argument. */
  private static String repeat(String format) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      out.append(String.format(format, i));
    }
    return out.toString();
  }

  @Test
  void emptyFilesUnderBinaryAttributesShowTheHeaderAloneLikeGit() {
    TestRepo repo = new TestRepo(tmp);
    repo.write(".gitattributes", "*.dat binary\n*.cfg -diff\n");
    repo.write("gone.dat", "");
    repo.write("was-empty.dat", "");
    String base = repo.commit("base");
    repo.write("new.dat", "");
    repo.write("new.cfg", "");
    repo.write("filled.dat", "now with bytes\n");
    repo.write("was-empty.dat", "grown\n");
    repo.git("rm", "-q", "gone.dat");
    String head = repo.commit("empty binaries");
    String expected = git(repo, base, head);
    assertThat(expected).contains("diff --git a/new.dat b/new.dat\nnew file mode 100644\nindex 0000000..e69de29\ndiff")
      .contains("Binary files /dev/null and b/filled.dat differ").contains("Binary files a/was-empty.dat and b/was-empty.dat differ");
    assertThat(ours(repo, base, head)).isEqualTo(expected);
  }

  /** git_changed_files' counts, binary flags and rename paths against {@code git diff --numstat -M}. */
  private void assertNumstatLikeGit(TestRepo repo, String base, String head) {
    GitReader reader = repo.reader();
    io.vertx.core.json.JsonObject changed = GitJson.changedFiles(reader.changedFiles(reader.pair(new DiffTarget(base, head, null, null)),
      new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of()), Cancellation.NONE));
    StringBuilder ours = new StringBuilder();
    for (Object item : changed.getJsonArray("files")) {
      io.vertx.core.json.JsonObject file = (io.vertx.core.json.JsonObject) item;
      boolean binary = file.getBoolean("binary");
      ours.append(binary ? "-" : file.getInteger("additions")).append('\t').append(binary ? "-" : file.getInteger("deletions"))
        .append('\t').append(file.containsKey("old_path") ? file.getString("old_path") + "\0" : "")
        .append(file.getString("path")).append('\n');
    }
    String git = new String(repo.gitBytes("diff", "--numstat", "-M", "-z", base, head), StandardCharsets.UTF_8)
      .replace("\t\0", "\t").replaceAll("\0(?=[-0-9])", "\n");
    git = git.endsWith("\0") ? git.substring(0, git.length() - 1) + "\n" : git;
    assertThat(ours.toString()).isEqualTo(git);
  }

  @Test
  void emptyFilesSpacesQuotingModesSymlinksAndNewlines() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    repo.write("with space.txt", "a\n");
    repo.write("tést/ünïcode.txt", "b\n");
    repo.write("script.sh", "echo hi\n");
    repo.write("crlf.txt", "one\r\ntwo\r\n");
    repo.write("eol.txt", "no newline");
    repo.write("becomes-link", "regular file\n");
    repo.write("gone-empty", "");
    String base = repo.commit("base");
    repo.write("with space.txt", "A\n");
    repo.write("tést/ünïcode.txt", "B\n");
    repo.write("new empty.txt", "");
    repo.write("tab\there.txt", "tab\n");
    repo.write("Assembly (x86_64) \"q\" back\\slash.txt", "punctuation\n");
    Files.setPosixFilePermissions(repo.dir().resolve("script.sh"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    repo.write("crlf.txt", "one\r\nTWO\r\n");
    repo.write("eol.txt", "no newline, still");
    Files.delete(repo.dir().resolve("becomes-link"));
    Files.createSymbolicLink(repo.dir().resolve("becomes-link"), Path.of("script.sh"));
    Files.createSymbolicLink(repo.dir().resolve("link"), Path.of("../outside"));
    String head = repo.commit("everything else");
    String expected = git(repo, base, head);
    assertThat(ours(repo, base, head)).isEqualTo(expected);
    assertThat(expected).contains("--- a/with space.txt\t").contains("new file mode 100644\nindex 0000000..e69de29\n")
      .contains("old mode 100644\nnew mode 100755");
    // a submodule (gitlink) added, then moved to another commit while an empty file is deleted
    repo.git("update-index", "--add", "--cacheinfo", "160000," + base + ",vendor/sub");
    repo.git("commit", "-q", "-m", "submodule");
    String withSub = repo.git("rev-parse", "HEAD").trim();
    assertThat(git(repo, head, withSub)).contains("+Subproject commit " + base);
    assertSameAsGit(repo, head, withSub);
    repo.git("update-index", "--cacheinfo", "160000," + head + ",vendor/sub");
    repo.git("rm", "-q", "--cached", "gone-empty");
    repo.git("commit", "-q", "-m", "delete the empty file");
    String last = repo.git("rev-parse", "HEAD").trim();
    assertThat(git(repo, withSub, last)).contains("deleted file mode 100644\nindex e69de29..0000000\n");
    assertSameAsGit(repo, withSub, last);
  }

  @Test
  void aSideWithNoLinesMakesOneWholeHunkLikeGit() {
    // Emptied and filled files (one side has no lines: the writer takes the whole other side as the change without
    // diffing), with and without a last newline, one line and many, blank lines only; then the same as files added
    // and deleted.
    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      many.append(i % 7 == 0 ? "\n" : "line " + i + "\n");
    }
    List<String> texts = List.of("a\n", "no newline", "\n\n\n", many.toString(), many + "tail without newline", "x");
    List<String[]> versions = new java.util.ArrayList<>();
    for (String text : texts) {
      versions.add(new String[] {"", text});
      versions.add(new String[] {text, ""});
    }
    TestRepo repo = new TestRepo(tmp);
    String[] commits = repo.commitEachWay(versions, "txt");
    for (int i = 0; i < texts.size(); i++) {
      repo.write("added-" + i + ".txt", texts.get(i));
    }
    String added = repo.commit("added");
    for (int i = 0; i < texts.size(); i++) {
      repo.delete("added-" + i + ".txt");
    }
    String deleted = repo.commit("deleted");
    for (DiffAlgorithm.SupportedAlgorithm algorithm : List.of(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM,
      DiffAlgorithm.SupportedAlgorithm.MYERS)) {
      String option = algorithm == DiffAlgorithm.SupportedAlgorithm.HISTOGRAM ? "--histogram" : "--diff-algorithm=myers";
      repo.assertDiffedAsGit(commits[0], commits[1], versions.size(), algorithm, option);
      repo.assertDiffedAsGit(commits[1], added, texts.size(), algorithm, option);
      repo.assertDiffedAsGit(added, deleted, texts.size(), algorithm, option);
    }
  }

  @Test
  void rootCommitIsDiffedAgainstTheEmptyTree() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "hello\n").write("dir/b.txt", "world\n");
    String root = repo.commit("root");
    GitReader reader = repo.reader();
    GitReader.Pair pair = reader.pair(new DiffTarget(null, null, root, null));
    String ours = new String(reader.diff(pair, new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3,
      List.of()), Cancellation.NONE).bytes(), StandardCharsets.ISO_8859_1);
    assertThat(ours).isEqualTo(git(repo, "4b825dc642cb6eb9a060e54bf8d69288fbee4904", root));
  }

  @Test
  void contextLinesAreRecomputed() {
    TestRepo repo = new TestRepo(tmp);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      text.append("line ").append(i).append('\n');
    }
    repo.write("a.txt", text.toString());
    String base = repo.commit("base");
    repo.write("a.txt", text.toString().replace("line 10\n", "LINE 10\n").replace("line 25\n", "LINE 25\n"));
    String head = repo.commit("head");
    GitReader reader = repo.reader();
    for (int context : new int[] {0, 1, 10}) {
      String ours = new String(reader.diff(reader.pair(new DiffTarget(base, head, null, null)),
        new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, context, List.of()), Cancellation.NONE).bytes(),
        StandardCharsets.ISO_8859_1);
      assertThat(ours).isEqualTo(new String(repo.gitBytes("diff", "--histogram", "-U" + context, base, head),
        StandardCharsets.ISO_8859_1));
    }
  }
}
