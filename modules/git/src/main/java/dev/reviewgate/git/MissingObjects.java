package dev.reviewgate.git;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.Repository;

/**
 * Turns an object the repository lacks into an answer the caller can act on, never an internal error: a partial
 * clone ({@code git clone --filter=...}) has not fetched it ({@link Failure#NOT_FETCHED}, with what to run), or the
 * object database is damaged ({@link Failure#NOT_FOUND}, with {@code git fsck}). reviewgate reads what is on disk and
 * never fetches: the tools are hermetic (an answer depends on the repository alone, no network, no credentials), so
 * the missing objects are fetched by whoever owns the clone, with git.
 */
final class MissingObjects {

  private MissingObjects() {
  }

  /** {@code failure} itself, or a {@link ToolException} naming the missing object when one caused it. */
  static RuntimeException explained(RuntimeException failure, String repo, Repository repository) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof MissingObjectException missing) {
        String remote = repository == null ? null : promisorRemote(repository.getConfig());
        if (remote != null) {
          return partialClone(repo, missing, remote, repository.getConfig().getString("remote", remote, "partialclonefilter"));
        }
        return ToolException.notFound("repository '" + repo + "' lacks an object this answer needs to read ("
          + missing.getMessage() + "): its object database is damaged or incomplete; git fsck there names what is "
          + "missing. git_diff with files_only=true and counts=false, or git_changed_files with counts=false, list the "
          + "changed files without reading their content.");
      }
    }
    return failure;
  }

  private static ToolException partialClone(String repo, MissingObjectException missing, String remote, String filter) {
    boolean treesThere = filter == null || filter.startsWith("blob:");
    return new ToolException(Failure.NOT_FETCHED, "repository '" + repo + "' is a partial clone"
      + (filter == null ? "" : " (--filter=" + filter + ")") + " that has not fetched an object this answer reads ("
      + missing.getMessage() + "); reviewgate reads only what is on disk and fetches nothing. Where the clone is, let "
      + "git fetch what the question needs from '" + remote + "' (git asks the remote for what it lacks: e.g. "
      + "git diff BASE HEAD > /dev/null for a diff, git show REV:PATH for a file, git grep PATTERN REV for a search), "
      + "or clone again without --filter."
      + (treesThere ? " git_changed_files with counts=false and git_log read no file content and work as they are." : ""));
  }

  /** The remote a partial clone fetches missing objects from ({@code extensions.partialClone}, or a promisor remote). */
  static String promisorRemote(Config config) {
    String named = config.getString("extensions", null, "partialclone");
    if (named != null && !named.isBlank()) {
      return named;
    }
    for (String remote : config.getSubsections("remote")) {
      if (config.getBoolean("remote", remote, "promisor", false)) {
        return remote;
      }
    }
    return null;
  }
}
