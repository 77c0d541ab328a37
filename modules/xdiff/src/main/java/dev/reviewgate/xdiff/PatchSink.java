package dev.reviewgate.xdiff;

/**
 * What {@link PatchWriter} tells as it writes: where each file, header line, hunk and hunk line begins or ends, as
 * offsets into the {@link PatchBytes} it writes to ({@link PatchBytes#size()} at that point). A reader of the text
 * then needs no parse to know its structure. Calls come in writing order: {@link #fileStart}, its header lines,
 * its hunks each followed by their lines, {@link #fileEnd}. A type change is two files (a deletion, a creation).
 * Every method does nothing by default; {@link #NONE} is the sink of a caller that wants the text only.
 */
public interface PatchSink {

  PatchSink NONE = new PatchSink() { };

  /** The kinds of header line git writes for one file, in the order it writes them. */
  enum HeaderLine {
    DIFF_GIT, NEW_FILE_MODE, DELETED_FILE_MODE, OLD_MODE, NEW_MODE, SIMILARITY_INDEX, RENAME_FROM, RENAME_TO, INDEX,
    /** {@code --- a/path} or {@code --- /dev/null}: hunks follow. */
    OLD_LABEL,
    /** {@code +++ b/path} or {@code +++ /dev/null}. */
    NEW_LABEL,
    /** {@code Binary files ... differ}: no hunks. */
    BINARY_FILES
  }

  /**
   * A file begins at {@code start}.
   *
   * @param oldPath the path before the change, null for an added file
   * @param newPath the path after the change, null for a deleted file
   */
  default void fileStart(long start, String oldPath, String newPath) {
  }

  /**
   * A header line that ends (after its {@code \n}) at {@code end}; it began where the previous one ended, or at the
   * file's start.
   *
   * @param value what follows the line's fixed words, as written: a mode ({@code 100644}), a similarity percentage
   *              without its {@code %}, an index value ({@code abc1234..def5678 100644}); for the other kinds the
   *              path as the change names it, unquoted (null for {@code /dev/null})
   */
  default void headerLine(HeaderLine kind, String value, long end) {
  }

  /**
   * A hunk header {@code @@ -oldStart,oldCount +newStart,newCount @@ heading} begins at {@code start}; its numbers as
   * written (a start of 0 for an empty side), its heading between {@code headingStart} and {@code headingEnd}, its
   * {@code \n} at {@code headingEnd}.
   */
  default void hunk(int oldStart, int oldCount, int newStart, int newCount, long start, long headingStart,
                    long headingEnd) {
  }

  /**
   * A hunk line begins at {@code start}; {@code kind} is its first byte: {@code ' '} context, {@code '+'} added,
   * {@code '-'} deleted, or {@code '\\'} for git's {@code \ No newline at end of file} marker.
   */
  default void line(char kind, long start) {
  }

  /**
   * The file ends at {@code end} (where the next one would begin), with the lines it adds and deletes as its hunks
   * hold them (0 for a binary file, whose sizes are in {@link PatchWriter.Stats}).
   */
  default void fileEnd(long end, int additions, int deletions) {
  }
}
