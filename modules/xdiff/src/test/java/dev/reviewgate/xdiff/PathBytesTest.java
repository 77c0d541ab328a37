package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Names as bytes: every byte string comes back from its string form, its quoted form and its quoted form read back. */
class PathBytesTest {

  @Test
  void anyBytesSurviveTheStringAndTheQuotedForm() {
    Random random = new Random(48);
    for (int round = 0; round < 5_000; round++) {
      byte[] name = new byte[1 + random.nextInt(12)];
      for (int i = 0; i < name.length; i++) {
        // mostly bytes ≥ 0x80 and ASCII punctuation, where UTF-8 sequences start, break and overlap
        int pick = random.nextInt(4);
        name[i] = (byte) (pick == 0 ? 'a' + random.nextInt(3) : pick == 1 ? "\"\\\t\n /".charAt(random.nextInt(6))
          : 0x80 + random.nextInt(0x80));
      }
      String path = PathBytes.decode(name);
      assertThat(PathBytes.encode(path)).as("round %d", round).containsExactly(name);
      String quoted = PathBytes.quoted(path);
      assertThat(quoted.chars().allMatch(c -> c >= 0x20 && c < 0x7f)).as(quoted).isTrue();
      assertThat(PathBytes.encode(PathBytes.unquoted(quoted))).containsExactly(name);
      assertThat(PathBytes.display(path)).doesNotContainPattern("[\\uD800-\\uDFFF]");
    }
  }

  @Test
  void utf8NamesStayAsTheyAreAndOnlyOtherBytesAreEscaped() {
    assertThat(PathBytes.decode("caf\u00e9 \u4e2d.txt".getBytes(StandardCharsets.UTF_8))).isEqualTo("caf\u00e9 \u4e2d.txt");
    String latin = PathBytes.decode("caf\u00e9.txt".getBytes(StandardCharsets.ISO_8859_1));
    assertThat(PathBytes.hasEscapes(latin)).isTrue();
    assertThat(PathBytes.display(latin)).isEqualTo("caf\ufffd.txt");
    assertThat(PathBytes.quoted(latin)).isEqualTo("\"caf\\351.txt\"");
    assertThat(PathBytes.quoted(latin, false)).isEqualTo(latin);
    assertThat(PathBytes.quoted("caf\u00e9.txt", false)).isEqualTo("caf\u00e9.txt");
    assertThat(PathBytes.quoted("tab\there", false)).isEqualTo("\"tab\\there\"");
    assertThat(PathBytes.quotedIfNotUtf8("caf\u00e9.txt")).isEqualTo("caf\u00e9.txt");
    // A real character outside the BMP is a surrogate pair, never an escape.
    assertThat(PathBytes.hasEscapes("\ud83c\udc80")).isFalse();
    assertThat(PathBytes.encode("\ud83c\udc80")).containsExactly("\ud83c\udc80".getBytes(StandardCharsets.UTF_8));
    assertThat(PathBytes.unquoted("\"not \\q quoted\"")).isEqualTo("\"not \\q quoted\"");
  }
}
