package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Known attacks on git tool servers: argument injection through a ref ({@code --output=FILE}), path traversal,
 * absolute paths, NUL bytes, symlinks that point outside the repository, unknown repositories. Each is refused
 * and nothing outside the repository is read or written.
 */
class AttackTest {

  @TempDir
  Path tmp;

  private static void refused(Runnable call, int code) {
    assertThatThrownBy(call::run).isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(code));
  }

  @Test
  void hostileRevisionsPathsAndSymlinksAreRefused() throws Exception {
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Path secret = Files.writeString(outside.resolve("secret.txt"), "TOP SECRET\n");
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "hello\n");
    Files.createSymbolicLink(repo.dir().resolve("escape"), secret);
    Files.createSymbolicLink(repo.dir().resolve("up"), Path.of("../outside"));
    String sha = repo.commit("base");
    GitReader reader = repo.reader();
    Path written = outside.resolve("pwned");

    for (String ref : List.of("--output=" + written, "-p", "--upload-pack=touch " + written, "HEAD\u0000--output=x",
      "HEAD:../outside/secret.txt", "HEAD@{1}", "a..b", "HEAD ; rm -rf /", "x".repeat(5000))) {
      refused(() -> reader.resolve(ref), Failure.INVALID_ARGUMENTS);
      refused(() -> reader.showFile(ref, "a.txt", null, null), Failure.INVALID_ARGUMENTS);
      refused(() -> reader.pair(new DiffTarget(ref, sha, null, null)), Failure.INVALID_ARGUMENTS);
      refused(() -> reader.grep(ref, "x", true, false, List.of(), null, Cancellation.NONE), Failure.INVALID_ARGUMENTS);
      // a..b is a well-formed range for git_log; its sides simply do not exist
      refused(() -> reader.log(ref, List.of(), null, null, Cancellation.NONE),
        ref.equals("a..b") ? Failure.NOT_FOUND : Failure.INVALID_ARGUMENTS);
    }
    refused(() -> reader.pair(new DiffTarget(null, null, null, "--output=" + written + "..." + sha)), Failure.INVALID_ARGUMENTS);

    for (String path : List.of("../outside/secret.txt", "/etc/passwd", secret.toString(), "a/../../x", "./a.txt", "a//b",
      "a\u0000b", ".git/config", "C:\\windows", "up/secret.txt")) {
      assertThatThrownBy(() -> reader.showFile(sha, path, null, null)).isInstanceOf(ToolException.class)
        .satisfies(e -> assertThat(((ToolException) e).code()).isIn(Failure.INVALID_ARGUMENTS, Failure.NOT_FOUND))
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("TOP SECRET"));
      try {
        // a well-formed path that leads nowhere simply has no matches
        assertThat(GitJson.grep(reader.grep(sha, "SECRET", true, false, List.of(path), null, Cancellation.NONE))
          .getJsonArray("matches")).isEmpty();
        assertThat(path).isEqualTo("up/secret.txt");
      } catch (ToolException e) {
        assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
      }
    }
    // a symlink is shown as its target text, never followed
    JsonObject link = GitJson.fileContent(reader.showFile(sha, "escape", null, null));
    assertThat(link.getBoolean("symlink")).isTrue();
    assertThat(link.getString("content")).isEqualTo(secret.toString()).doesNotContain("TOP SECRET");
    refused(() -> reader.showFile(sha, "up/secret.txt", null, null), Failure.NOT_FOUND);
    // grep over everything never reaches through links
    JsonObject grep = GitJson.grep(reader.grep(sha, "TOP SECRET", true, false, List.of(), null, Cancellation.NONE));
    assertThat(grep.getJsonArray("matches")).isEmpty();
    // diffs carry the link text only
    String diff = new String(reader.diff(reader.pair(new DiffTarget(null, null, sha, null)),
      new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of()), Cancellation.NONE).bytes());
    assertThat(diff).contains("+" + secret).doesNotContain("TOP SECRET");

    // nothing was written outside the repository
    try (Stream<Path> files = Files.list(outside)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("secret.txt");
    }
    assertThat(Files.exists(repo.dir().resolve("--output=" + written))).isFalse();
  }

  @Test
  void onlyAllowListedRepositoriesAreServed() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "x\n").commit("one");
    RepoRegistry registry = RepoRegistry.create(new JsonObject().put("mine", repo.dir().toString()), null, TestRepo.options());
    assertThat(registry.names()).containsExactly("mine");
    assertThatThrownBy(() -> registry.reader("../mine")).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.NOT_ALLOWED);
      assertThat(e.getMessage()).contains("allowed: [mine]");
    });
    assertThatThrownBy(() -> registry.reader("/etc")).isInstanceOf(ToolException.class);
    assertThat(registry.reader(null)).as("the one configured repository is the default").isSameAs(registry.reader("mine"));
    registry.close();
    TestRepo other = new TestRepo(tmp.resolve("other"));
    other.write("b.txt", "y\n").commit("two");
    RepoRegistry two = RepoRegistry.create(new JsonObject().put("mine", repo.dir().toString())
      .put("theirs", other.dir().toString()), null, TestRepo.options());
    assertThatThrownBy(() -> two.reader(null)).as("two configured and no working directory: no guessing")
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage()).contains("no default repository")
        .contains("mine").contains("theirs"));
    two.close();
    RepoRegistry none = RepoRegistry.create(new JsonObject(), null, TestRepo.options());
    assertThatThrownBy(() -> none.reader(null)).as("none at all: say how to name one")
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage()).contains("no repository is served")
        .contains("--repo NAME=PATH").doesNotContain("[]"));
    none.close();
  }

  @Test
  void aConfiguredRepositoryThatCannotBeOpenedStopsTheStartWithAClearMessage() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("a.txt", "x\n").commit("one");
    JsonObject repos = new JsonObject().put("mine", repo.dir().toString()).put("typo", tmp.resolve("no-such-dir").toString());
    assertThatThrownBy(() -> RepoRegistry.create(repos, null, TestRepo.options()))
      .isInstanceOf(IllegalArgumentException.class)
      .hasMessageContaining("repos.typo").hasMessageContaining("no-such-dir").hasMessageContaining("fix the path or remove");
    assertThatThrownBy(() -> RepoRegistry.create(new JsonObject().put("bad name!", repo.dir().toString()), null, TestRepo.options()))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("repos.bad name!");
  }

  @Test
  void theDefaultRepositoryIsFoundUpwardFromTheWorkingDirectoryAndNamedAfterItsFolder() throws Exception {
    TestRepo repo = new TestRepo(tmp);
    repo.write("deep/er/a.txt", "x\n").commit("one");
    RepoRegistry registry = RepoRegistry.create(new JsonObject(), repo.dir().resolve("deep/er"), TestRepo.options());
    assertThat(registry.defaultName()).contains("repo");
    assertThat(registry.reader(null).describe().defaultBranch()).isEqualTo("main");
    registry.close();
  }
}
