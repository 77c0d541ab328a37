package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kept description of HEAD is what git says after every way git moves HEAD, and is kept only while it holds. */
class HeadSnapshotTest {

  @TempDir
  Path dir;

  private GitReader reader(TempGitRepo repo) {
    return RepoRegistry.create(new JsonObject().put("r", repo.dir().toString()), null, TestRepo.options()).reader("r");
  }

  private static void describesAsGit(GitReader reader, TempGitRepo repo) {
    RepoInfo info = reader.describe();
    assertThat(info.head()).isEqualTo(repo.git("rev-parse", "HEAD").strip());
    String branch = repo.git("rev-parse", "--abbrev-ref", "HEAD").strip(); // "HEAD" when detached
    assertThat(info.defaultBranch()).isEqualTo(branch.equals("HEAD") ? null : branch);
    assertThat(reader.describedNow()).contains(info);
  }

  @Test
  void followsCommitsBranchesPackedRefsAndADetachedHead() {
    TempGitRepo repo = new TempGitRepo(dir.resolve("repo"));
    repo.write("a.txt", "one\n").commit("one");
    GitReader reader = reader(repo);
    describesAsGit(reader, repo);

    repo.write("a.txt", "two\n").commit("two");
    assertThat(reader.describedNow()).isEmpty(); // the branch's ref file was replaced
    describesAsGit(reader, repo);

    repo.branch("topic").checkout("topic");
    assertThat(reader.describedNow()).isEmpty(); // HEAD names another branch
    describesAsGit(reader, repo);

    repo.git("pack-refs", "--all");
    describesAsGit(reader, repo);
    repo.git("update-ref", "refs/heads/topic", "HEAD~1"); // packed only, no loose file before this
    assertThat(reader.describedNow()).isEmpty();
    describesAsGit(reader, repo);

    repo.git("checkout", "-q", "--detach", "main");
    describesAsGit(reader, repo);
    repo.git("checkout", "-q", "--detach", "HEAD~1");
    assertThat(reader.describedNow()).isEmpty();
    describesAsGit(reader, repo);
  }

  @Test
  void aHeadNamingASymbolicRefIsReadEveryTime() {
    TempGitRepo repo = new TempGitRepo(dir.resolve("repo"));
    repo.write("a.txt", "one\n").commit("one");
    repo.git("symbolic-ref", "refs/heads/alias", "refs/heads/main");
    repo.git("symbolic-ref", "HEAD", "refs/heads/alias");
    GitReader reader = reader(repo);
    RepoInfo first = reader.describe();
    assertThat(first.head()).isEqualTo(repo.git("rev-parse", "HEAD").strip());
    assertThat(reader.describedNow()).isEmpty();

    repo.write("a.txt", "two\n").commit("two"); // moves main, which alias names
    assertThat(reader.describe().head()).isEqualTo(repo.git("rev-parse", "HEAD").strip());
  }

  @Test
  void anUnbornBranchIsDescribedAndThenItsFirstCommit() {
    TempGitRepo repo = new TempGitRepo(dir.resolve("repo"));
    GitReader reader = reader(repo);
    assertThat(reader.describe().head()).isNull();
    repo.write("a.txt", "one\n").commit("one");
    assertThat(reader.describedNow()).isEmpty();
    describesAsGit(reader, repo);
  }
}
