package dev.reviewgate.git;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * The cheap half of opening the configured repositories: a path that is plainly no git repository is refused before
 * anything starts (stdio answers its first message before the git backend opens them), with the same words the
 * backend uses when JGit itself cannot open one; and a start that would serve no repository at all is told so.
 */
public final class RepoPaths {

  private RepoPaths() {
  }

  /** @param repos name → path, as configured */
  public static void check(Map<String, String> repos) {
    repos.forEach((name, text) -> {
      Path dir = Path.of(text).toAbsolutePath().normalize();
      if (!Files.isDirectory(dir)) {
        throw unopenable(name, text, "no such directory");
      }
      boolean workTree = Files.exists(dir.resolve(".git"));
      boolean bare = Files.isRegularFile(dir.resolve("HEAD")) && Files.isDirectory(dir.resolve("objects"));
      if (!workTree && !bare) {
        throw unopenable(name, text, "it holds neither .git nor a bare repository");
      }
    });
  }

  /**
   * Why a git backend with these repositories, started in {@code workingDirectory}, would serve none (a sentence
   * that names {@code --repo}), or empty when it serves one. The working directory's repository is looked for as
   * the backend looks for it.
   */
  public static Optional<String> noneServed(Map<String, String> repos, Path workingDirectory) {
    if (!repos.isEmpty()
      || new FileRepositoryBuilder().findGitDir(workingDirectory.toAbsolutePath().toFile()).getGitDir() != null) {
      return Optional.empty();
    }
    return Optional.of("serving no repository: " + workingDirectory.toAbsolutePath() + " is not inside a git "
      + "repository and none was named; start reviewgate inside one, or name one with --repo NAME=PATH (in an MCP "
      + "client's configuration: \"args\": [\"stdio\", \"--repo\", \"myproject=/absolute/path\"])");
  }

  static IllegalArgumentException unopenable(String name, String path, String reason) {
    return new IllegalArgumentException("configuration repos." + name + " (" + path + ") is not a git repository "
      + "that can be opened: " + reason + "; fix the path or remove the entry");
  }
}
