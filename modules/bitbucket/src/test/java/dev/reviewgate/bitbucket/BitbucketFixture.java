package dev.reviewgate.bitbucket;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.repo.ShopHistory;
import java.nio.file.Path;

/**
 * A pull request of testkit's shop repository: two pushes that change 130 files of every kind (edits, adds, a delete, a
 * rename with an edit, a binary file, an executable file and a mode change), and a target branch that moved on,
 * changing a file the pull request changes too ({@code big.txt}) and one it does not.
 *
 * @param base   the merge base
 * @param target the target branch's head
 */
record BitbucketFixture(TempGitRepo repo, String base, String first, String head, String target) {

  static final int CHANGED = 130;

  static BitbucketFixture build(Path dir) {
    TempGitRepo repo = new TempGitRepo(dir);
    String base = ShopHistory.base(repo);
    String first = ShopHistory.firstPush(repo);
    ShopHistory.termsAndImage(ShopHistory.libraryEdited(ShopHistory.generated(repo, 40)))
      .write("big.txt", ShopHistory.numbered("big", 400).replace("big line 200\n", "big line two hundred\n"))
      .write("run.sh", "#!/bin/sh\necho run\n");
    ShopHistory.executable(dir.resolve("run.sh"));
    ShopHistory.executable(dir.resolve("tool.sh"));
    String head = repo.commit("second push");
    repo.checkout("main");
    repo.write("big.txt", ShopHistory.numbered("big", 400).replace("big line 1\n", "big line one\n"));
    repo.commit("main changes big.txt");
    String target = ShopHistory.targetMovesOn(repo);
    return new BitbucketFixture(repo, base, first, head, target);
  }
}
