package dev.reviewgate.diff.render;

import dev.reviewgate.diff.model.ChangeType;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * OLD | NEW columns with line numbers, for reading rather than applying. Each row is
 * {@code <old no> <old text> <mark> <new no> <new text>}, the mark being a space (unchanged), {@code |} (changed:
 * the n-th deleted line of a block beside its n-th added line), {@code <} (deleted) or {@code >} (added). Text is
 * cut with {@code …} to fit the width; tabs become spaces; "no newline" markers are not shown.
 */
public final class SideBySideRenderer {

  private static final int TAB = 4;

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
      ? f.oldPath() + " => " + f.newPath() : f.path();
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
      List<String[]> deleted = new ArrayList<>();
      List<String[]> added = new ArrayList<>();
      h.forEachLine((kind, oldNo, newNo, src, s, e) -> {
        switch (kind) {
          case DELETED -> deleted.add(new String[] {Integer.toString(oldNo), text(src, s, e)});
          case ADDED -> added.add(new String[] {Integer.toString(newNo), text(src, s, e)});
          case CONTEXT -> {
            flush(out, numberWidth, column, deleted, added);
            String t = text(src, s, e);
            row(out, numberWidth, column, Integer.toString(oldNo), t, ' ', Integer.toString(newNo), t);
          }
          case NO_NEWLINE -> { }
        }
      });
      flush(out, numberWidth, column, deleted, added);
    }
    out.append('\n');
  }

  private static void flush(StringBuilder out, int nw, int cw, List<String[]> deleted, List<String[]> added) {
    int n = Math.max(deleted.size(), added.size());
    for (int i = 0; i < n; i++) {
      String[] d = i < deleted.size() ? deleted.get(i) : null;
      String[] a = i < added.size() ? added.get(i) : null;
      char mark = d != null && a != null ? '|' : d != null ? '<' : '>';
      row(out, nw, cw, d == null ? "" : d[0], d == null ? "" : d[1], mark, a == null ? "" : a[0], a == null ? "" : a[1]);
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
