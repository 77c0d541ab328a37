package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import dev.reviewgate.xdiff.PathBytes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * OLD | NEW columns with line numbers, for reading rather than applying. Each row is
 * {@code <old no> <old text> <mark> <new no> <new text>}, the mark being a space (unchanged), {@code |} (changed:
 * the n-th deleted line of a block beside its n-th added line), {@code <} (deleted) or {@code >} (added). Text is
 * cut with {@code …} to fit the width; tabs become spaces. A side whose last line has no newline gets git's
 * {@code \ No newline at end of file} in a row of its own under that line, on that side only.
 */
public final class SideBySideRenderer {

  private static final int TAB = 4;
  private static final String NO_NEWLINE = "\\ No newline at end of file";

  private SideBySideRenderer() {
  }

  public static String render(List<FileDiff> files, int width) {
    StringBuilder out = new StringBuilder();
    for (FileDiff f : files) {
      file(f, width, out);
    }
    return out.toString();
  }

  private static void file(FileDiff f, int width, StringBuilder out) {
    String title = f.changeType() == ChangeType.RENAMED || f.changeType() == ChangeType.COPIED
      ? PathBytes.quotedIfNotUtf8(f.oldPath()) + " => " + PathBytes.quotedIfNotUtf8(f.newPath())
      : PathBytes.quotedIfNotUtf8(f.path());
    out.append("=== ").append(title).append(" (").append(f.changeType().label()).append(") ===\n");
    if (f.binary()) {
      out.append("Binary file, content not shown\n\n");
      return;
    }
    if (f.hunks().isEmpty()) {
      out.append(f.cut() ? "Content left out by a size limit (see 'cut')\n\n" : "No content changes\n\n");
      return;
    }
    int maxNumber = 1;
    for (Hunk h : f.hunks()) {
      maxNumber = Math.max(maxNumber, Math.max(h.oldStart() + h.oldCount(), h.newStart() + h.newCount()));
    }
    int numberWidth = Math.max(3, Integer.toString(maxNumber).length());
    int column = Math.max(8, (width - 5 - 2 * numberWidth) / 2);
    row(out, numberWidth, column, "", "OLD", ' ', "", "NEW");
    for (Hunk h : f.hunks()) {
      out.append(Hunk.headerLine(h.oldStart(), h.oldCount(), h.newStart(), h.newCount(), h.heading()));
      List<Cell> deleted = new ArrayList<>();
      List<Cell> added = new ArrayList<>();
      LineKind[] previous = new LineKind[1];
      h.forEachLine((kind, oldNo, newNo, src, s, e) -> {
        switch (kind) {
          case DELETED -> deleted.add(new Cell(Integer.toString(oldNo), text(src, s, e)));
          case ADDED -> added.add(new Cell(Integer.toString(newNo), text(src, s, e)));
          case CONTEXT -> {
            flush(out, numberWidth, column, deleted, added);
            String t = text(src, s, e);
            row(out, numberWidth, column, Integer.toString(oldNo), t, ' ', Integer.toString(newNo), t);
          }
          case NO_NEWLINE -> {
            // The marker belongs to the line just before it: one side's last line, or a context line (both sides).
            if (previous[0] == LineKind.DELETED && !deleted.isEmpty()) {
              deleted.get(deleted.size() - 1).noNewline = true;
            } else if (previous[0] == LineKind.ADDED && !added.isEmpty()) {
              added.get(added.size() - 1).noNewline = true;
            } else {
              row(out, numberWidth, column, "", NO_NEWLINE, ' ', "", NO_NEWLINE);
            }
          }
        }
        previous[0] = kind;
      });
      flush(out, numberWidth, column, deleted, added);
    }
    out.append('\n');
  }

  /** One side of a row: line number and text, and whether git marks the line "no newline at end of file". */
  private static final class Cell {
    final String number;
    final String text;
    boolean noNewline;

    Cell(String number, String text) {
      this.number = number;
      this.text = text;
    }
  }

  private static void flush(StringBuilder out, int nw, int cw, List<Cell> deleted, List<Cell> added) {
    int n = Math.max(deleted.size(), added.size());
    for (int i = 0; i < n; i++) {
      Cell d = i < deleted.size() ? deleted.get(i) : null;
      Cell a = i < added.size() ? added.get(i) : null;
      char mark = d != null && a != null ? '|' : d != null ? '<' : '>';
      row(out, nw, cw, d == null ? "" : d.number, d == null ? "" : d.text, mark, a == null ? "" : a.number, a == null ? "" : a.text);
      boolean oldMarked = d != null && d.noNewline;
      boolean newMarked = a != null && a.noNewline;
      if (oldMarked || newMarked) {
        row(out, nw, cw, "", oldMarked ? NO_NEWLINE : "", mark, "", newMarked ? NO_NEWLINE : "");
      }
    }
    deleted.clear();
    added.clear();
  }

  private static void row(StringBuilder out, int nw, int cw, String oldNo, String oldText, char mark, String newNo,
                          String newText) {
    int start = out.length();
    out.append(" ".repeat(nw - oldNo.length())).append(oldNo).append(' ');
    cell(out, oldText, cw);
    out.append(' ').append(mark).append(' ');
    out.append(" ".repeat(nw - newNo.length())).append(newNo).append(' ');
    cell(out, newText, cw);
    int end = out.length();
    while (end > start && out.charAt(end - 1) == ' ') {
      end--;
    }
    out.setLength(end);
    out.append('\n');
  }

  private static void cell(StringBuilder out, String text, int width) {
    int cps = text.codePointCount(0, text.length());
    if (cps > width) {
      out.append(text, 0, text.offsetByCodePoints(0, width - 1)).append('…');
    } else {
      out.append(text).append(" ".repeat(width - cps));
    }
  }

  /** The line's content for display: no prefix, no terminator, tabs expanded, other control characters dropped. */
  private static String text(byte[] src, int s, int e) {
    int from = src[s] == '\n' || src[s] == '\r' ? s : s + 1;
    String raw = new String(src, from, Math.max(0, e - from), StandardCharsets.UTF_8);
    StringBuilder b = new StringBuilder(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '\t') {
        b.append(" ".repeat(TAB - b.length() % TAB));
      } else if (c >= ' ' || Character.isSurrogate(c)) {
        b.append(c);
      }
    }
    return b.toString();
  }
}
