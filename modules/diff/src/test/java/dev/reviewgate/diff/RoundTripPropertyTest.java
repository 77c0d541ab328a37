package dev.reviewgate.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: for random edits of a repository, whatever {@code git diff} writes (random context, renames, binary,
 * reversed) parses, renders back byte for byte, and agrees with {@code git diff --numstat} on the counts.
 * Seeded and bounded: the same 40 rounds every run.
 */
class RoundTripPropertyTest {

  private static final long SEED = 20261122L;
  private static final int ROUNDS = 40;
  private static final String[] WORDS = {"alpha", "beta", "--- a/x", "+++ b/y", "diff --git a/z b/z", "@@ -1 +1 @@",
    "\tindented", "", " ", "-- ", "\\ backslash", "caf\u00e9", "TODO: x", "}", "return null;"};

  @TempDir
  Path dir;

  @Test
  void randomEditsRoundTripThroughGit() {
    Random random = new Random(SEED);
    TempGitRepo repo = new TempGitRepo(dir);
    DiffEngine engine = Fixtures.engine();
    List<String> paths = new ArrayList<>(List.of("a.txt", "src/a.txt", "src/b/a.txt", "dir with space/x.txt",
      "crlf.txt", "bin.dat", "t\u00e9st.txt"));
    for (String p : paths) {
      write(repo, p, randomContent(random, p));
    }
    repo.commit("base");
    for (int round = 0; round < ROUNDS; round++) {
      int edits = 1 + random.nextInt(4);
      for (int e = 0; e < edits; e++) {
        String path = paths.get(random.nextInt(paths.size()));
        switch (random.nextInt(6)) {
          case 0 -> {
            if (Files.exists(repo.dir().resolve(path))) {
              repo.delete(path);
            }
          }
          case 1 -> {
            String renamed = "moved" + round + "_" + e + ".txt";
            if (Files.exists(repo.dir().resolve(path)) && !path.equals("bin.dat")) {
              repo.gitBytes("mv", path, renamed);
              paths.set(paths.indexOf(path), renamed);
              write(repo, renamed, edit(random, read(repo, renamed)));
            }
          }
          default -> write(repo, path, Files.exists(repo.dir().resolve(path))
            ? edit(random, read(repo, path)) : randomContent(random, path));
        }
      }
      repo.commit("round " + round);
      String context = "-U" + random.nextInt(6);
      String[] command = switch (random.nextInt(4)) {
        case 0 -> new String[] {"diff", context, "HEAD~1", "HEAD"};
        case 1 -> new String[] {"diff", context, "-M", "--binary", "HEAD~1", "HEAD"};
        case 2 -> new String[] {"diff", context, "-R", "-M", "HEAD~1", "HEAD"};
        default -> new String[] {"diff", context, "--no-renames", "HEAD~1", "HEAD"};
      };
      byte[] text = repo.gitBytes(command);
      Diff diff = engine.parse(text);
      assertThat(engine.render(diff)).as("round %d: %s", round, String.join(" ", command)).isEqualTo(text);
      checkCounts(diff);
      String[] numstat = command.clone();
      numstat[1] = "--numstat";
      int[] expected = numstat(repo.gitBytes(numstat));
      assertThat(new int[] {diff.additions(), diff.deletions()}).as("round %d", round).isEqualTo(expected);
    }
  }

  /** Each hunk holds exactly the lines its header counts. */
  private static void checkCounts(Diff diff) {
    for (FileDiff f : diff.files()) {
      for (Hunk h : f.hunks()) {
        int oldLines = 0;
        int newLines = 0;
        for (int i = 0; i < h.lineCount(); i++) {
          LineKind k = h.kind(i);
          oldLines += k == LineKind.CONTEXT || k == LineKind.DELETED ? 1 : 0;
          newLines += k == LineKind.CONTEXT || k == LineKind.ADDED ? 1 : 0;
        }
        assertThat(oldLines).isEqualTo(h.oldCount());
        assertThat(newLines).isEqualTo(h.newCount());
      }
    }
  }

  private static int[] numstat(byte[] output) {
    int adds = 0;
    int dels = 0;
    for (String line : new String(output, StandardCharsets.UTF_8).split("\n")) {
      String[] parts = line.split("\t");
      if (parts.length >= 3 && !parts[0].equals("-")) {
        adds += Integer.parseInt(parts[0]);
        dels += Integer.parseInt(parts[1]);
      }
    }
    return new int[] {adds, dels};
  }

  private static List<String> randomContent(Random random, String path) {
    List<String> lines = new ArrayList<>();
    int n = random.nextInt(30);
    for (int i = 0; i < n; i++) {
      lines.add(randomLine(random, path));
    }
    return lines;
  }

  private static String randomLine(Random random, String path) {
    String word = WORDS[random.nextInt(WORDS.length)] + (random.nextInt(3) == 0 ? " " + random.nextInt(100) : "");
    return path.equals("crlf.txt") ? word + "\r" : word;
  }

  private static List<String> edit(Random random, List<String> lines) {
    List<String> out = new ArrayList<>(lines);
    int edits = 1 + random.nextInt(5);
    for (int i = 0; i < edits; i++) {
      int at = out.isEmpty() ? 0 : random.nextInt(out.size() + 1);
      switch (random.nextInt(3)) {
        case 0 -> out.add(at, randomLine(random, ""));
        case 1 -> {
          if (at < out.size()) {
            out.remove(at);
          }
        }
        default -> {
          if (at < out.size()) {
            out.set(at, randomLine(random, ""));
          }
        }
      }
    }
    return out;
  }

  private static void write(TempGitRepo repo, String path, List<String> lines) {
    if (path.equals("bin.dat")) {
      byte[] bytes = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
      byte[] binary = new byte[bytes.length + 2];
      System.arraycopy(bytes, 0, binary, 1, bytes.length);
      repo.write(path, binary);
      return;
    }
    String text = String.join("\n", lines);
    boolean finalNewline = lines.isEmpty() || lines.hashCode() % 5 != 0;
    repo.write(path, finalNewline && !lines.isEmpty() ? text + "\n" : text);
  }

  private static List<String> read(TempGitRepo repo, String path) {
    try {
      String text = Files.readString(repo.dir().resolve(path), StandardCharsets.ISO_8859_1);
      text = new String(text.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
      List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
      if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
        lines.remove(lines.size() - 1);
      }
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
