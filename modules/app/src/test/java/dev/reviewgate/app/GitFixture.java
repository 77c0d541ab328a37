package dev.reviewgate.app;

import dev.reviewgate.core.testing.TempGitRepo;
import java.nio.file.Path;

/** A small real git repository built with the git CLI: two commits, so there is a diff between them. */
final class GitFixture {

  private GitFixture() {
  }

  static Path create(Path directory) {
    TempGitRepo repo = new TempGitRepo(directory);
    repo.write("hello.txt", "hello\nworld\n").commit("first");
    repo.write("hello.txt", "hello\nreviewgate\nworld\n").write("notes.md", "# notes\n").commit("second");
    return directory;
  }

  /** Runs git in {@code directory} (which need not be a repository yet) and returns its standard output. */
  static String git(Path directory, String... arguments) {
    return TempGitRepo.at(directory).git(arguments);
  }
}
