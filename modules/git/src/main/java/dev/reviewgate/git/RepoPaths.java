package dev.reviewgate.git;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The cheap half of opening the configured repositories: a path that is plainly no git repository is refused before
 * anything starts (stdio answers its first message before the git backend opens them), with the same words the
 * backend uses when JGit itself cannot open one.
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

  static IllegalArgumentException unopenable(String name, String path, String reason) {
    return new IllegalArgumentException("configuration repos." + name + " (" + path + ") is not a git repository "
      + "that can be opened: " + reason + "; fix the path or remove the entry");
  }
}
