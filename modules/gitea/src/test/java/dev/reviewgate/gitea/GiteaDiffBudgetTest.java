package dev.reviewgate.gitea;

import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.DiffPageBudget;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.forge.FakeGitea;
import dev.reviewgate.testkit.repo.ManyFiles;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A Gitea pull request of many changes asked for on one page: the diff, its change list and notes fit the budget. */
@Timeout(180)
class GiteaDiffBudgetTest {

  private static final int FILES = 60;

  @TempDir
  Path dir;

  @Test
  void aPageOfManyChangesFitsItsBudgetAndItsPagesListEveryChangeOnce() throws Exception {
    ManyFiles pr = ManyFiles.build(dir, FILES);
    Vertx vertx = Vertx.vertx();
    FakeGitea gitea = new FakeGitea(vertx, pr.repo(), pr.base(), pr.base(), pr.head());
    try {
      GiteaTestBackend.deploy(vertx, gitea.url(), FakeGitea.TOKEN);
      List<String> paths = IntStream.range(0, FILES).mapToObj(i -> String.format("src/m%03d/File%03d.java", i / 20, i)).toList();
      DiffPageBudget.check(BusCalls.on(vertx).timeoutMs(60_000), "gitea_get_pull_request_diff", new JsonObject()
        .put("owner", FakeGitea.OWNER).put("repo", FakeGitea.REPO).put("pr_number", FakeGitea.NUMBER), paths);
    } finally {
      Stop.all(gitea, vertx);
    }
  }
}
