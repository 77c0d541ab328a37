package dev.reviewgate.core.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The git directory shared by every worktree of the repository around a directory, found without a git library: the
 * nearest {@code .git} folder, or for a linked worktree the folder its {@code .git} file names and that folder's
 * {@code commondir}. Where the reviews live and where the {@code origin} remote is configured both hang off it.
 */
public final class GitDirs {

  private GitDirs() {
  }

  /**
   * The common git directory of the repository containing {@code directory}; empty outside any repository.
   *
   * @throws IOException when a worktree's {@code .git} file or {@code commondir} cannot be read
   */
  public static Optional<Path> common(Path directory) throws IOException {
    for (Path dir = directory.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      Path dotGit = dir.resolve(".git");
      if (Files.isDirectory(dotGit)) {
        return Optional.of(dotGit);
      }
      if (Files.isRegularFile(dotGit)) {
        String text = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
        if (!text.startsWith("gitdir:")) {
          throw new IOException(dotGit + " names no git directory (it has no 'gitdir:' line)");
        }
        Path gitDir = dir.resolve(text.substring("gitdir:".length()).strip()).normalize();
        Path common = gitDir.resolve("commondir");
        return Optional.of(Files.isRegularFile(common)
          ? gitDir.resolve(Files.readString(common, StandardCharsets.UTF_8).strip()).normalize() : gitDir);
      }
    }
    return Optional.empty();
  }
}
