package dev.reviewgate.diff.shape;

import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The line cap per file, cutting only at hunk boundaries (so every hunk shown is complete and its header true),
 * except that a single hunk longer than {@code max_lines_per_file} on its own is shortened to a prefix with a
 * recomputed header rather than dropped.
 */
final class Budget {

  private Budget() {
  }

  /** At most {@code max} lines per file, counting each hunk's header line and its lines. */
  static FileDiff capLines(FileDiff f, int max) {
    if (f.lineCount() <= max) {
      return f;
    }
    List<Hunk> kept = new ArrayList<>();
    int used = 0;
    for (Hunk h : f.hunks()) {
      int need = h.lineCount() + 1;
      if (used + need <= max) {
        kept.add(h);
        used += need;
        continue;
      }
      if (kept.isEmpty() && max > 1) {
        int end = max - 1;
        while (end < h.lineCount() && h.kind(end) == LineKind.NO_NEWLINE) {
          end++;
        }
        kept.add(h.slice(0, end));
      }
      break;
    }
    return f.withHunks(kept, true);
  }
}
