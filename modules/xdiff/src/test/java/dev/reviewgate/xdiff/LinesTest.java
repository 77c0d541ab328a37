package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinesTest {

  @Test
  void linesShorterThanTheFirstGuessAreAllKept() {
    // Lines of 1 to 3 bytes are far below the guess of 32 bytes a line, so the arrays must grow, some more than once.
    for (String text : new String[] {"\n".repeat(5_000), "a\nbb\n".repeat(3_000) + "last", "x", "", "one line\n",
      "long line ".repeat(500) + "\n" + "s\n".repeat(40_000)}) {
      byte[] raw = text.getBytes(StandardCharsets.UTF_8);
      Lines lines = new Lines(raw);
      List<String> expected = split(text);
      assertThat(lines.size()).as("lines of a %d-byte text", raw.length).isEqualTo(expected.size());
      int at = 0;
      for (int i = 0; i < expected.size(); i++) {
        assertThat(lines.start(i)).isEqualTo(at);
        at += expected.get(i).length();
      }
      assertThat(lines.start(lines.size())).isEqualTo(raw.length);
      if (expected.size() > 2) {
        assertThat(lines.same(0, 2)).isEqualTo(expected.get(0).equals(expected.get(2)));
      }
    }
  }

  /**
   * Lines are read eight bytes at a time from where each starts, so a line's hash must not depend on where it stands,
   * how long it is against a word, or whether it is among the last bytes read one at a time; and lines differing in
   * any byte must not be the same. Every line of 0 to 19 bytes (a newline among them or not), after prefixes of 0 to 9
   * bytes, against the same line at the start of another text.
   */
  @Test
  void equalLinesHashAlikeWhereverTheyStandAndDifferingOnesAreNotTheSame() {
    java.util.Random random = new java.util.Random(26);
    int checked = 0;
    for (int length = 0; length < 20; length++) {
      byte[] body = new byte[length];
      for (int k = 0; k < length; k++) {
        body[k] = (byte) (random.nextInt(254) + 1);
        if (body[k] == '\n') {
          body[k] = '\t';
        }
      }
      String line = new String(body, StandardCharsets.ISO_8859_1);
      Lines alone = new Lines((line + "\n").getBytes(StandardCharsets.ISO_8859_1));
      for (int prefix = 0; prefix < 10; prefix++) {
        for (String after : new String[] {"", "\n", "tail\n", "a longer tail than a word\n"}) {
          String text = "p".repeat(prefix) + "\n" + line + "\n" + after;
          Lines lines = new Lines(text.getBytes(StandardCharsets.ISO_8859_1));
          assertThat(lines.hash(1)).as("line of %d bytes after %d", length, prefix).isEqualTo(alone.hash(0));
          assertThat(lines.same(1, alone, 0)).isTrue();
          checked++;
        }
        // The same line without its newline, last in the text: not the same line (an empty one is no line at all).
        Lines unended = new Lines(("p".repeat(prefix) + "\n" + line).getBytes(StandardCharsets.ISO_8859_1));
        assertThat(unended.size()).isEqualTo(length == 0 ? 1 : 2);
        if (length > 0) {
          assertThat(unended.same(1, alone, 0)).isFalse();
        }
      }
      for (int k = 0; k < length; k++) {
        byte[] changed = (line + "\n").getBytes(StandardCharsets.ISO_8859_1);
        changed[k] ^= 0x40;
        assertThat(new Lines(changed).same(0, alone, 0)).as("byte %d of %d changed", k, length).isFalse();
      }
    }
    assertThat(checked).isEqualTo(20 * 10 * 4);
  }

  /** Lines that differ in one byte of any position of a word spread over the hash's low bits too (the table's slots). */
  @Test
  void linesDifferingInOneByteRarelyShareTheLowBitsOfTheirHash() {
    StringBuilder text = new StringBuilder();
    for (int position = 0; position < 24; position++) {
      for (int value = 0; value < 64; value++) {
        char[] line = "abcdefghijklmnopqrstuvwx".toCharArray();
        line[position] = (char) ('0' + value);
        text.append(line).append('\n');
      }
    }
    Lines lines = new Lines(text.toString().getBytes(StandardCharsets.ISO_8859_1));
    java.util.Set<Integer> low = new java.util.HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      low.add(lines.hash(i) & 0xfff);
    }
    // 1,536 lines into 4,096 values: random hashes leave about 1,290 distinct; a hash blind to some bytes far fewer.
    assertThat(lines.size()).isEqualTo(24 * 64);
    assertThat(low.size()).isGreaterThan(1_150);
  }

  /**
   * A side read against the other finds the lines, starts, hashes and classes that reading it alone finds: random
   * texts of few distinct lines (so shared heads and tails overlap what changed) edited at the start, the middle and
   * the end, with and without a last newline, one a prefix or a suffix of the other, the same, or empty.
   */
  @Test
  void aSideReadAgainstTheOtherFindsWhatReadingItAloneFinds() {
    java.util.Random random = new java.util.Random(26);
    String[] pool = {"a\n", "b\n", "a\n", "int x;\n", "\n", "  return 0;\n", "}\n", "a much longer line of text\n", "c"};
    int shared = 0;
    for (int round = 0; round < 3_000; round++) {
      List<String> old = new ArrayList<>();
      for (int i = random.nextInt(30); i > 0; i--) {
        old.add(pool[random.nextInt(pool.length)].replace("c", "c\n"));
      }
      List<String> current = new ArrayList<>(old);
      for (int e = random.nextInt(4); e > 0; e--) {
        int at = current.isEmpty() ? 0 : random.nextInt(current.size() + 1);
        switch (random.nextInt(3)) {
          case 0 -> current.add(at, pool[random.nextInt(pool.length)].replace("c", "c\n"));
          case 1 -> { if (at < current.size()) current.remove(at); }
          default -> { if (at < current.size()) current.set(at, "changed " + round + "\n"); }
        }
      }
      String oldText = String.join("", old);
      String newText = String.join("", current);
      // Sometimes a last line without its newline on either side.
      if (random.nextInt(4) == 0 && oldText.endsWith("\n")) {
        oldText = oldText.substring(0, oldText.length() - 1);
      }
      if (random.nextInt(4) == 0 && newText.endsWith("\n")) {
        newText = newText.substring(0, newText.length() - 1);
      }
      if (random.nextInt(10) == 0) {
        newText = oldText + (random.nextBoolean() ? "more\n" : "");
      }
      if (random.nextInt(10) == 0) {
        newText = "before\n" + oldText;
      }
      Lines a = new Lines(oldText.getBytes(StandardCharsets.UTF_8));
      byte[] raw = newText.getBytes(StandardCharsets.UTF_8);
      Lines alone = new Lines(raw);
      Lines against = new Lines(raw, a);
      assertThat(against.size()).as("round %d: %s -> %s", round, oldText, newText).isEqualTo(alone.size());
      for (int i = 0; i <= alone.size(); i++) {
        assertThat(against.start(i)).isEqualTo(alone.start(i));
      }
      for (int i = 0; i < alone.size(); i++) {
        assertThat(against.hash(i)).isEqualTo(alone.hash(i));
      }
      LineClasses expected = LineClasses.of(a, alone);
      LineClasses actual = LineClasses.of(a, against);
      assertThat(actual.old()).isEqualTo(expected.old());
      assertThat(actual.current()).as("round %d: %s -> %s", round, oldText, newText).isEqualTo(expected.current());
      assertThat(actual.count()).isEqualTo(expected.count());
      assertThat(against.sharedHead() + against.sharedTail()).isLessThanOrEqualTo(Math.min(a.size(), alone.size()));
      shared += against.sharedHead() + against.sharedTail();
    }
    assertThat(shared).as("lines taken from the other side").isGreaterThan(10_000);
  }

  /** A zero byte is found wherever it stands within the limit, and none past it; bytes like 0x80 or 0x01 are not zero. */
  @Test
  void aZeroByteIsFoundAnywhereWithinTheLimitAndNowhereElse() {
    for (int length = 0; length < 40; length++) {
      byte[] data = new byte[length];
      java.util.Arrays.fill(data, (byte) 0x80);
      for (int k = 0; k < length; k += 2) {
        data[k] = 0x01;
      }
      assertThat(Lines.hasZeroByte(data, length)).as("no zero in %d bytes", length).isFalse();
      for (int at = 0; at < length; at++) {
        byte kept = data[at];
        data[at] = 0;
        assertThat(Lines.hasZeroByte(data, length)).as("zero at %d of %d", at, length).isTrue();
        assertThat(Lines.hasZeroByte(data, at)).as("zero at %d, limit %d", at, at).isFalse();
        data[at] = kept;
      }
    }
  }

  @Test
  void theGrownCapacityNeverExceedsALinePerByteNorStaysShort() {
    assertThat(Lines.grownCapacity(99, 199, 1_000, 100)).isBetween(501, 1_001);
    assertThat(Lines.grownCapacity(10, 10, 11, 16)).isEqualTo(12);
    assertThat(Lines.grownCapacity(3_000, 90_000, 100_000, 3_001)).isGreaterThan(3_001 + 15);
  }

  /** Lines as xdiff records them: each up to and including its LF, the last one possibly without. */
  private static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    int from = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        out.add(text.substring(from, i + 1));
        from = i + 1;
      }
    }
    if (from < text.length()) {
      out.add(text.substring(from));
    }
    return out;
  }
}
