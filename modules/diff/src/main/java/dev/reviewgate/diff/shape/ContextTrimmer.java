package dev.reviewgate.diff.shape;

import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Reduces context like {@code git diff -U<n>}: each run of changes keeps at most {@code n} context lines either side,
 * and runs whose context would touch or overlap merge into one hunk. Only lines the hunk already has are used, so
 * asking for more context than the source has changes nothing.
 */
public final class ContextTrimmer {

  private ContextTrimmer() {
  }

  public static List<Hunk> trim(List<Hunk> hunks, int context) {
    List<Hunk> out = new ArrayList<>(hunks.size());
    for (Hunk h : hunks) {
      trim(h, context, out);
    }
    return out;
  }

  private static void trim(Hunk h, int context, List<Hunk> out) {
    int n = h.lineCount();
    int rangeStart = -1;
    int rangeEnd = -1;
    int i = 0;
    boolean any = false;
    while (i < n) {
      if (!changed(h.kind(i))) {
        i++;
        continue;
      }
      any = true;
      int first = i;
      while (i < n && (changed(h.kind(i)) || h.kind(i) == LineKind.NO_NEWLINE)) {
        i++;
      }
      int start = first;
      for (int kept = 0; start > 0 && kept < context; ) {
        start--;
        if (h.kind(start) != LineKind.NO_NEWLINE) {
          kept++;
        }
      }
      int end = i;
      for (int kept = 0; end < n && kept < context; end++) {
        if (h.kind(end) != LineKind.NO_NEWLINE) {
          kept++;
        }
      }
      while (end < n && h.kind(end) == LineKind.NO_NEWLINE) {
        end++;
      }
      if (rangeStart >= 0 && start <= rangeEnd) {
        rangeEnd = Math.max(rangeEnd, end);
      } else {
        if (rangeStart >= 0) {
          out.add(h.slice(rangeStart, rangeEnd));
        }
        rangeStart = start;
        rangeEnd = end;
      }
    }
    if (!any) {
      out.add(h);
    } else {
      out.add(h.slice(rangeStart, rangeEnd));
    }
  }

  private static boolean changed(LineKind kind) {
    return kind == LineKind.ADDED || kind == LineKind.DELETED;
  }
}
