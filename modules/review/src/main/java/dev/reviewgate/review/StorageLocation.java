package dev.reviewgate.review;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * Where reviews live when {@code review.storageDir} is not set: inside the git directory of the repository the
 * process runs in ({@code .git/reviewgate/reviews}), so nothing appears in the working tree. Linked worktrees share
 * their main repository's directory. Outside any repository: {@code ~/.reviewgate/reviews}.
 */
final class StorageLocation {

  private static final Logger LOG = Logger.getLogger(StorageLocation.class.getName());
  /** Reviews and drafts both resolve the place; the person needs to read it once. */
  private static final AtomicBoolean TOLD = new AtomicBoolean();

  private StorageLocation() {
  }

  static Path resolve(ReviewOptions options) {
    if (options.storageDir() != null) {
      return options.storageDir();
    }
    for (Path dir = options.workingDirectory().toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      Path dotGit = dir.resolve(".git");
      if (Files.isDirectory(dotGit)) {
        return dotGit.resolve("reviewgate").resolve("reviews");
      }
      if (Files.isRegularFile(dotGit)) {
        return commonDir(dir, dotGit).resolve("reviewgate").resolve("reviews");
      }
    }
    Path fallback = Path.of(System.getProperty("user.home"), ".reviewgate", "reviews");
    if (TOLD.compareAndSet(false, true)) {
      LOG.info("not inside a git repository and review.storageDir is not set: reviews are stored in " + fallback);
    }
    return fallback;
  }

  /** A {@code .git} file points at the worktree's git dir, whose {@code commondir} names the shared one. */
  private static Path commonDir(Path worktree, Path dotGitFile) {
    try {
      String text = Files.readString(dotGitFile, StandardCharsets.UTF_8).trim();
      Path gitDir = worktree.resolve(text.substring(text.indexOf(':') + 1).trim()).normalize();
      Path common = gitDir.resolve("commondir");
      if (Files.isRegularFile(common)) {
        return gitDir.resolve(Files.readString(common, StandardCharsets.UTF_8).trim()).normalize();
      }
      return gitDir;
    } catch (IOException | RuntimeException e) {
      throw new UncheckedIOException(new IOException("cannot read " + dotGitFile + ": " + e.getMessage()));
    }
  }
}
