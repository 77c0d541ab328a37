package dev.reviewgate.bench.git;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.Cancellation;
import dev.reviewgate.git.DiffTarget;
import dev.reviewgate.git.GitOptions;
import dev.reviewgate.git.GitReader;
import dev.reviewgate.git.RepoRegistry;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * The range mode of the {@link Fidelity} harness: for each {@code A..B}, reviewgate's diff of the two revisions
 * against {@code git diff --histogram -M A B} (the attributes of B placed in git's work tree), byte for byte, then
 * file by file so a mismatch names its files.
 */
final class FidelityRanges {

  private FidelityRanges() {
  }

  static void run(Path repoPath, List<String> ranges) throws Exception {
    GitOptions options = GitOptions.from(ReviewgateConfig.defaults().section("git"));
    try (RepoRegistry registry = RepoRegistry.create(new JsonObject().put("subject", repoPath.toString()), null, options)) {
      GitReader reader = registry.reader("subject");
      GitCli git = new GitCli(reader.repository().getDirectory().toPath());
      System.out.printf("repository: %s%n", repoPath);
      int identical = 0;
      for (String range : ranges) {
        String[] ends = range.split("\\.\\.", 2);
        if (ends.length != 2 || ends[0].isEmpty() || ends[1].isEmpty()) {
          throw new IllegalArgumentException("a range is A..B, got " + range);
        }
        try (RevWalk walk = new RevWalk(reader.repository())) {
          Fidelity.attributes(reader, walk.parseCommit(reader.repository().resolve(ends[1])), git.workTree());
        }
        GitReader.Pair pair = reader.pair(new DiffTarget(ends[0], ends[1], null, null));
        byte[] ours = reader.diff(pair, new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM,
          options.defaultContextLines(), List.of()), Cancellation.NONE).bytes();
        byte[] theirs = git.output(null, "diff", "--histogram", "-M", "--no-color", "--no-ext-diff", ends[0], ends[1]);
        boolean same = Arrays.equals(ours, theirs);
        identical += same ? 1 : 0;
        Map<String, String> oursByFile = byFile(ours);
        Map<String, String> theirsByFile = byFile(theirs);
        List<String> differing = new ArrayList<>();
        for (Map.Entry<String, String> file : theirsByFile.entrySet()) {
          if (!Objects.equals(file.getValue(), oursByFile.get(file.getKey()))) {
            differing.add(file.getKey());
          }
        }
        oursByFile.keySet().stream().filter(k -> !theirsByFile.containsKey(k)).forEach(differing::add);
        System.out.printf("%s: %s (%,d bytes from git, %,d from reviewgate; %d files, %d differ)%n", range,
          same ? "byte-identical" : "DIFFERENT", theirs.length, ours.length, theirsByFile.size(), differing.size());
        differing.stream().limit(20).forEach(f -> System.out.println("  differs: " + f));
      }
      System.out.printf("ranges byte-identical to git diff --histogram: %d/%d%n", identical, ranges.size());
    }
  }

  /** Splits a patch at its {@code diff --git} lines, keyed by that line. */
  static Map<String, String> byFile(byte[] patch) {
    String text = new String(patch, StandardCharsets.ISO_8859_1);
    Map<String, String> files = new LinkedHashMap<>();
    int start = text.startsWith("diff --git ") ? 0 : afterNewline(text.indexOf("\ndiff --git "));
    while (start >= 0) {
      int next = text.indexOf("\ndiff --git ", start);
      String section = text.substring(start, next < 0 ? text.length() : next + 1);
      files.put(section.substring(0, section.indexOf('\n')), section);
      start = afterNewline(next);
    }
    return files;
  }

  private static int afterNewline(int newline) {
    return newline < 0 ? -1 : newline + 1;
  }
}
