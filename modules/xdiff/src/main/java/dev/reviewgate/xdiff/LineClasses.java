package dev.reviewgate.xdiff;

import java.util.HashMap;
import java.util.Map;

/**
 * Both sides of a file as content classes: each distinct line (bytes and newline) gets a number 1..K, in order of
 * first appearance in the old side then the new side, so git's diff algorithms can compare lines as integers.
 * Indexed from 1 like the change marks; index 0 is unused.
 */
record LineClasses(int[] old, int[] current, int count) {

  static LineClasses of(Lines a, Lines b) {
    int[] classA = new int[a.size() + 1];
    int[] classB = new int[b.size() + 1];
    Map<LineKey, Integer> classes = new HashMap<>(2 * (a.size() + b.size()));
    for (int i = 0; i < a.size(); i++) {
      classA[i + 1] = classes.computeIfAbsent(new LineKey(a, i), k -> classes.size() + 1);
    }
    for (int i = 0; i < b.size(); i++) {
      classB[i + 1] = classes.computeIfAbsent(new LineKey(b, i), k -> classes.size() + 1);
    }
    return new LineClasses(classA, classB, classes.size());
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
}
