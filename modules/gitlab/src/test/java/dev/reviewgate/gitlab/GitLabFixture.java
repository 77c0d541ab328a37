package dev.reviewgate.gitlab;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.repo.ShopHistory;
import java.nio.file.Path;

/**
 * A merge request of testkit's shop repository: three pushes (versions) that together change 190 files of every
 * kind: edits, adds, a delete, a rename with an edit, a binary file, an executable file and a mode change.
 *
 * @param base   the fork point (every version's base_commit_sha)
 * @param target the target branch's head (start_commit_sha)
 */
public record GitLabFixture(TempGitRepo repo, String base, String target, String first, String second, String third) {

  /** Files the three versions change, against the base. */
  public static final int CHANGED = 190;

  public static GitLabFixture build(Path dir) {
    TempGitRepo repo = new TempGitRepo(dir);
    String base = ShopHistory.base(repo);
    String first = ShopHistory.firstPush(repo);
    ShopHistory.libraryEdited(ShopHistory.generated(repo, 100));
    String second = repo.commit("version 2");
    ShopHistory.termsAndImage(repo)
      .write("big.txt", ShopHistory.numbered("big", 400).replace("big line 200\n", "big line two hundred\n"))
      .write("col.txt", ShopHistory.numbered("col", 50).replace("col line 1\n", "col line one\n"))
      .write("run.sh", "#!/bin/sh\necho run\n")
      .write("src/util.h", "int add(int a, int b);\n");
    ShopHistory.executable(dir.resolve("run.sh"));
    ShopHistory.executable(dir.resolve("tool.sh"));
    String third = repo.commit("version 3");
    return new GitLabFixture(repo, base, ShopHistory.targetMovesOn(repo), first, second, third);
  }
}
