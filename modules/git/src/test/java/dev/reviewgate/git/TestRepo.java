package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.xdiff.Whitespace;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.diff.DiffAlgorithm;

/** The shared temporary repository in {@code <parent>/repo}, plus the git module's options and a reader over it. */
final class TestRepo extends TempGitRepo {

  TestRepo(Path parent) {
    super(parent.resolve("repo"));
  }

  /**
   * The default git settings but for {@code parallelFromFiles}: 24, as the tests of the diff threads were written for
   * (the default, 256, would need ten times their files).
   */
  static GitOptions options() {
    return options(new JsonObject());
  }

  static GitOptions options(JsonObject overrides) {
    return GitOptions.from(ReviewgateConfig.defaults().section("git").copy().put("parallelFromFiles", PARALLEL_FROM)
      .mergeIn(overrides));
  }

  /** Where {@link #options()} starts writing a diff's files in parallel. */
  static final int PARALLEL_FROM = 24;

  /**
   * The git backend of the default configuration serving this repository as {@code demo} (its default, being the only one),
   * with {@code git} settings overridden.
   */
  GitBackendOptions servedAsDemo(JsonObject gitSection) {
    return GitBackendOptions.from(ReviewgateConfig.defaults().merge(new JsonObject()
      .put("repos", new JsonObject().put("demo", dir().toString()))
      .put("git", gitSection)), null);
  }

  GitReader reader() {
    return RepoRegistry.create(new JsonObject().put("t", dir().toString()), null, options()).reader("t");
  }

  /** reviewgate's diff of {@code base..head} (3 lines of context, renames found), as ISO-8859-1 text: byte for byte. */
  String ourDiff(DiffAlgorithm.SupportedAlgorithm algorithm, String base, String head) {
    return ourDiff(algorithm, Whitespace.NONE, base, head);
  }

  /** As {@link #ourDiff(DiffAlgorithm.SupportedAlgorithm, String, String)}, lines compared under {@code whitespace}. */
  String ourDiff(DiffAlgorithm.SupportedAlgorithm algorithm, Whitespace whitespace, String base, String head) {
    GitReader reader = reader();
    GitReader.Pair pair = reader.pair(new DiffTarget(base, head, null, null));
    byte[] bytes = reader.diff(pair, new GitReader.DiffOptions(algorithm, 3, List.of(), false, whitespace),
      Cancellation.NONE).bytes();
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  /** git's diff of the same, {@code algorithm} its option ({@code --histogram}, {@code --diff-algorithm=myers}). */
  String gitDiff(String algorithm, String base, String head) {
    return new String(gitBytes("diff", algorithm, "-M", "--no-color", base, head), StandardCharsets.ISO_8859_1);
  }

  /**
   * Each pair of texts as a file of its own ({@code seed-<i>.<extension>}): the first texts committed, then the second
   * ones; returns the two commits.
   */
  String[] commitEachWay(List<String[]> versions, String extension) {
    for (int i = 0; i < versions.size(); i++) {
      write("seed-" + i + "." + extension, versions.get(i)[0]);
    }
    String base = commit("old versions");
    for (int i = 0; i < versions.size(); i++) {
      write("seed-" + i + "." + extension, versions.get(i)[1]);
    }
    return new String[] {base, commit("new versions")};
  }

  /** That our diff of {@code base..head} is git's file by file, and that it changes {@code files} files. */
  void assertDiffedAsGit(String base, String head, int files, DiffAlgorithm.SupportedAlgorithm algorithm, String gitOption) {
    Map<String, String> expected = byFile(gitDiff(gitOption, base, head));
    Map<String, String> actual = byFile(ourDiff(algorithm, base, head));
    assertThat(expected).as("every seed changed its file").hasSize(files);
    assertThat(actual.keySet()).containsExactlyElementsOf(expected.keySet());
    for (Map.Entry<String, String> file : expected.entrySet()) {
      assertThat(actual.get(file.getKey())).as(file.getKey()).isEqualTo(file.getValue());
    }
  }

  private static Map<String, String> byFile(String patch) {
    Map<String, String> files = new LinkedHashMap<>();
    for (String section : patch.split("(?m)^(?=diff --git )")) {
      if (!section.isEmpty()) {
        files.put(section.substring(0, section.indexOf('\n')), section);
      }
    }
    return files;
  }
}
