package dev.reviewgate.testkit.repo;

import dev.reviewgate.core.testing.TempGitRepo;
import java.nio.file.Path;

/**
 * A pull request that changes many files alike, for the forge diff benches: {@code files} 62-line Java files in
 * folders of twenty, each changed in three hunks on branch {@code feature}.
 *
 * @param base the fork point (and the target: {@code main} does not move)
 * @param head the feature branch's only commit
 */
public record ManyFiles(TempGitRepo repo, String base, String head) {

  public static ManyFiles build(Path dir, int files) {
    TempGitRepo repo = new TempGitRepo(dir);
    writeAll(repo, files, 0);
    String base = repo.commit("base");
    repo.branch("feature");
    writeAll(repo, files, 1);
    return new ManyFiles(repo, base, repo.commit("change every file"));
  }

  private static void writeAll(TempGitRepo repo, int files, int version) {
    for (int i = 0; i < files; i++) {
      repo.write(String.format("src/m%03d/File%03d.java", i / 20, i), body(i, version));
    }
  }

  /** A 62-line Java file; in version 1 every twentieth line from the eighth differs (three hunks). */
  static String body(int file, int version) {
    StringBuilder text = new StringBuilder("class File" + file + " {\n");
    for (int line = 0; line < 60; line++) {
      boolean changed = version == 1 && line % 20 == 7;
      text.append("  int f").append(line).append("() { return ").append(changed ? line * 2 : line).append("; }\n");
    }
    return text.append("}\n").toString();
  }
}
