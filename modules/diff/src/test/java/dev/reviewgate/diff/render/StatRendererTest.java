package dev.reviewgate.diff.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.diff.model.BinarySizes;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.parse.DiffParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stat of a parsed diff against {@code git diff --stat} where the patch text and git's stat tell apart. */
class StatRendererTest {

  @TempDir
  Path tmp;

  /**
   * git writes a type change (a link turned into a file, a file into a link) as a deletion and a creation of one
   * path, but its stat has one line for it, counting both sides' lines.
   */
  @Test
  void aTypeChangeIsOneLineAsInGitsStat() throws IOException {
    TempGitRepo repo = new TempGitRepo(tmp.resolve("repo"));
    repo.write("target.txt", "one\ntwo\n").write("was-file", "a\nb\nc\n").write("gone.txt", "x\n");
    Files.createSymbolicLink(repo.dir().resolve("was-link"), Path.of("target.txt"));
    String base = repo.commit("base");
    repo.delete("was-link").write("was-link", "now\na\nfile\n").delete("was-file").delete("gone.txt")
      .write("added.txt", "y\n");
    Files.createSymbolicLink(repo.dir().resolve("was-file"), Path.of("target.txt"));
    String head = repo.commit("type changes");
    String git = repo.git("diff", "--stat=80", base, head);
    assertThat(git).containsPattern("(?m)^ was-link +\\| +4 \\+\\+\\+-$").contains("4 files changed");
    Diff diff = new DiffParser(1 << 20).parse(repo.gitBytes("diff", base, head));
    assertThat(diff.files()).hasSize(6);
    assertThat(StatRenderer.render(diff.files(), 80)).isEqualTo(git);
  }

  /**
   * A pure rename shows no content, so only the caller that read the blob knows it is binary: a file its sizes
   * function knows prints {@code Bin}, and its lines count nowhere.
   */
  @Test
  void aFileTheSizesKnowIsBinaryEvenWithoutAMarkInItsText() {
    String patch = """
      diff --git a/img.bin b/pic.bin
      similarity index 100%
      rename from img.bin
      rename to pic.bin
      diff --git a/t.txt b/u.txt
      similarity index 100%
      rename from t.txt
      rename to u.txt
      """;
    Diff diff = new DiffParser(1 << 20).parse(patch.getBytes(StandardCharsets.UTF_8));
    String stat = StatRenderer.render(diff.files(), 80,
      file -> file.path().equals("pic.bin") ? BinarySizes.NONE : null);
    assertThat(stat).isEqualTo("""
       img.bin => pic.bin | Bin
       t.txt => u.txt     |   0
       2 files changed, 0 insertions(+), 0 deletions(-)
      """);
  }
}
