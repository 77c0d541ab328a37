package dev.reviewgate.xdiff;

/**
 * git's histogram diff (xdiff's xhistogram), written for reviewgate so its choices match {@code git diff
 * --histogram}: JGit's HistogramDiff picks a different common subsequence in some files. Lines are compared by
 * content class (identical bytes, newline included); the region between the common prefix and suffix is split at
 * the longest run of lines that are rare in the old side, recursively. Where every candidate line occurs more than
 * 64 times, the region falls back to git's classic diff ({@link ClassicDiff}), as git does.
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
  /** Per content class: first occurrence in the current region, occurrences, and the region it was set in. */
  private final int[] classPtr;
  private final int[] classCount;
  private final int[] classStamp;
  private final CancelCheck cancellation;
  private int stamp;

  private GitHistogram(LineClasses classes, boolean[] changedA, boolean[] changedB, CancelCheck cancellation) {
    this.cancellation = cancellation;
    this.classA = classes.old();
    this.classB = classes.current();
    this.changedA = changedA;
    this.changedB = changedB;
    this.classPtr = new int[classes.count() + 1];
    this.classCount = new int[classes.count() + 1];
    this.classStamp = new int[classes.count() + 1];
    this.nextPtr = new int[classA.length + 1];
  }

  /**
   * Fills the change marks of both sides. Arrays have length size + 2. Checks {@code cancellation} at every region
   * it splits, so a large file's diff stops near its deadline rather than after it.
   */
  static void diff(Lines linesA, Lines linesB, boolean[] changedA, boolean[] changedB, CancelCheck cancellation) {
    LineClasses classes = LineClasses.of(linesA, linesB);
    // No common prefix/suffix trimming: git trims only for its classic algorithm, and where the histogram
    // anchors depends on the whole file.
    new GitHistogram(classes, changedA, changedB, cancellation).histogram(1, linesA.size(), 1, linesB.size());
  }

  private int lcsBegin1;
  private int lcsEnd1;
  private int lcsBegin2;
  private int lcsEnd2;
  private int bestCount;
  private boolean hasCommon;
  /**
   * Per old line: the next line of its class in the current region (0: none). One array for the whole file, indexed
   * by line: each region's search fills the entries of its own lines before it reads them (an array per region
   * searched was most of this class's garbage).
   */
  private final int[] nextPtr;

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
    int last1 = line1 + count1 - 1;
    for (int ptr = last1; ptr >= line1; ptr--) {
      int c = classA[ptr];
      if (classStamp[c] == stamp) {
        nextPtr[ptr] = classPtr[c];
        classPtr[c] = ptr;
        classCount[c]++;
      } else {
        nextPtr[ptr] = 0;
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
      int np = nextPtr[as];
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
        np = nextPtr[np];
        if (np == 0) {
          return bNext;
        }
      }
      as = np;
    }
    return bNext;
  }

  /** git's fallback for a region where every common line is too frequent: its classic diff of that region. */
  private void fallBack(int line1, int count1, int line2, int count2) {
    ClassicDiff.diff(classA, line1, count1, classB, line2, count2, changedA, changedB, cancellation);
  }
}
