package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepoIdentityTest {

  @TempDir
  Path dir;

  @Test
  void aCloneThatMovedOnIsTheSameRepositoryAnotherHistoryIsNot() {
    TestRepo origin = new TestRepo(dir);
    String root = origin.write("a.txt", "a\n").commit("root");
    RepoIdentity before = RepoIdentity.of(origin.reader().repository());
    origin.write("a.txt", "b\n").commit("later");
    RepoIdentity after = RepoIdentity.of(origin.reader().repository());
    TempGitRepo other = new TempGitRepo(dir.resolve("other"));
    other.write("a.txt", "a\n").commit("another root");
    RepoIdentity another = RepoIdentity.of(new TestRepoOf(other).reader().repository());

    assertThat(before.roots()).containsExactly(root);
    assertThat(after.agreesWith(before)).isTrue();
    assertThat(another.agreesWith(before)).isFalse();
    assertThat(another.describe()).startsWith("root commit ").contains("no origin remote");
  }

  @Test
  void remotesMustAgreeWhenBothAreKnownAndNeverShowACredential() {
    RepoIdentity https = new RepoIdentity(List.of("a".repeat(40)), "https://example.org/team/app");
    RepoIdentity roundTripped = RepoIdentity.fromJson(https.toJson());
    RepoIdentity fork = new RepoIdentity(https.roots(), "https://example.org/someone/app");
    RepoIdentity noRemote = new RepoIdentity(https.roots(), null);
    assertThat(roundTripped).isEqualTo(https);
    assertThat(https.agreesWith(fork)).isFalse();
    assertThat(https.agreesWith(noRemote)).isTrue();

    TestRepo repo = new TestRepo(dir);
    repo.write("a.txt", "a\n").commit("root");
    repo.git("remote", "add", "origin", "https://user:s3cret@example.org/team/app.git/");
    RepoIdentity read = RepoIdentity.of(repo.reader().repository());
    assertThat(read.remote()).isEqualTo("https://example.org/team/app");
    assertThat(read.describe()).doesNotContain("s3cret");
  }

  /** A reader over any temporary repository. */
  private record TestRepoOf(TempGitRepo repo) {
    GitReader reader() {
      return RepoRegistry.create(new io.vertx.core.json.JsonObject().put("t", repo.dir().toString()), null, TestRepo.options()).reader("t");
    }
  }
}
