package dev.reviewgate.git;

import java.util.List;

/**
 * The files a diff between two commits changes, in git's order.
 *
 * @param base    the base commit, or the zero id when {@code head} is a root commit
 * @param counted false when the files were listed from the trees alone: their line counts and binary flags were not
 *                read (they are zero and false in the records and left out of the tool's JSON)
 * @param note    what the caller may not expect of the comparison (a merge commit compared with its first parent), or null
 * @param quotePath the repository's {@code core.quotePath}: how its stat quotes names
 */
public record ChangedFiles(String repo, String base, String head, List<ChangedFile> files, boolean counted, String note,
                           boolean quotePath) {

  public ChangedFiles {
    files = List.copyOf(files);
  }

  /** Added lines over all files. */
  public int insertions() {
    return files.stream().mapToInt(ChangedFile::additions).sum();
  }

  /** Deleted lines over all files. */
  public int deletions() {
    return files.stream().mapToInt(ChangedFile::deletions).sum();
  }
}
