package dev.reviewgate.gitea;

import dev.reviewgate.forge.diff.ChangedFile;
import dev.reviewgate.forge.json.Fields;

/**
 * One file of a pull request's change list ({@code /pulls/{index}/files}, definition {@code ChangedFile}), in the
 * forge-neutral words of a change set. Gitea names the file ({@code filename}), its {@code status} ({@code added},
 * {@code deleted}, {@code renamed}, {@code copied}, {@code changed}, {@code unchanged}) and a rename's or copy's
 * {@code previous_filename}; it tells no file modes and no blob ids, so each side is the file at its commit (the raw
 * endpoint) and counts as a regular file. The counts are Gitea's, null when not sent.
 */
record PullRequestFile(String path, String previousPath, String status, Integer additions, Integer deletions) {

  static PullRequestFile from(Fields json) {
    String previous = json.optString("previous_filename");
    return new PullRequestFile(json.string("filename"), previous == null || previous.isBlank() ? null : previous,
      json.string("status"), json.optInt("additions"), json.optInt("deletions"));
  }

  boolean added() {
    return "added".equals(status) || "copied".equals(status) && previousPath == null;
  }

  boolean deleted() {
    return "deleted".equals(status);
  }

  /** The original path of a rename, else null (a copy keeps its source, which git's diff without -C shows as an add). */
  String originalPath() {
    return "renamed".equals(status) && previousPath != null && !previousPath.equals(path) ? previousPath : null;
  }

  /** add, delete, rename or edit. */
  String changeType() {
    return added() || "copied".equals(status) ? "add" : deleted() ? "delete" : originalPath() != null ? "rename" : "edit";
  }

  /** The path the old side is read from. */
  String oldPath() {
    return originalPath() != null ? originalPath() : path;
  }

  /** A rename whose source Gitea did not name ({@code previous_filename} absent): its old side cannot be fetched. */
  boolean renameWithoutSource() {
    return "renamed".equals(status) && previousPath == null;
  }

  /**
   * The change in the forge pipeline's words between {@code base} and {@code head}: each side the file at its commit,
   * with the mode Gitea's trees give it ({@code before}, {@code after}; null when untold: a regular file, git's
   * common case); a submodule's side is its commit, named by id. A rename without its source has nothing to fetch the
   * old side by (then no diff, and the answer says why).
   */
  ChangedFile file(String base, String head, FileModes.Entry before, FileModes.Entry after) {
    int oldMode = before == null ? 0 : before.mode();
    int newMode = after == null ? 0 : after.mode();
    ChangedFile.BlobRef oldBlob = side(oldPath(), base, before);
    ChangedFile.BlobRef newBlob = side(path, head, after);
    if (renameWithoutSource()) {
      return new ChangedFile(ChangedFile.Kind.RENAMED, null, path, 0, newMode, null, newBlob);
    }
    if (added() || "copied".equals(status)) {
      return ChangedFile.added(path, newMode, newBlob);
    }
    if (deleted()) {
      return ChangedFile.deleted(path, oldMode, oldBlob);
    }
    boolean renamed = originalPath() != null;
    return new ChangedFile(renamed ? ChangedFile.Kind.RENAMED : ChangedFile.Kind.MODIFIED, oldPath(), path, oldMode, newMode,
      oldBlob, newBlob);
  }

  private static ChangedFile.BlobRef side(String path, String commit, FileModes.Entry entry) {
    return entry != null && entry.mode() == ChangedFile.SUBMODULE ? ChangedFile.BlobRef.blob(entry.sha())
      : ChangedFile.BlobRef.file(path, commit);
  }
}
