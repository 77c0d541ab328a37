package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PatchBytesTest {

  /** Text whose multi-byte characters fall across every chunk boundary sooner or later (1-, 2-, 3- and 4-byte ones). */
  private static final String TEXT = "+ line é € 😀 x\n".repeat(200_000);

  @Test
  void multiByteCharactersAcrossChunksComeBackWhole() {
    byte[] utf8 = TEXT.getBytes(StandardCharsets.UTF_8);
    PatchBytes blocks = new PatchBytes();
    for (int at = 0; at < utf8.length; at += 1_000) {
      blocks.write(utf8, at, Math.min(1_000, utf8.length - at));
    }
    PatchBytes singles = new PatchBytes();
    for (int i = 0; i < 100_003; i++) {
      singles.write(utf8[i]);
    }

    assertThat(blocks.size()).isEqualTo(utf8.length);
    assertThat(blocks.toByteArray()).isEqualTo(utf8);
    assertThat(blocks.takeUtf8()).isEqualTo(TEXT);
    assertThat(blocks.size()).as("taken").isZero();
    assertThat(singles.takeUtf8()).isEqualTo(new String(utf8, 0, 100_003, StandardCharsets.UTF_8));
  }

  @Test
  void bytesThatAreNotUtf8BecomeReplacementCharacters() {
    PatchBytes out = new PatchBytes();
    byte[] latin1 = "+caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
    out.write(latin1, 0, latin1.length);
    assertThat(out.takeUtf8()).isEqualTo("+caf\ufffd\n");
  }

  @Test
  void aCharacterBoundaryNeverSplitsASequence() {
    byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
    assertThat(PatchBytes.characterBoundary(new byte[] {'a', euro[0], euro[1]})).isEqualTo(1);
    assertThat(PatchBytes.characterBoundary(new byte[] {'a', euro[0], euro[1], euro[2]})).isEqualTo(4);
    assertThat(PatchBytes.characterBoundary(new byte[] {'a', 'b'})).isEqualTo(2);
  }
}
