package dev.reviewgate.git;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import org.eclipse.jgit.errors.MissingObjectException;

/**
 * Turns an object the repository should have but lacks (a damaged object database, a partial or shallow clone) into
 * an answer the caller can act on, instead of an internal error with nothing to go on.
 */
final class MissingObjects {

  private MissingObjects() {
  }

  /** {@code failure} itself, or a {@link ToolException} naming the missing object when one caused it. */
  static RuntimeException explained(RuntimeException failure, String repo) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof MissingObjectException missing) {
        return new ToolException(Failure.INTERNAL, "repository '" + repo + "' lacks an object this answer needs to read ("
          + missing.getMessage() + "): a damaged object database, or a partial "
          + "or shallow clone; git fsck there names what is missing. git_diff with files_only=true and counts=false, "
          + "or git_changed_files with counts=false, list the changed files without reading their content.");
      }
    }
    return failure;
  }
}
