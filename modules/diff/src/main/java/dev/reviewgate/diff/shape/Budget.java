package dev.reviewgate.diff.shape;

import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The three size limits, each cutting only at hunk boundaries (so every hunk shown is complete and its header
 * true), except that a single hunk longer than {@code max_lines_per_file} on its own is shortened to a prefix with a
 * recomputed header rather than dropped.
 */
final class Budget {

  /** Per file: which hunks to keep, and whether the file appears at all. */
  record Selection(boolean[] shown, boolean[][] kept) {
  }

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

  /** In diff order until {@code maxBytes} of unified text is used; everything after the first misfit is left out. */
  static Selection bytes(List<FileDiff> files, long maxBytes) {
    Selection sel = empty(files);
    long left = maxBytes;
    boolean full = false;
    for (int fi = 0; fi < files.size() && !full; fi++) {
      FileDiff f = files.get(fi);
      long head = headerBytes(f);
      if (head > left) {
        break;
      }
      left -= head;
      sel.shown[fi] = true;
      List<Hunk> hunks = f.hunks();
      for (int hi = 0; hi < hunks.size(); hi++) {
        long cost = hunks.get(hi).renderedBytes();
        if (cost > left) {
          full = true;
          break;
        }
        left -= cost;
        sel.kept[fi][hi] = true;
      }
    }
    return sel;
  }

  /**
   * Greedy fill of an estimated token budget in priority order: (1) hunks with added lines in hand-written files,
   * and files without hunks (renames, mode changes, binaries: one header each); (2) the same in generated, vendored
   * and lock files; (3) deletion-only hunks of any file. Within a class, diff order. A unit that does not fit is
   * skipped and smaller later ones may still fit. A file's header is paid with its first unit.
   */
  static Selection tokens(List<FileDiff> files, long budget) {
    Selection sel = empty(files);
    long[] headerTokens = new long[files.size()];
    // units per class, each packed as (file index << 32 | hunk index), hunk index -1 for a header-only file
    long[][] units = new long[3][];
    int[] counts = new int[3];
    for (int c = 0; c < 3; c++) {
      units[c] = new long[Math.max(16, files.size())];
    }
    for (int fi = 0; fi < files.size(); fi++) {
      FileDiff f = files.get(fi);
      headerTokens[fi] = TokenEstimator.tokens(headerBytes(f));
      int fileClass = FilePriority.generated(f.path()) ? 1 : 0;
      List<Hunk> hunks = f.hunks();
      if (hunks.isEmpty()) {
        units[fileClass] = add(units[fileClass], counts[fileClass]++, ((long) fi << 32) | 0xFFFFFFFFL);
        continue;
      }
      for (int hi = 0; hi < hunks.size(); hi++) {
        int c = hunks.get(hi).additions() == 0 ? 2 : fileClass;
        units[c] = add(units[c], counts[c]++, ((long) fi << 32) | hi);
      }
    }
    long left = budget;
    for (int c = 0; c < 3 && left > 0; c++) {
      for (int u = 0; u < counts[c] && left > 0; u++) {
        int fi = (int) (units[c][u] >>> 32);
        int hi = (int) units[c][u];
        long cost = sel.shown[fi] ? 0 : headerTokens[fi];
        if (hi >= 0) {
          cost += TokenEstimator.tokens(files.get(fi).hunks().get(hi).renderedBytes());
        }
        if (cost <= left) {
          left -= cost;
          sel.shown[fi] = true;
          if (hi >= 0) {
            sel.kept[fi][hi] = true;
          }
        }
      }
    }
    return sel;
  }

  private static long[] add(long[] array, int index, long value) {
    long[] a = index == array.length ? Arrays.copyOf(array, array.length * 2) : array;
    a[index] = value;
    return a;
  }

  private static long headerBytes(FileDiff f) {
    return f.header().length() + f.binaryBody().length();
  }

  private static Selection empty(List<FileDiff> files) {
    boolean[][] kept = new boolean[files.size()][];
    for (int i = 0; i < kept.length; i++) {
      kept[i] = new boolean[files.get(i).hunks().size()];
    }
    return new Selection(new boolean[files.size()], kept);
  }
}
