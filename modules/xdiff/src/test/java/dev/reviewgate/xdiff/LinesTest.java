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
