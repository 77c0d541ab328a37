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

  /**
   * A mode as git's headers write it, six octal digits ({@code 100644}). Not {@code String.format}: a diff writes one
   * per changed file, and on a fresh process's first calls the formatter's code (a regex parse of the pattern, locale
   * symbols, streams) ran interpreted, 5-8 ms of a commit adding 157 files.
   */
  public static String octalMode(int mode) {
    return switch (mode) {
      case 0100644 -> "100644";
      case 0100755 -> "100755";
      case 0120000 -> "120000";
      case 0160000 -> "160000";
      case 0040000 -> "040000";
      default -> {
        String digits = Integer.toOctalString(mode);
        yield digits.length() >= 6 ? digits : "000000".substring(digits.length()) + digits;
      }
    };
  }

  FileChange renamedFrom(FileChange source, int renameScore) {
    return new FileChange(Status.RENAMED, source.oldPath, newPath, source.oldMode, newMode, source.oldId, newId, renameScore);
  }
}
