package dev.reviewgate.forge.thread;

import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.Hunk;
import dev.reviewgate.diff.model.LineKind;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The lines of one changed file that a forge lets a review comment sit on, per side. GitHub: lines inside the diff's
 * hunks (new side: added and context lines; old side: deleted and context lines). Azure DevOps: any line of the
 * file's version on that side.
 */
public record Commentable(TreeSet<Integer> newLines, TreeSet<Integer> oldLines) {

  /** GitHub's rule: the lines of the file's hunks. */
  public static Commentable ofHunks(FileDiff file) {
    TreeSet<Integer> newLines = new TreeSet<>();
    TreeSet<Integer> oldLines = new TreeSet<>();
    for (Hunk hunk : file.hunks()) {
      hunk.forEachLine((kind, oldNo, newNo, source, start, end) -> {
        if (kind == LineKind.ADDED || kind == LineKind.CONTEXT) {
          newLines.add(newNo);
        }
        if (kind == LineKind.DELETED || kind == LineKind.CONTEXT) {
          oldLines.add(oldNo);
        }
      });
    }
    return new Commentable(newLines, oldLines);
  }

  /** Azure DevOps' rule: every line of each version ({@code 0} lines where the file does not exist on that side). */
  public static Commentable ofFile(int oldLineCount, int newLineCount) {
    TreeSet<Integer> newLines = new TreeSet<>();
    TreeSet<Integer> oldLines = new TreeSet<>();
    for (int i = 1; i <= newLineCount; i++) {
      newLines.add(i);
    }
    for (int i = 1; i <= oldLineCount; i++) {
      oldLines.add(i);
    }
    return new Commentable(newLines, oldLines);
  }

  public TreeSet<Integer> side(boolean old) {
    return old ? oldLines : newLines;
  }

  /** Whether every line from {@code first} to {@code last} may carry the comment. */
  public boolean covers(boolean old, int first, int last) {
    TreeSet<Integer> lines = side(old);
    for (int line = first; line <= last; line++) {
      if (!lines.contains(line)) {
        return false;
      }
    }
    return true;
  }

  /** The one or two runs of commentable lines nearest to {@code line}, e.g. {@code 5-9 and 30-41}; "none" when empty. */
  public String nearest(boolean old, int line) {
    List<int[]> runs = new ArrayList<>();
    int[] run = null;
    for (int n : side(old)) {
      if (run != null && n == run[1] + 1) {
        run[1] = n;
      } else {
        run = new int[] {n, n};
        runs.add(run);
      }
    }
    if (runs.isEmpty()) {
      return "none on the " + (old ? "old" : "new") + " side";
    }
    runs.sort((a, b) -> Integer.compare(distance(a, line), distance(b, line)));
    List<String> shown = new ArrayList<>();
    for (int[] r : runs.subList(0, Math.min(2, runs.size()))) {
      shown.add(r[0] == r[1] ? Integer.toString(r[0]) : r[0] + "-" + r[1]);
    }
    return String.join(" and ", shown);
  }

  private static int distance(int[] run, int line) {
    return line < run[0] ? run[0] - line : line > run[1] ? line - run[1] : 0;
  }
}
