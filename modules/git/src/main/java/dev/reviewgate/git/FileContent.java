package dev.reviewgate.git;

/**
 * What {@code git_show_file} found at a path of a commit: a text file's lines, a binary file, or a submodule.
 */
public sealed interface FileContent permits FileContent.Text, FileContent.Binary, FileContent.Submodule {

  Entry entry();

  /**
   * The tree entry: {@code id} is the blob's SHA (a submodule's commit), {@code mode} git's file mode bits.
   */
  record Entry(String repo, String sha, String path, String id, int mode) {
  }

  /**
   * Lines {@code startLine..endLine} of {@code totalLines} (a symlink's text is its target).
   *
   * @param nextStartLine where to continue when the text was cut at {@code git.maxShowFileBytes}; else null
   * @param message       how to get the rest; null unless cut
   */
  record Text(Entry entry, long size, boolean symlink, int totalLines, int startLine, int endLine, String content,
              Integer nextStartLine, String message) implements FileContent {

    public boolean truncated() {
      return nextStartLine != null;
    }
  }

  /** A binary file: its content is not shown, {@code message} says so. */
  record Binary(Entry entry, long size, boolean symlink, String message) implements FileContent {
  }

  /** A submodule (gitlink): the commit it pins is {@code entry().id()}. */
  record Submodule(Entry entry) implements FileContent {

    /** What git shows as a gitlink's content. */
    public String content() {
      return "Subproject commit " + entry.id() + "\n";
    }
  }
}
