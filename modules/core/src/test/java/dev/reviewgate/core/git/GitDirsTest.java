package dev.reviewgate.core.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitDirsTest {

  @TempDir
  Path temp;

  private void git(Path dir, String... args) throws Exception {
    String[] command = new String[args.length + 5];
    command[0] = "git";
    command[1] = "-c";
    command[2] = "user.name=t";
    command[3] = "-c";
    command[4] = "user.email=t@example.invalid";
    System.arraycopy(args, 0, command, 5, args.length);
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    assertThat(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0).as(String.join(" ", args)).isTrue();
  }

  @Test
  void aRepositoryAndEachOfItsLinkedWorktreesShareOneGitDirectory() throws Exception {
    Path main = Files.createDirectories(temp.resolve("main"));
    git(main, "init", "-q");
    Files.writeString(main.resolve("a.txt"), "a\n");
    git(main, "add", "a.txt");
    git(main, "commit", "-q", "-m", "one");
    git(main, "worktree", "add", "-q", temp.resolve("linked").toString());
    Path sub = Files.createDirectories(temp.resolve("linked").resolve("deep").resolve("er"));

    Path common = main.resolve(".git").toRealPath();
    assertThat(GitDirs.common(main).map(this::real)).contains(common);
    assertThat(GitDirs.common(sub).map(this::real)).contains(common);
    assertThat(GitDirs.common(Files.createDirectories(temp.resolve("outside")))).isEmpty();
  }

  @Test
  void aDotGitFileThatNamesNoGitDirectoryIsAnErrorNotAGuess() throws Exception {
    Path broken = Files.createDirectories(temp.resolve("broken"));
    Files.writeString(broken.resolve(".git"), "not a pointer\n");
    assertThatThrownBy(() -> GitDirs.common(broken)).isInstanceOf(IOException.class).hasMessageContaining("gitdir:");
  }

  private Path real(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
