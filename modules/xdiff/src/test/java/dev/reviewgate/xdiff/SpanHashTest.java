package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpanHashTest {

  /**
   * A walk told how many bytes matter stops early only for pairs that cannot reach them: for every pair of made-up
   * blobs (edited copies of each other and strangers) and every bar, the count is exact from the bar up and below it
   * otherwise; and a bar no pair can reach does stop walks early.
   */
  @Test
  void aBoundedWalkIsExactFromItsBarUpAndBelowItOtherwise() {
    Random random = new Random(26);
    String[] pool = new String[40];
    for (int i = 0; i < pool.length; i++) {
      pool[i] = "line " + i + " of some source text " + "x".repeat(random.nextInt(90)) + "\n";
    }
    byte[][] blobs = new byte[12][];
    for (int b = 0; b < blobs.length; b++) {
      StringBuilder text = new StringBuilder();
      int lines = 20 + random.nextInt(200);
      for (int l = 0; l < lines; l++) {
        // Half the blobs draw from the shared pool (so they copy each other in part), half are their own.
        text.append(b % 2 == 0 ? pool[random.nextInt(pool.length)] : "own " + b + " " + random.nextLong() + "\n");
      }
      blobs[b] = text.toString().getBytes(StandardCharsets.UTF_8);
    }
    int compared = 0;
    int stoppedEarly = 0;
    for (byte[] a : blobs) {
      for (byte[] b : blobs) {
        SpanHash from = SpanHash.of(a, true);
        SpanHash to = SpanHash.of(b, true);
        long exact = from.copiedTo(to, 0);
        for (long needed : new long[] {1, exact / 2, exact, exact + 1, 2 * exact + 10, a.length + 1L}) {
          long bounded = from.copiedTo(to, needed);
          if (exact >= needed) {
            assertThat(bounded).as("a pair that reaches %d", needed).isEqualTo(exact);
          } else {
            assertThat(bounded).as("a pair short of %d (exactly %d)", needed, exact).isLessThan(needed);
            stoppedEarly += bounded != exact ? 1 : 0;
          }
          compared++;
        }
      }
    }
    assertThat(compared).isEqualTo(12 * 12 * 6);
    assertThat(stoppedEarly).as("walks cut short").isGreaterThan(100);
  }
}
