package dev.reviewgate.git;

import java.util.List;

/**
 * The files a diff between two commits changes, in git's order.
 *
 * @param base the base commit, or the zero id when {@code head} is a root commit
 */
public record ChangedFiles(String repo, String base, String head, List<ChangedFile> files) {

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
