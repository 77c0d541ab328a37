package dev.reviewgate.xdiff;

/**
 * Both sides of a file as content classes: each distinct line (bytes and newline) gets a number 1..K, in order of
 * first appearance in the old side then the new side, so git's diff algorithms can compare lines as integers.
 * Indexed from 1 like the change marks; index 0 is unused.
 */
record LineClasses(int[] old, int[] current, int count) {

  /**
   * Classes through an open-addressing table of ints (each slot a class number, each class the side and line that
   * first had it): no object per line, which for a range of thousands of files was most of a diff's garbage.
   */
  static LineClasses of(Lines a, Lines b) {
    int lines = a.size() + b.size();
    int capacity = Integer.highestOneBit(Math.max(2, lines) * 2 - 1) << 1;
    int mask = capacity - 1;
    int[] slots = new int[capacity];
    // Class c (1-based) was first seen at line firstLine[c] of side a (firstOld[c]) or b.
    int[] firstLine = new int[lines + 1];
    boolean[] firstOld = new boolean[lines + 1];
    int[] classA = new int[a.size() + 1];
    int[] classB = new int[b.size() + 1];
    int count = 0;
    // Lines of b that are a's first or last ones byte for byte (read against a) have their class: no lookup.
    boolean against = b.readAgainst(a);
    int headB = against ? b.sharedHead() : 0;
    int tailB = against ? b.sharedTail() : 0;
    for (int side = 0; side < 2; side++) {
      Lines here = side == 0 ? a : b;
      int[] out = side == 0 ? classA : classB;
      int from = 0;
      int to = here.size();
      if (side == 1) {
        System.arraycopy(classA, 1, classB, 1, headB);
        System.arraycopy(classA, a.size() - tailB + 1, classB, b.size() - tailB + 1, tailB);
        from = headB;
        to = b.size() - tailB;
      }
      for (int i = from; i < to; i++) {
        int slot = spread(here.hash(i)) & mask;
        int found = 0;
        while (slots[slot] != 0) {
          int c = slots[slot];
          if (here.same(i, firstOld[c] ? a : b, firstLine[c])) {
            found = c;
            break;
          }
          slot = (slot + 1) & mask;
        }
        if (found == 0) {
          found = ++count;
          slots[slot] = found;
          firstLine[found] = i;
          firstOld[found] = side == 0;
        }
        out[i + 1] = found;
      }
    }
    return new LineClasses(classA, classB, count);
  }

  /** Mixes the line hash's bits so that similar lines do not crowd neighbouring slots. */
  private static int spread(int hash) {
    int h = hash * 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
