package dev.reviewgate.xdiff;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * git's classic diff (what xdiff runs when no other algorithm is asked for: {@code --diff-algorithm=myers}), also
 * used where git's histogram diff gives up on a region because every line it could anchor on occurs more than 64
 * times. To give git's bytes it has to make git's choices, not just any shortest edit script:
 * <ol>
 *   <li>the common head and tail of the region are matched first;</li>
 *   <li>lines with no match on the other side are marked changed and left out, and so are lines that match very
 *   often (at least about √n times) when they sit among such unmatched lines;</li>
 *   <li>the rest goes through Myers' middle-snake bisection with git's shortcuts: once the edit cost passes 256 a
 *   diagonal that reached far along a snake of 20 or more equal lines is taken as the split, and past a cost bound
 *   (√ of the sizes, at least 256) the furthest-reaching diagonal is taken, so the result is not always minimal.</li>
 * </ol>
 * Written for reviewgate from a reading of how git 2.39's xdiff works; its output is checked against git's own.
 *
 * <p>Sequences are content classes (equal lines share a class); changed lines are marked in the caller's arrays.
 */
final class ClassicDiff {

  /** The least cost bound: below it the search is exact, whatever the sizes. */
  private static final int MIN_COST_BOUND = 256;
  /**
   * The cost past which a long snake is taken as good enough; below the cost bound only, so only for sides that keep
   * 65,533 lines or more between them.
   */
  private static final int SNAKE_HEURISTIC_COST = 256;
  /** How many equal lines in a row count as a long snake. */
  private static final int SNAKE_LENGTH = 20;
  /** How far a diagonal must have reached, relative to the cost, to be taken by the snake shortcut. */
  private static final int SNAKE_REACH_FACTOR = 4;
  /** Lines matching this often (or √n, if lower) are "frequent" in the pre-pass. */
  private static final int FREQUENT_CAP = 1024;
  /** How far around a frequent line the pre-pass looks for unmatched lines. */
  private static final int FREQUENT_WINDOW = 100;
  private static final int FAR = Integer.MAX_VALUE;

  private final int[] ha1;
  private final int[] ha2;
  private final int[] lineOf1;
  private final int[] lineOf2;
  private final boolean[] changed1;
  private final boolean[] changed2;
  /** Furthest x reached per diagonal (k = x - y), forward and backward; index = k + offset. */
  private final int[] forward;
  private final int[] backward;
  private final int offset;
  private final int costBound;
  private final CancelCheck cancellation;
  // The split point of the last bisection, and whether each half must be searched exactly.
  private int splitX;
  private int splitY;
  private boolean exactLow;
  private boolean exactHigh;

  private ClassicDiff(int[] ha1, int[] lineOf1, int[] ha2, int[] lineOf2, boolean[] changed1, boolean[] changed2,
                      CancelCheck cancellation) {
    this.ha1 = ha1;
    this.ha2 = ha2;
    this.lineOf1 = lineOf1;
    this.lineOf2 = lineOf2;
    this.changed1 = changed1;
    this.changed2 = changed2;
    this.cancellation = cancellation;
    int diagonals = ha1.length + ha2.length + 3;
    this.forward = new int[2 * diagonals + 2];
    this.backward = new int[2 * diagonals + 2];
    this.offset = ha2.length + 1;
    this.costBound = Math.max(roughSqrt(diagonals), MIN_COST_BOUND);
  }

  /** Diffs two whole files, as {@code git diff --diff-algorithm=myers} does (before sliding). */
  static void diff(Lines a, Lines b, boolean[] changedA, boolean[] changedB, CancelCheck cancellation) {
    LineClasses classes = LineClasses.of(a, b);
    diff(classes.old(), 1, a.size(), classes.current(), 1, b.size(), changedA, changedB, cancellation);
  }

  /**
   * Diffs lines {@code [from1, from1 + count1)} of {@code classes1} against {@code [from2, from2 + count2)} of
   * {@code classes2} and marks what changed in {@code changed1}/{@code changed2} (same indexing as the classes).
   */
  static void diff(int[] classes1, int from1, int count1, int[] classes2, int from2, int count2, boolean[] changed1,
                   boolean[] changed2, CancelCheck cancellation) {
    int start1 = from1;
    int start2 = from2;
    int end1 = from1 + count1 - 1;
    int end2 = from2 + count2 - 1;
    while (start1 <= end1 && start2 <= end2 && classes1[start1] == classes2[start2]) {
      start1++;
      start2++;
    }
    while (start1 <= end1 && start2 <= end2 && classes1[end1] == classes2[end2]) {
      end1--;
      end2--;
    }
    Map<Integer, Integer> in1 = occurrences(classes1, from1, count1);
    Map<Integer, Integer> in2 = occurrences(classes2, from2, count2);
    int[] kept1 = kept(classes1, start1, end1, in2, count1, changed1);
    int[] kept2 = kept(classes2, start2, end2, in1, count2, changed2);
    int[] ha1 = classesOf(classes1, kept1);
    int[] ha2 = classesOf(classes2, kept2);
    new ClassicDiff(ha1, kept1, ha2, kept2, changed1, changed2, cancellation).compare(0, ha1.length, 0, ha2.length);
  }

  private static Map<Integer, Integer> occurrences(int[] classes, int from, int count) {
    Map<Integer, Integer> counts = new HashMap<>();
    for (int i = from; i < from + count; i++) {
      counts.merge(classes[i], 1, Integer::sum);
    }
    return counts;
  }

  private static int[] classesOf(int[] classes, int[] lines) {
    int[] result = new int[lines.length];
    for (int i = 0; i < lines.length; i++) {
      result[i] = classes[lines[i]];
    }
    return result;
  }

  /**
   * The lines of {@code [start, end]} that go to the bisection; the others are marked changed. A line is left out
   * when the other side lacks it, or when it is frequent there and unmatched lines dominate the runs around it.
   */
  private static int[] kept(int[] classes, int start, int end, Map<Integer, Integer> other, int lines,
                            boolean[] changed) {
    int frequent = Math.min(roughSqrt(lines), FREQUENT_CAP);
    int size = Math.max(0, end - start + 1);
    Match[] matches = new Match[size];
    for (int i = 0; i < size; i++) {
      int count = other.getOrDefault(classes[start + i], 0);
      matches[i] = count == 0 ? Match.NONE : count >= frequent ? Match.FREQUENT : Match.SOME;
    }
    int[] kept = new int[size];
    int n = 0;
    for (int i = 0; i < size; i++) {
      boolean keep = matches[i] == Match.SOME || matches[i] == Match.FREQUENT && !amongUnmatched(matches, i);
      if (keep) {
        kept[n++] = start + i;
      } else {
        changed[start + i] = true;
      }
    }
    return Arrays.copyOf(kept, n);
  }

  private enum Match { NONE, SOME, FREQUENT }

  /**
   * Whether the frequent line {@code i} sits inside a stretch of unmatched and frequent lines (within a window) in
   * which unmatched lines are more than three quarters, counting the line itself as frequent on both sides.
   */
  private static boolean amongUnmatched(Match[] matches, int i) {
    int low = Math.max(0, i - FREQUENT_WINDOW);
    int high = Math.min(matches.length - 1, i + FREQUENT_WINDOW);
    int unmatchedBefore = 0;
    int frequentBefore = 1;
    for (int j = i - 1; j >= low && matches[j] != Match.SOME; j--) {
      if (matches[j] == Match.NONE) {
        unmatchedBefore++;
      } else {
        frequentBefore++;
      }
    }
    if (unmatchedBefore == 0) {
      return false;
    }
    int unmatchedAfter = 0;
    int frequentAfter = 1;
    for (int j = i + 1; j <= high && matches[j] != Match.SOME; j++) {
      if (matches[j] == Match.NONE) {
        unmatchedAfter++;
      } else {
        frequentAfter++;
      }
    }
    if (unmatchedAfter == 0) {
      return false;
    }
    int unmatched = unmatchedBefore + unmatchedAfter;
    int frequentAround = frequentBefore + frequentAfter;
    return frequentAround * 4 < frequentAround + unmatched;
  }

  /** git's integer square root estimate: 2 to the power of half the bit length, rounded up. */
  static int roughSqrt(int n) {
    int root = 1;
    for (int rest = n; rest > 0; rest >>= 2) {
      root <<= 1;
    }
    return root;
  }

  /** A box still to compare: x in [low1, high1), y in [low2, high2). */
  private record Box(int low1, int high1, int low2, int high2, boolean exact) {
  }

  /**
   * Divide and conquer over boxes. The order the boxes are taken in does not matter (each marks its own lines), so
   * an explicit stack replaces recursion that would be as deep as the edit script is long.
   */
  private void compare(int low1, int high1, int low2, int high2) {
    Deque<Box> boxes = new ArrayDeque<>();
    boxes.push(new Box(low1, high1, low2, high2, false));
    while (!boxes.isEmpty()) {
      cancellation.check();
      Box box = boxes.pop();
      int x0 = box.low1();
      int y0 = box.low2();
      int x1 = box.high1();
      int y1 = box.high2();
      while (x0 < x1 && y0 < y1 && ha1[x0] == ha2[y0]) {
        x0++;
        y0++;
      }
      while (x0 < x1 && y0 < y1 && ha1[x1 - 1] == ha2[y1 - 1]) {
        x1--;
        y1--;
      }
      if (x0 == x1) {
        for (int y = y0; y < y1; y++) {
          changed2[lineOf2[y]] = true;
        }
      } else if (y0 == y1) {
        for (int x = x0; x < x1; x++) {
          changed1[lineOf1[x]] = true;
        }
      } else {
        bisect(x0, x1, y0, y1, box.exact());
        boxes.push(new Box(splitX, x1, splitY, y1, exactHigh));
        boxes.push(new Box(x0, splitX, y0, splitY, exactLow));
      }
    }
  }

  private int f(int k) {
    return forward[k + offset];
  }

  private void setF(int k, int x) {
    forward[k + offset] = x;
  }

  private int b(int k) {
    return backward[k + offset];
  }

  private void setB(int k, int x) {
    backward[k + offset] = x;
  }

  /**
   * Finds where to split the box: where a forward path from its top-left corner meets a backward path from its
   * bottom-right corner (the middle snake), or, once the cost grows, a point chosen by git's shortcuts. Sets
   * {@link #splitX}, {@link #splitY} and whether each half must be searched exactly.
   */
  private void bisect(int x0, int x1, int y0, int y1, boolean exact) {
    int lowestK = x0 - y1;
    int highestK = x1 - y0;
    int forwardMid = x0 - y0;
    int backwardMid = x1 - y1;
    boolean odd = ((forwardMid - backwardMid) & 1) != 0;
    int fLow = forwardMid;
    int fHigh = forwardMid;
    int bLow = backwardMid;
    int bHigh = backwardMid;
    setF(forwardMid, x0);
    setB(backwardMid, x1);
    for (int cost = 1; ; cost++) {
      boolean longSnake = false;
      // Widen the forward band by one diagonal each side, or narrow it where it would leave the box; the
      // diagonal just outside gets a sentinel so the step below needs no bounds checks.
      if (fLow > lowestK) {
        setF(--fLow - 1, -1);
      } else {
        ++fLow;
      }
      if (fHigh < highestK) {
        setF(++fHigh + 1, -1);
      } else {
        --fHigh;
      }
      for (int k = fHigh; k >= fLow; k -= 2) {
        int x = f(k - 1) >= f(k + 1) ? f(k - 1) + 1 : f(k + 1);
        int start = x;
        int y = x - k;
        while (x < x1 && y < y1 && ha1[x] == ha2[y]) {
          x++;
          y++;
        }
        if (x - start > SNAKE_LENGTH) {
          longSnake = true;
        }
        setF(k, x);
        if (odd && bLow <= k && k <= bHigh && b(k) <= x) {
          split(x, y, true, true);
          return;
        }
      }
      if (bLow > lowestK) {
        setB(--bLow - 1, FAR);
      } else {
        ++bLow;
      }
      if (bHigh < highestK) {
        setB(++bHigh + 1, FAR);
      } else {
        --bHigh;
      }
      for (int k = bHigh; k >= bLow; k -= 2) {
        int x = b(k - 1) < b(k + 1) ? b(k - 1) : b(k + 1) - 1;
        int start = x;
        int y = x - k;
        while (x > x0 && y > y0 && ha1[x - 1] == ha2[y - 1]) {
          x--;
          y--;
        }
        if (start - x > SNAKE_LENGTH) {
          longSnake = true;
        }
        setB(k, x);
        if (!odd && fLow <= k && k <= fHigh && x <= f(k)) {
          split(x, y, true, true);
          return;
        }
      }
      if (exact) {
        continue;
      }
      if (longSnake && cost > SNAKE_HEURISTIC_COST && takeFarSnake(x0, x1, y0, y1, cost, fLow, fHigh, forwardMid,
        bLow, bHigh, backwardMid)) {
        return;
      }
      if (cost >= costBound) {
        takeFurthest(x0, x1, y0, y1, fLow, fHigh, bLow, bHigh);
        return;
      }
    }
  }

  private void split(int x, int y, boolean lowExact, boolean highExact) {
    splitX = x;
    splitY = y;
    exactLow = lowExact;
    exactHigh = highExact;
  }

  /**
   * The snake shortcut: a forward diagonal whose end lies on a run of 20 equal lines and reached far (its progress
   * from the corner, less its distance from the middle diagonal, above four times the cost) splits the box there;
   * failing that, the same test on the backward diagonals. The half already walked must then be exact.
   */
  private boolean takeFarSnake(int x0, int x1, int y0, int y1, int cost, int fLow, int fHigh, int forwardMid,
                               int bLow, int bHigh, int backwardMid) {
    int best = 0;
    for (int k = fHigh; k >= fLow; k -= 2) {
      int x = f(k);
      int y = x - k;
      int reach = (x - x0) + (y - y0) - Math.abs(k - forwardMid);
      if (reach > SNAKE_REACH_FACTOR * cost && reach > best && x0 + SNAKE_LENGTH <= x && x < x1
        && y0 + SNAKE_LENGTH <= y && y < y1 && equalRunEndingAt(x, y)) {
        best = reach;
        splitX = x;
        splitY = y;
      }
    }
    if (best > 0) {
      exactLow = true;
      exactHigh = false;
      return true;
    }
    for (int k = bHigh; k >= bLow; k -= 2) {
      int x = b(k);
      int y = x - k;
      int reach = (x1 - x) + (y1 - y) - Math.abs(k - backwardMid);
      if (reach > SNAKE_REACH_FACTOR * cost && reach > best && x0 < x && x <= x1 - SNAKE_LENGTH
        && y0 < y && y <= y1 - SNAKE_LENGTH && equalRunStartingAt(x, y)) {
        best = reach;
        splitX = x;
        splitY = y;
      }
    }
    if (best > 0) {
      exactLow = false;
      exactHigh = true;
      return true;
    }
    return false;
  }

  /** Whether the SNAKE_LENGTH lines before (x, y) are equal on both sides. */
  private boolean equalRunEndingAt(int x, int y) {
    for (int back = 1; back <= SNAKE_LENGTH; back++) {
      if (ha1[x - back] != ha2[y - back]) {
        return false;
      }
    }
    return true;
  }

  /** Whether the SNAKE_LENGTH lines from (x, y) on are equal on both sides. */
  private boolean equalRunStartingAt(int x, int y) {
    for (int ahead = 0; ahead < SNAKE_LENGTH; ahead++) {
      if (ha1[x + ahead] != ha2[y + ahead]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The cost bound is reached: split at the point, forward or backward, that got furthest along x + y (clipped to
   * the box); the side it came from is searched exactly, the other side may cut short again.
   */
  private void takeFurthest(int x0, int x1, int y0, int y1, int fLow, int fHigh, int bLow, int bHigh) {
    int forwardBest = -1;
    int forwardX = -1;
    for (int k = fHigh; k >= fLow; k -= 2) {
      int x = Math.min(f(k), x1);
      int y = x - k;
      if (y1 < y) {
        x = y1 + k;
        y = y1;
      }
      if (forwardBest < x + y) {
        forwardBest = x + y;
        forwardX = x;
      }
    }
    int backwardBest = FAR;
    int backwardX = FAR;
    for (int k = bHigh; k >= bLow; k -= 2) {
      int x = Math.max(x0, b(k));
      int y = x - k;
      if (y < y0) {
        x = y0 + k;
        y = y0;
      }
      if (x + y < backwardBest) {
        backwardBest = x + y;
        backwardX = x;
      }
    }
    if ((x1 + y1) - backwardBest < forwardBest - (x0 + y0)) {
      split(forwardX, forwardBest - forwardX, true, false);
    } else {
      split(backwardX, backwardBest - backwardX, false, true);
    }
  }
}
