package dev.reviewgate.xdiff;

import java.util.Arrays;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.RawText;

/**
 * git's change compaction (xdiff's xdl_change_compact) with the indent heuristic, applied to JGit's edits. A
 * group of added or deleted lines that could slide up or down over identical lines is merged with neighbouring
 * groups where sliding makes them touch, aligned with a change on the other side where possible, and otherwise
 * placed where the indentation and blank lines around it read best (git's default since 2.14).
 */
final class Slider {

  private static final int MAX_INDENT = 200;
  private static final int MAX_BLANKS = 20;
  private static final int START_OF_FILE_PENALTY = 1;
  private static final int END_OF_FILE_PENALTY = 21;
  private static final int TOTAL_BLANK_WEIGHT = -30;
  private static final int POST_BLANK_WEIGHT = 6;
  private static final int RELATIVE_INDENT_PENALTY = -4;
  private static final int RELATIVE_INDENT_WITH_BLANK_PENALTY = 10;
  private static final int RELATIVE_OUTDENT_PENALTY = 24;
  private static final int RELATIVE_OUTDENT_WITH_BLANK_PENALTY = 17;
  private static final int RELATIVE_DEDENT_PENALTY = 23;
  private static final int RELATIVE_DEDENT_WITH_BLANK_PENALTY = 17;
  private static final int INDENT_WEIGHT = 60;
  private static final int MAX_SLIDING = 100;
  /** Marks of unchanged lines, to find the next changed one by comparison. */
  private static final boolean[] UNCHANGED = new boolean[1024];

  /** One side: its lines (identity by content) and which of them are changed. */
  private static final class Side {
    final Lines lines;
    final int count;
    /** changed[i + 1] for line i; changed[0] and changed[count + 1] are always-false sentinels. */
    final boolean[] changed;

    Side(Lines lines, boolean[] changed) {
      this.lines = lines;
      this.count = lines.size();
      this.changed = changed;
    }

    boolean changed(int line) {
      return changed[line + 1];
    }

    void set(int line, boolean value) {
      changed[line + 1] = value;
    }

    /**
     * The first changed line at or after {@code from}, or {@link #count} when none is: found with
     * {@link Arrays#mismatch} against unchanged marks, eight marks at a time, where looking at each line was a tenth of
     * a first call's diff work (most of a file's lines are unchanged).
     */
    int firstChanged(int from) {
      for (int i = from + 1, end = count + 1; i < end; i += UNCHANGED.length) {
        int n = Math.min(UNCHANGED.length, end - i);
        int at = Arrays.mismatch(changed, i, i + n, UNCHANGED, 0, n);
        if (at >= 0) {
          return i + at - 1;
        }
      }
      return count;
    }

    /**
     * Where a group that is empty at {@code end} lands after passing the unchanged lines that follow it: empty just
     * before the next changed line, or at the end of the side.
     */
    int lastEmptyAfter(int end) {
      int changedLine = firstChanged(end + 1);
      return changedLine < count ? changedLine - 1 : count;
    }
  }

  /** A run of changed lines [start, end) on one side (possibly empty). */
  private static final class Group {
    int start;
    int end;
  }

  private Slider() {
  }

  /**
   * Compacts change marks (index line + 1; the first and last entries are sentinels) and returns the edits.
   */
  static EditList compact(Lines a, Lines b, boolean[] changedA, boolean[] changedB, boolean indentHeuristic) {
    Side sa = new Side(a, changedA);
    Side sb = new Side(b, changedB);
    compact(sa, sb, indentHeuristic);
    compact(sb, sa, indentHeuristic);
    EditList out = new EditList();
    int i = 0;
    int j = 0;
    while (i < sa.count || j < sb.count) {
      if ((i < sa.count && sa.changed(i)) || (j < sb.count && sb.changed(j))) {
        int startA = i;
        int startB = j;
        while (i < sa.count && sa.changed(i)) {
          i++;
        }
        while (j < sb.count && sb.changed(j)) {
          j++;
        }
        out.add(new Edit(startA, i, startB, j));
      } else {
        // Unchanged on both sides up to the next change of either: as many lines on each (they pair one to one).
        int run = Math.min(sa.firstChanged(i) - i, sb.firstChanged(j) - j);
        i += Math.max(1, run);
        j += Math.max(1, run);
      }
    }
    return out;
  }

  private static void init(Side side, Group g) {
    g.start = 0;
    g.end = 0;
    while (side.changed(g.end)) {
      g.end++;
    }
  }

  private static boolean next(Side side, Group g) {
    if (g.end == side.count) {
      return false;
    }
    g.start = g.end + 1;
    g.end = g.start;
    while (side.changed(g.end)) {
      g.end++;
    }
    return true;
  }

  private static boolean previous(Side side, Group g) {
    if (g.start == 0) {
      return false;
    }
    g.end = g.start - 1;
    g.start = g.end;
    while (side.changed(g.start - 1)) {
      g.start--;
    }
    return true;
  }

  private static boolean slideDown(Side side, Group g) {
    if (g.end < side.count && side.lines.same(g.start, g.end)) {
      side.set(g.start++, false);
      side.set(g.end++, true);
      while (side.changed(g.end)) {
        g.end++;
      }
      return true;
    }
    return false;
  }

  private static boolean slideUp(Side side, Group g) {
    if (g.start > 0 && side.lines.same(g.start - 1, g.end - 1)) {
      side.set(--g.start, true);
      side.set(--g.end, false);
      while (side.changed(g.start - 1)) {
        g.start--;
      }
      return true;
    }
    return false;
  }

  private static void compact(Side side, Side other, boolean indentHeuristic) {
    Group g = new Group();
    Group go = new Group();
    init(side, g);
    init(other, go);
    while (true) {
      if (g.end != g.start) {
        int groupSize;
        int earliestEnd;
        int endMatchingOther;
        do {
          groupSize = g.end - g.start;
          endMatchingOther = -1;
          while (slideUp(side, g)) {
            sync(previous(other, go));
          }
          earliestEnd = g.end;
          if (go.end > go.start) {
            endMatchingOther = g.end;
          }
          while (slideDown(side, g)) {
            sync(next(other, go));
            if (go.end > go.start) {
              endMatchingOther = g.end;
            }
          }
        } while (groupSize != g.end - g.start);

        if (g.end == earliestEnd) {
          // could not move
        } else if (endMatchingOther != -1) {
          while (go.end == go.start) {
            sync(slideUp(side, g));
            sync(previous(other, go));
          }
        } else if (indentHeuristic) {
          int shift = earliestEnd;
          if (g.end - groupSize - 1 > shift) {
            shift = g.end - groupSize - 1;
          }
          if (g.end - MAX_SLIDING > shift) {
            shift = g.end - MAX_SLIDING;
          }
          int bestShift = -1;
          int bestIndent = 0;
          int bestPenalty = 0;
          for (; shift <= g.end; shift++) {
            int[] score = {0, 0};
            scoreSplit(side, shift, score);
            scoreSplit(side, shift - groupSize, score);
            int cmp = bestShift == -1 ? 0
              : INDENT_WEIGHT * Integer.compare(score[0], bestIndent) + (score[1] - bestPenalty);
            if (bestShift == -1 || cmp <= 0) {
              bestIndent = score[0];
              bestPenalty = score[1];
              bestShift = shift;
            }
          }
          while (g.end > bestShift) {
            sync(slideUp(side, g));
            sync(previous(other, go));
          }
        }
      }
      // Nothing to slide until the next change: each unchanged line is an empty group of its own (git walks them one
      // by one); pass them at once, and as many groups on the other side, which stays in step.
      pass(other, go, passEmpty(side, g, Integer.MAX_VALUE));
      if (!next(side, g)) {
        break;
      }
      sync(next(other, go));
    }
  }

  /** Moves {@code g} on by {@code groups} groups, as that many {@link #next} calls would; runs of empty ones at once. */
  private static void pass(Side side, Group g, int groups) {
    while (groups > 0) {
      int empties = passEmpty(side, g, groups);
      if (empties > 0) {
        groups -= empties;
      } else {
        sync(next(side, g));
        groups--;
      }
    }
  }

  /**
   * Moves {@code g}, if it is empty, over at most {@code limit} of the unchanged lines after it (each the boundary of
   * an empty group), stopping before the next changed line; returns how many groups it passed.
   */
  private static int passEmpty(Side side, Group g, int limit) {
    int passed = g.end == g.start ? Math.min(limit, side.lastEmptyAfter(g.end) - g.end) : 0;
    if (passed > 0) {
      g.start = g.end = g.end + passed;
    }
    return passed;
  }

  private static void sync(boolean moved) {
    if (!moved) {
      throw new IllegalStateException("diff groups out of step while sliding changes");
    }
  }

  /** Adds the split's effective indent to score[0] and its penalty to score[1] (git's score_add_split). */
  private static void scoreSplit(Side side, int split, int[] score) {
    boolean endOfFile;
    int indent;
    if (split >= side.count) {
      endOfFile = true;
      indent = -1;
    } else {
      endOfFile = false;
      indent = side.lines.indent(split, MAX_INDENT);
    }
    int preBlank = 0;
    int preIndent = -1;
    for (int i = split - 1; i >= 0; i--) {
      preIndent = side.lines.indent(i, MAX_INDENT);
      if (preIndent != -1) {
        break;
      }
      preBlank++;
      if (preBlank == MAX_BLANKS) {
        preIndent = 0;
        break;
      }
    }
    int postBlank = 0;
    int postIndent = -1;
    for (int i = split + 1; i < side.count; i++) {
      postIndent = side.lines.indent(i, MAX_INDENT);
      if (postIndent != -1) {
        break;
      }
      postBlank++;
      if (postBlank == MAX_BLANKS) {
        postIndent = 0;
        break;
      }
    }

    int penalty = 0;
    if (preIndent == -1 && preBlank == 0) {
      penalty += START_OF_FILE_PENALTY;
    }
    if (endOfFile) {
      penalty += END_OF_FILE_PENALTY;
    }
    int post = indent == -1 ? 1 + postBlank : 0;
    int totalBlank = preBlank + post;
    penalty += TOTAL_BLANK_WEIGHT * totalBlank;
    penalty += POST_BLANK_WEIGHT * post;
    int effective = indent != -1 ? indent : postIndent;
    boolean anyBlanks = totalBlank != 0;
    score[0] += effective;
    if (effective == -1 || preIndent == -1) {
      // no adjustment
    } else if (effective > preIndent) {
      penalty += anyBlanks ? RELATIVE_INDENT_WITH_BLANK_PENALTY : RELATIVE_INDENT_PENALTY;
    } else if (effective == preIndent) {
      // no adjustment
    } else if (postIndent != -1 && postIndent > effective) {
      penalty += anyBlanks ? RELATIVE_OUTDENT_WITH_BLANK_PENALTY : RELATIVE_OUTDENT_PENALTY;
    } else {
      penalty += anyBlanks ? RELATIVE_DEDENT_WITH_BLANK_PENALTY : RELATIVE_DEDENT_PENALTY;
    }
    score[1] += penalty;
  }
}
