package dev.reviewgate.xdiff;

import java.util.HashMap;
import java.util.Map;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.MyersDiff;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/**
 * git's histogram diff (xdiff's xhistogram), written for reviewgate so its choices match {@code git diff
 * --histogram}: JGit's HistogramDiff picks a different common subsequence in some files. Lines are compared by
 * content class (identical bytes, newline included); the region between the common prefix and suffix is split at
 * the longest run of lines that are rare in the old side, recursively. Where every candidate line occurs more than
 * 64 times, the region falls back to a Myers diff, as git falls back to its classic algorithm.
 *
 * <p>Marks changed lines in {@code changedA}/{@code changedB}, indexed from 1 (index 0 and n + 1 stay false), the
 * layout {@link Slider} works on.
 */
final class GitHistogram {

  private static final int MAX_CHAIN = 64;

  private final int[] classA;
  private final int[] classB;
  private final boolean[] changedA;
  private final boolean[] changedB;
  private final RawText a;
  private final RawText b;
  /** Per content class: first occurrence in the current region, occurrences, and the region it was set in. */
  private final int[] classPtr;
  private final int[] classCount;
  private final int[] classStamp;
  private final CancelCheck cancellation;
  private int stamp;

  private GitHistogram(RawText a, RawText b, int[] classA, int[] classB, int classes, boolean[] changedA,
                       boolean[] changedB, CancelCheck cancellation) {
    this.cancellation = cancellation;
    this.a = a;
    this.b = b;
    this.classA = classA;
    this.classB = classB;
    this.changedA = changedA;
    this.changedB = changedB;
    this.classPtr = new int[classes + 1];
    this.classCount = new int[classes + 1];
    this.classStamp = new int[classes + 1];
  }

  /**
   * Fills the change marks of both sides. Arrays have length size + 2. Checks {@code cancellation} at every region
   * it splits, so a large file's diff stops near its deadline rather than after it.
   */
  static void diff(Lines linesA, Lines linesB, boolean[] changedA, boolean[] changedB, CancelCheck cancellation) {
    RawText a = linesA.text();
    RawText b = linesB.text();
    int n = a.size();
    int m = b.size();
    int[] classA = new int[n + 1];
    int[] classB = new int[m + 1];
    int classes = classify(linesA, linesB, classA, classB);
    // No common prefix/suffix trimming: git trims only for its Myers algorithm, and where the histogram
    // anchors depends on the whole file.
    new GitHistogram(a, b, classA, classB, classes, changedA, changedB, cancellation)
      .histogram(1, n, 1, m);
  }

  /** Numbers each distinct line content 1..K across both sides; returns K. */
  private static int classify(Lines a, Lines b, int[] classA, int[] classB) {
    Map<LineKey, Integer> classes = new HashMap<>(2 * (a.size() + b.size()));
    for (int i = 0; i < a.size(); i++) {
      classA[i + 1] = classes.computeIfAbsent(new LineKey(a, i), k -> classes.size() + 1);
    }
    for (int i = 0; i < b.size(); i++) {
      classB[i + 1] = classes.computeIfAbsent(new LineKey(b, i), k -> classes.size() + 1);
    }
    return classes.size();
  }

  private record LineKey(Lines lines, int line) {
    @Override
    public boolean equals(Object other) {
      return other instanceof LineKey key && lines.same(line, key.lines, key.line);
    }

    @Override
    public int hashCode() {
      return lines.hash(line);
    }
  }

  private int lcsBegin1;
  private int lcsEnd1;
  private int lcsBegin2;
  private int lcsEnd2;
  private int bestCount;
  private boolean hasCommon;
  private int[] nextPtr;
  private int shift;

  private void histogram(int line1, int count1, int line2, int count2) {
    while (true) {
      cancellation.check();
      if (count1 <= 0 && count2 <= 0) {
        return;
      }
      if (count1 == 0) {
        for (int i = 0; i < count2; i++) {
          changedB[line2 + i] = true;
        }
        return;
      }
      if (count2 == 0) {
        for (int i = 0; i < count1; i++) {
          changedA[line1 + i] = true;
        }
        return;
      }
      int found = findLcs(line1, count1, line2, count2);
      if (found == 1) {
        fallBack(line1, count1, line2, count2);
        return;
      }
      if (lcsBegin1 == 0 && lcsBegin2 == 0) {
        for (int i = 0; i < count1; i++) {
          changedA[line1 + i] = true;
        }
        for (int i = 0; i < count2; i++) {
          changedB[line2 + i] = true;
        }
        return;
      }
      int begin1 = lcsBegin1;
      int end1 = lcsEnd1;
      int begin2 = lcsBegin2;
      int end2 = lcsEnd2;
      histogram(line1, begin1 - line1, line2, begin2 - line2);
      int last1 = line1 + count1 - 1;
      int last2 = line2 + count2 - 1;
      count1 = last1 - end1;
      line1 = end1 + 1;
      count2 = last2 - end2;
      line2 = end2 + 1;
    }
  }

  /** 1: fall back to Myers; 0: lcs fields hold the split (begin 0 when there is none). */
  private int findLcs(int line1, int count1, int line2, int count2) {
    lcsBegin1 = lcsEnd1 = lcsBegin2 = lcsEnd2 = 0;
    hasCommon = false;
    stamp++;
    nextPtr = new int[count1];
    shift = line1;
    int last1 = line1 + count1 - 1;
    for (int ptr = last1; ptr >= line1; ptr--) {
      int c = classA[ptr];
      if (classStamp[c] == stamp) {
        nextPtr[ptr - shift] = classPtr[c];
        classPtr[c] = ptr;
        classCount[c]++;
      } else {
        classStamp[c] = stamp;
        classPtr[c] = ptr;
        classCount[c] = 1;
      }
    }
    bestCount = MAX_CHAIN + 1;
    int last2 = line2 + count2 - 1;
    for (int bPtr = line2; bPtr <= last2; ) {
      bPtr = tryLcs(bPtr, line1, last1, line2, last2);
    }
    return hasCommon && MAX_CHAIN < bestCount ? 1 : 0;
  }

  private int tryLcs(int bPtr, int line1, int last1, int line2, int last2) {
    int bNext = bPtr + 1;
    int c = classB[bPtr];
    if (classStamp[c] != stamp) {
      return bNext;
    }
    if (classCount[c] > bestCount) {
      hasCommon = true;
      return bNext;
    }
    int as = classPtr[c];
    hasCommon = true;
    while (true) {
      int np = nextPtr[as - shift];
      int bs = bPtr;
      int ae = as;
      int be = bs;
      int rc = classCount[c];
      while (line1 < as && line2 < bs && classA[as - 1] == classB[bs - 1]) {
        as--;
        bs--;
        if (1 < rc) {
          rc = Math.min(rc, classCount[classA[as]]);
        }
      }
      while (ae < last1 && be < last2 && classA[ae + 1] == classB[be + 1]) {
        ae++;
        be++;
        if (1 < rc) {
          rc = Math.min(rc, classCount[classA[ae]]);
        }
      }
      if (bNext <= be) {
        bNext = be + 1;
      }
      if (lcsEnd1 - lcsBegin1 < ae - as || rc < bestCount) {
        lcsBegin1 = as;
        lcsBegin2 = bs;
        lcsEnd1 = ae;
        lcsEnd2 = be;
        bestCount = rc;
      }
      if (np == 0) {
        break;
      }
      while (np <= ae) {
        np = nextPtr[np - shift];
        if (np == 0) {
          return bNext;
        }
      }
      as = np;
    }
    return bNext;
  }

  /**
   * git's fallback for a region where every common line is too frequent: its classic diff, which trims the common
   * ends, then discards lines that have no match on the other side and frequent lines sitting among such lines
   * (xdiff's cleanup), and runs Myers on what is left.
   */
  private void fallBack(int line1, int count1, int line2, int count2) {
    int end1 = line1 + count1 - 1;
    int end2 = line2 + count2 - 1;
    int start1 = line1;
    int start2 = line2;
    while (start1 <= end1 && start2 <= end2 && classA[start1] == classB[start2]) {
      start1++;
      start2++;
    }
    while (end1 >= start1 && end2 >= start2 && classA[end1] == classB[end2]) {
      end1--;
      end2--;
    }
    Map<Integer, Integer> inA = counts(classA, line1, line1 + count1 - 1);
    Map<Integer, Integer> inB = counts(classB, line2, line2 + count2 - 1);
    int[] keptA = kept(classA, start1, end1, inB, count1, changedA);
    int[] keptB = kept(classB, start2, end2, inA, count2, changedB);
    EditList edits = MyersDiff.INSTANCE.diff(ClassComparator.INSTANCE, new Classes(classA, keptA), new Classes(classB, keptB));
    for (Edit edit : edits) {
      for (int i = edit.getBeginA(); i < edit.getEndA(); i++) {
        changedA[keptA[i]] = true;
      }
      for (int i = edit.getBeginB(); i < edit.getEndB(); i++) {
        changedB[keptB[i]] = true;
      }
    }
  }

  private static Map<Integer, Integer> counts(int[] classes, int from, int to) {
    Map<Integer, Integer> counts = new HashMap<>();
    for (int i = from; i <= to; i++) {
      counts.merge(classes[i], 1, Integer::sum);
    }
    return counts;
  }

  /** Lines of [start, end] that go to Myers; the others are marked changed (git's xdl_cleanup_records). */
  private static int[] kept(int[] classes, int start, int end, Map<Integer, Integer> other, int records, boolean[] changed) {
    int limit = Math.min(bogoSqrt(records), 1024);
    int size = Math.max(0, end - start + 1);
    byte[] dis = new byte[size];
    for (int i = 0; i < size; i++) {
      int matches = other.getOrDefault(classes[start + i], 0);
      dis[i] = (byte) (matches == 0 ? 0 : matches >= limit ? 2 : 1);
    }
    int[] kept = new int[size];
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (dis[i] == 1 || (dis[i] == 2 && !surroundedByUnmatched(dis, i, 0, size - 1))) {
        kept[n++] = start + i;
      } else {
        changed[start + i] = true;
      }
    }
    return java.util.Arrays.copyOf(kept, n);
  }

  private static int bogoSqrt(int n) {
    int i = 1;
    for (; n > 0; n >>= 2) {
      i <<= 1;
    }
    return i;
  }

  /** xdiff's xdl_clean_mmatch: a frequent line is dropped when unmatched lines dominate the runs around it. */
  private static boolean surroundedByUnmatched(byte[] dis, int i, int s, int e) {
    s = Math.max(s, i - 100);
    e = Math.min(e, i + 100);
    int unmatchedBefore = 0;
    int frequentBefore = 1;
    for (int r = 1; i - r >= s; r++) {
      if (dis[i - r] == 0) {
        unmatchedBefore++;
      } else if (dis[i - r] == 2) {
        frequentBefore++;
      } else {
        break;
      }
    }
    if (unmatchedBefore == 0) {
      return false;
    }
    int unmatchedAfter = 0;
    int frequentAfter = 1;
    for (int r = 1; i + r <= e; r++) {
      if (dis[i + r] == 0) {
        unmatchedAfter++;
      } else if (dis[i + r] == 2) {
        frequentAfter++;
      } else {
        break;
      }
    }
    if (unmatchedAfter == 0) {
      return false;
    }
    int unmatched = unmatchedAfter + unmatchedBefore;
    int frequent = frequentAfter + frequentBefore;
    return frequent * 4 < frequent + unmatched;
  }

  /** The kept lines of one side, compared by content class. */
  private static final class Classes extends org.eclipse.jgit.diff.Sequence {
    final int[] classes;
    final int[] lines;

    Classes(int[] classes, int[] lines) {
      this.classes = classes;
      this.lines = lines;
    }

    @Override
    public int size() {
      return lines.length;
    }

    int classAt(int i) {
      return classes[lines[i]];
    }
  }

  private static final class ClassComparator extends org.eclipse.jgit.diff.SequenceComparator<Classes> {
    static final ClassComparator INSTANCE = new ClassComparator();

    @Override
    public boolean equals(Classes x, int i, Classes y, int j) {
      return x.classAt(i) == y.classAt(j);
    }

    @Override
    public int hash(Classes x, int i) {
      return x.classAt(i);
    }
  }
}
