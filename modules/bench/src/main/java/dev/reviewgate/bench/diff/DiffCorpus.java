package dev.reviewgate.bench.diff;

import dev.reviewgate.core.testing.TempGitRepo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Real diffs for the benchmarks, written by the {@code git} command line: a generated repository of code-like
 * files gets many scattered edits (replaced, inserted and deleted lines, a few renames and deletions), and
 * {@code git diff -M} of that commit is the corpus. Seeded, so every run measures the same bytes; cached in the
 * temporary folder so that JMH forks do not regenerate it.
 */
public final class DiffCorpus {

  private static final String[] STATEMENTS = {
    "if (count > limit) {", "return result;", "}", "for (int i = 0; i < items.size(); i++) {",
    "final String name = request.getParameter(\"name\");", "log.debug(\"processing {} of {}\", index, total);",
    "throw new IllegalArgumentException(\"value must be positive: \" + value);", "// keep the order stable",
    "Map<String, List<Integer>> groups = new HashMap<>();", "buffer.append(separator).append(value);",
    "} else {", "try (InputStream in = Files.newInputStream(path)) {", "catch (IOException e) {",
    "public void update(Context context, long timestamp) {", "@Override", "private static final int SIZE = 64;",
    "assertThat(response.status()).isEqualTo(200);", "const total = values.reduce((a, b) => a + b, 0);",
    "def handle(self, event, *args, **kwargs):", "    return self._cache.get(key, default)", ""};

  private DiffCorpus() {
  }

  /** The diff of {@code files} files of {@code lines} lines each with {@code edits} edits per file. */
  public static byte[] diff(int files, int lines, int edits, long seed) {
    Path cache = Path.of(System.getProperty("java.io.tmpdir"),
      "reviewgate-bench-diff-" + files + "-" + lines + "-" + edits + "-" + seed + ".diff");
    try {
      if (Files.exists(cache)) {
        return Files.readAllBytes(cache);
      }
      Path repo = Files.createTempDirectory("reviewgate-bench-repo");
      try {
        byte[] diff = generate(repo, files, lines, edits, seed);
        Path partial = Files.createTempFile(cache.getParent(), "reviewgate-bench", ".part");
        Files.write(partial, diff);
        Files.move(partial, cache, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return diff;
      } finally {
        deleteTree(repo);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] generate(Path repo, int files, int lines, int edits, long seed) throws IOException {
    Random random = new Random(seed);
    git(repo, "init", "-q", "-b", "main");
    List<List<String>> contents = new ArrayList<>(files);
    for (int f = 0; f < files; f++) {
      List<String> text = new ArrayList<>(lines);
      for (int l = 0; l < lines; l++) {
        text.add(line(random));
      }
      contents.add(text);
      write(repo, path(f), text);
    }
    commit(repo, "base");
    for (int f = 0; f < files; f++) {
      List<String> text = contents.get(f);
      if (f % 97 == 13) {
        Files.delete(repo.resolve(path(f)));
        continue;
      }
      for (int e = 0; e < edits; e++) {
        int at = random.nextInt(text.size());
        switch (random.nextInt(3)) {
          case 0 -> text.set(at, line(random));
          case 1 -> text.add(at, line(random));
          default -> text.remove(at);
        }
      }
      String target = f % 89 == 7 ? path(f).replace(".java", "_renamed.java") : path(f);
      if (!target.equals(path(f))) {
        Files.delete(repo.resolve(path(f)));
      }
      write(repo, target, text);
    }
    commit(repo, "edits");
    return git(repo, "diff", "-M", "HEAD~1", "HEAD");
  }

  private static String path(int f) {
    return "src/module" + (f % 40) + "/pkg" + (f % 7) + "/File" + f + ".java";
  }

  private static String line(Random random) {
    return "    ".repeat(random.nextInt(4)) + STATEMENTS[random.nextInt(STATEMENTS.length)];
  }

  private static void write(Path repo, String path, List<String> lines) throws IOException {
    Path file = repo.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", lines) + "\n");
  }

  private static void commit(Path repo, String message) {
    git(repo, "add", "-A");
    git(repo, "-c", "user.name=bench", "-c", "user.email=bench@reviewgate.dev", "commit", "-q", "-m", message);
  }

  private static byte[] git(Path repo, String... args) {
    List<String> command = new ArrayList<>(List.of("-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", "-c", "gc.auto=0",
      "-c", "maintenance.auto=false"));
    command.addAll(List.of(args));
    return TempGitRepo.at(repo).gitBytes(command.toArray(String[]::new));
  }


  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Prints the corpus sizes: {@code java -cp benchmarks.jar dev.reviewgate.bench.diff.DiffCorpus}. */
  public static void main(String[] args) {
    byte[] big = diff(DiffParseBenchmark.FILES, DiffParseBenchmark.LINES, DiffParseBenchmark.EDITS, DiffParseBenchmark.SEED);
    byte[] wide = diff(DiffShapeBenchmark.FILES, DiffShapeBenchmark.LINES, DiffShapeBenchmark.EDITS, DiffShapeBenchmark.SEED);
    System.out.println("parse corpus: " + big.length + " bytes; shape corpus: " + wide.length + " bytes");
    System.out.println(new String(big, 0, 600, StandardCharsets.UTF_8));
  }
}
