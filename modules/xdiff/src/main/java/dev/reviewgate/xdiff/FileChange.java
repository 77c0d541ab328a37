package dev.reviewgate.xdiff;

import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * One changed path between two trees, after rename detection. Modes are raw git mode bits (0 for a missing side);
 * {@code score} is git's similarity score (0-60000, {@link Renames#MAX_SCORE}) for renames.
 */
public record FileChange(Status status, String oldPath, String newPath, int oldMode, int newMode,
                         ObjectId oldId, ObjectId newId, int score) {

  public enum Status {
    ADDED, DELETED, MODIFIED, RENAMED, TYPE_CHANGED;

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** git's "similarity index" percentage. */
  public int similarity() {
    return (int) (score * 100L / Renames.MAX_SCORE);
  }

  public String path() {
    return newPath != null ? newPath : oldPath;
  }

  public boolean hasOld() {
    return oldMode != 0;
  }

  public boolean hasNew() {
    return newMode != 0;
  }

  static boolean isRegular(int mode) {
    return (mode & FileMode.TYPE_MASK) == FileMode.TYPE_FILE;
  }

  static int type(int mode) {
    return mode & FileMode.TYPE_MASK;
  }

  FileChange renamedFrom(FileChange source, int renameScore) {
    return new FileChange(Status.RENAMED, source.oldPath, newPath, source.oldMode, newMode, source.oldId, newId, renameScore);
  }
}
