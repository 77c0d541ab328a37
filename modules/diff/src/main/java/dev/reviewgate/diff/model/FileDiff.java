package dev.reviewgate.diff.model;

import java.util.List;

/**
 * One file's part of a diff.
 *
 * @param leadingText  non-diff text just before this file (an e-mail patch's commit message, {@code Only in ...}
 *                     lines); kept so the unified rendering reproduces the input, ignored by shaping
 * @param header       every header line, verbatim and contiguous: {@code diff --git}, extended headers,
 *                     {@code ---}/{@code +++} or {@code Binary files ... differ}
 * @param headerLines  the same lines one by one (terminators included)
 * @param oldPath      path before the change, {@code null} for an added file
 * @param newPath      path after the change, {@code null} for a deleted file
 * @param oldMode      e.g. {@code 100644}, {@code null} when the diff does not say
 * @param similarity   rename/copy similarity in percent, {@code null} when absent
 * @param index        the value of the {@code index} header ({@code abc123..def456 100644}), {@code null} when absent
 * @param binaryBody   the {@code GIT binary patch} block verbatim, empty when absent
 * @param cut          true when shaping removed some of the file's hunks (the header then no longer matches them all)
 */
public record FileDiff(ByteSlice leadingText, ByteSlice header, List<ByteSlice> headerLines, String oldPath,
                       String newPath, ChangeType changeType, String oldMode, String newMode, Integer similarity,
                       String index, boolean binary, ByteSlice binaryBody, List<Hunk> hunks, int additions,
                       int deletions, boolean cut) {

  public FileDiff {
    headerLines = List.copyOf(headerLines);
    hunks = List.copyOf(hunks);
  }

  /** The path a reader knows the file by: the new path, or the old one for a deleted file. */
  public String path() {
    return newPath != null ? newPath : oldPath;
  }

  /** The header lines between the {@code diff} line and {@code ---}/{@code Binary files}: mode, index, rename... */
  public List<ByteSlice> extendedHeaderLines() {
    return headerLines.stream()
      .filter(l -> !startsWith(l, "diff ") && !startsWith(l, "--- ") && !startsWith(l, "+++ ")
        && !startsWith(l, "Binary files "))
      .toList();
  }

  private static boolean startsWith(ByteSlice line, String prefix) {
    if (line.length() < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (line.at(i) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** Lines over all hunks (markers included), what {@code max_lines_per_file} counts together with hunk headers. */
  public int lineCount() {
    int n = 0;
    for (Hunk h : hunks) {
      n += h.lineCount() + 1;
    }
    return n;
  }

  public FileDiff withHunks(List<Hunk> newHunks, boolean wasCut) {
    int adds = 0;
    int dels = 0;
    for (Hunk h : newHunks) {
      adds += h.additions();
      dels += h.deletions();
    }
    return new FileDiff(leadingText, header, headerLines, oldPath, newPath, changeType, oldMode, newMode, similarity,
      index, binary, binaryBody, newHunks, adds, dels, cut || wasCut);
  }

  public FileDiff withBinaryBody(ByteSlice body) {
    return new FileDiff(leadingText, header, headerLines, oldPath, newPath, changeType, oldMode, newMode, similarity,
      index, binary, body, hunks, additions, deletions, cut);
  }
}
