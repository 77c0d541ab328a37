package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property, seeded and bounded: for random lines of a few letters and git's whitespace (space, tab, CR, and a
 * newline at the end or not), two lines are the same under a mode exactly when git's documented rule says so, and
 * lines that are the same hash alike (what lets them share a class). The rules, as {@code git diff} documents them:
 * {@code -w} ignores all whitespace, {@code -b} ignores changes in its amount and whitespace at the end of the line,
 * {@code --ignore-space-at-eol} only the latter. The fidelity tests against the git command line are in the git
 * module; this one finds a disagreement of {@link Whitespace#same} and {@link Whitespace#hash} on its own.
 */
class WhitespaceTest {

  private static final long SEED = 20261208L;
  private static final int PAIRS = 20_000;
  private static final char[] ALPHABET = {'a', 'b', ' ', ' ', '\t', '\r'};

  @Test
  void linesAreTheSameExactlyWhenTheRuleSaysAndTheSameHashAlike() {
    Random random = new Random(SEED);
    int same = 0;
    for (int n = 0; n < PAIRS; n++) {
      String a = line(random);
      String b = random.nextInt(3) == 0 ? line(random) : respaced(a, random);
      for (Whitespace mode : Whitespace.values()) {
        byte[] x = a.getBytes(StandardCharsets.US_ASCII);
        byte[] y = b.getBytes(StandardCharsets.US_ASCII);
        boolean expected = rule(mode, a).equals(rule(mode, b));
        assertThat(mode.same(x, 0, x.length, y, 0, y.length)).as("%s: %s vs %s", mode, show(a), show(b))
          .isEqualTo(expected);
        if (expected) {
          same++;
          assertThat(mode.hash(x, 0, x.length)).as("%s hash: %s vs %s", mode, show(a), show(b))
            .isEqualTo(mode.hash(y, 0, y.length));
        }
      }
    }
    assertThat(same).as("pairs the same under some mode").isGreaterThan(PAIRS / 4);
  }

  @Test
  void aLastLineWithoutItsNewlineIsTheSameLineUnderEveryModeButNone() {
    byte[] with = "x = 1;\n".getBytes(StandardCharsets.US_ASCII);
    byte[] without = "x = 1;".getBytes(StandardCharsets.US_ASCII);
    assertThat(Whitespace.ALL.same(with, 0, with.length, without, 0, without.length)).isTrue();
    assertThat(Whitespace.CHANGE.same(with, 0, with.length, without, 0, without.length)).isTrue();
    assertThat(Whitespace.AT_EOL.same(with, 0, with.length, without, 0, without.length)).isTrue();
    assertThat(new Lines("x = 1;\nx = 1;".getBytes(StandardCharsets.US_ASCII)).same(0, 1)).isFalse();
    assertThat(new Lines("x = 1;\nx = 1;".getBytes(StandardCharsets.US_ASCII), Whitespace.ALL).same(0, 1)).isTrue();
  }

  /** The text a line counts as under {@code mode}, by the rule in words (regular expressions, not the code's loops). */
  private static String rule(Whitespace mode, String line) {
    return switch (mode) {
      case NONE -> line;
      case ALL -> line.replaceAll("[ \t\r\n]", "");
      case CHANGE -> line.replaceAll("[ \t\r\n]+$", "").replaceAll("[ \t\r\n]+", " ");
      case AT_EOL -> line.replaceAll("[ \t\r\n]+$", "");
    };
  }

  private static String line(Random random) {
    StringBuilder line = new StringBuilder();
    int length = random.nextInt(8);
    for (int i = 0; i < length; i++) {
      line.append(ALPHABET[random.nextInt(ALPHABET.length)]);
    }
    return random.nextBoolean() ? line.append('\n').toString() : line.toString();
  }

  /** {@code line} with its whitespace changed: runs grown, shrunk, swapped, dropped or added, and its newline. */
  private static String respaced(String line, Random random) {
    StringBuilder out = new StringBuilder();
    for (char c : line.replace("\n", "").toCharArray()) {
      boolean space = c == ' ' || c == '\t' || c == '\r';
      int choice = random.nextInt(5);
      if (!space) {
        out.append(choice == 0 ? " " : "").append(c);
      } else if (choice == 0) {
        out.append(c).append(ALPHABET[2 + random.nextInt(4)]);
      } else if (choice != 1) {
        out.append(choice == 2 ? '\t' : c);
      }
    }
    if (random.nextBoolean()) {
      out.append(random.nextBoolean() ? " " : "\r");
    }
    return random.nextBoolean() ? out.append('\n').toString() : out.toString();
  }

  private static String show(String text) {
    return text.replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n").replace(" ", "·");
  }
}
