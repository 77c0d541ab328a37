package dev.reviewgate.review;

import dev.reviewgate.core.git.GitDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
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
    Optional<Path> git;
    try {
      git = GitDirs.common(options.workingDirectory());
    } catch (IOException e) {
      throw new UncheckedIOException(new IOException("cannot read the git directory around " + options.workingDirectory()
        + ": " + e.getMessage()));
    }
    if (git.isPresent()) {
      return git.get().resolve("reviewgate").resolve("reviews");
    }
    Path fallback = Path.of(System.getProperty("user.home"), ".reviewgate", "reviews");
    if (TOLD.compareAndSet(false, true)) {
      LOG.info("not inside a git repository and review.storageDir is not set: reviews are stored in " + fallback);
    }
    return fallback;
  }
}
