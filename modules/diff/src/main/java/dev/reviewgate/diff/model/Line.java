package dev.reviewgate.diff.model;

/**
 * One hunk line, materialised on demand from a {@link Hunk}.
 *
 * @param oldNumber the line's number in the old file, 0 when it has none (added lines, markers)
 * @param newNumber the line's number in the new file, 0 when it has none (deleted lines, markers)
 * @param raw       the line exactly as in the diff: prefix character, content, line terminator
 */
public record Line(LineKind kind, int oldNumber, int newNumber, ByteSlice raw) {

  /** The content without the prefix character and without the trailing {@code \n}. */
  public String text() {
    if (raw.isEmpty()) {
      return "";
    }
    int skip = raw.at(0) == '\n' || raw.at(0) == '\r' ? 0 : 1;
    return new ByteSlice(raw.bytes(), raw.offset() + skip, raw.length() - skip).lineText();
  }

  /** The content without the prefix character (terminator kept), as bytes. */
  public ByteSlice content() {
    if (raw.isEmpty() || raw.at(0) == '\n' || raw.at(0) == '\r') {
      return raw;
    }
    return new ByteSlice(raw.bytes(), raw.offset() + 1, raw.length() - 1);
  }
}
