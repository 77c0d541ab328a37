package dev.reviewgate.gitea;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.repo.ShopHistory;
import java.nio.file.Path;

/**
 * A pull request of testkit's shop repository: three pushes that together change 128 files of every kind Gitea's
 * change list tells apart (edits, adds, a delete, a rename with an edit, a binary file) and a new executable and a
 * mode change, which only its trees tell; more than four of the fake's pages; {@code main} moves on after the fork.
 *
 * @param base   the merge base
 * @param target the base branch's head
 */
public record GiteaFixture(TempGitRepo repo, String base, String target, String first, String second, String third) {

  /** Files the three pushes change, against the merge base. */
  public static final int CHANGED = 128;

  public static GiteaFixture build(Path dir) {
    TempGitRepo repo = new TempGitRepo(dir);
    String base = ShopHistory.base(repo);
    String first = ShopHistory.firstPush(repo);
    ShopHistory.libraryEdited(ShopHistory.generated(repo, 40));
    String second = repo.commit("second push");
    ShopHistory.termsAndImage(repo).write("big.txt", ShopHistory.numbered("big", 400).replace("big line 200\n", "big line two hundred\n"))
      .write("bin/run.sh", "#!/bin/sh\necho run\n");
    ShopHistory.executable(dir.resolve("bin/run.sh"));
    ShopHistory.executable(dir.resolve("tool.sh"));
    String third = repo.commit("third push");
    return new GiteaFixture(repo, base, ShopHistory.targetMovesOn(repo), first, second, third);
  }
}
