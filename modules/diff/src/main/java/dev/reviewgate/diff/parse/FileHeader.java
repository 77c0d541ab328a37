package dev.reviewgate.diff.parse;

import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.ChangeType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What one file's header lines say ({@code diff} line, git's extended header lines, {@code ---}/{@code +++} or a
 * binary marker), gathered by {@link DiffParser} while it reads them; once the header is read, the file's paths,
 * modes and change type follow from them here, in git's order of precedence.
 */
final class FileHeader {

  final List<ByteSlice> lines = new ArrayList<>(6);
  String[] gitNames;
  String gnuLine;
  String oldPath;
  String newPath;
  boolean pathsFromDashes;
  String oldMode;
  String newMode;
  String index;
  Integer similarity;
  String renameFrom;
  String renameTo;
  String copyFrom;
  String copyTo;
  boolean added;
  boolean deleted;
  boolean binary;
  boolean hunksFollow;
  String[] binaryNames;
  int binaryStart = -1;

  /**
   * The file's old and new paths from whichever lines name them, in git's order of precedence; modes from index.
   * False when a git header names neither path.
   */
  boolean resolvePaths(boolean git) {
    if (git) {
      String[] names = gitNames == null ? new String[] {null, null, "a/", "b/"} : gitNames;
      if (pathsFromDashes) {
        oldPath = PathText.strip(oldPath, names[2]);
        newPath = PathText.strip(newPath, names[3]);
      } else if (binaryNames != null) {
        oldPath = PathText.strip(binaryNames[0], names[2]);
        newPath = PathText.strip(binaryNames[1], names[3]);
      } else {
        oldPath = names[0];
        newPath = names[1];
      }
      if (renameFrom != null || copyFrom != null) {
        oldPath = renameFrom != null ? renameFrom : copyFrom;
      }
      if (renameTo != null || copyTo != null) {
        newPath = renameTo != null ? renameTo : copyTo;
      }
      if (added) {
        if (newPath == null) {
          newPath = oldPath;
        }
        oldPath = null;
      }
      if (deleted) {
        if (oldPath == null) {
          oldPath = newPath;
        }
        newPath = null;
      }
      if (oldPath == null && newPath == null) {
        return false;
      }
    } else if (!pathsFromDashes) {
      if (binaryNames != null) {
        oldPath = binaryNames[0];
        newPath = binaryNames[1];
      } else if (gnuLine != null) {
        String[] words = gnuLine.split(" ");
        oldPath = words.length >= 3 ? words[words.length - 2] : null;
        newPath = words.length >= 3 ? words[words.length - 1] : null;
      }
    }
    if (index != null && index.indexOf(' ') > 0) {
      String mode = index.substring(index.indexOf(' ') + 1);
      if (oldMode == null && !added) {
        oldMode = mode;
      }
      if (newMode == null && !deleted) {
        newMode = mode;
      }
    }
    return true;
  }

  ChangeType changeType(boolean git, boolean noHunks) {
    if (added || (!git && oldPath == null)) {
      return ChangeType.ADDED;
    } else if (deleted || (!git && newPath == null)) {
      return ChangeType.DELETED;
    } else if (renameFrom != null) {
      return ChangeType.RENAMED;
    } else if (copyFrom != null) {
      return ChangeType.COPIED;
    } else if (oldMode != null && newMode != null && !oldMode.equals(newMode) && noHunks && !binary) {
      return ChangeType.MODE_CHANGED;
    }
    return ChangeType.MODIFIED;
  }

  /** The two names of {@code Binary files <old> and <new> differ} (after its first two words), or null. */
  static String[] binaryNames(String text) {
    if (!text.endsWith(" differ")) {
      return null;
    }
    text = text.substring(0, text.length() - 7);
    int and = text.indexOf(" and ");
    if (and < 0) {
      return null;
    }
    return new String[] {nullIfDevNull(unquoteText(text.substring(0, and))), nullIfDevNull(unquoteText(text.substring(and + 5)))};
  }

  private static String unquoteText(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    PathText.Parsed q = PathText.unquote(b, 0, b.length);
    return q != null ? q.path() : s;
  }

  private static String nullIfDevNull(String s) {
    return "/dev/null".equals(s) ? null : s;
  }
}
