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
  void movedBuffersJoinInOrderAndLeaveTheSourceEmpty() {
    byte[] utf8 = TEXT.getBytes(StandardCharsets.UTF_8);
    PatchBytes joined = new PatchBytes();
    java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
    int at = 0;
    // Parts of odd sizes: some fill chunks exactly, most leave a partly filled one on either side of the join.
    for (int part : new int[] {0, 1, 8 * 1024, 5, 3_000_000, 70_000, 1 << 20, 12_345}) {
      PatchBytes block = new PatchBytes();
      block.write(utf8, at, part);
      expected.write(utf8, at, part);
      at += part;
      joined.moveFrom(block);
      assertThat(block.size()).as("moved out").isZero();
      joined.write('|');
      expected.write('|');
    }
    assertThat(joined.size()).isEqualTo(expected.size());
    assertThat(joined.toByteArray()).isEqualTo(expected.toByteArray());
    PatchBytes copy = new PatchBytes();
    joined.copyTo(copy, 7, expected.size() - 3);
    assertThat(copy.toByteArray()).isEqualTo(java.util.Arrays.copyOfRange(expected.toByteArray(), 7, expected.size() - 3));
  }

  /** One file at a time, as the model builder takes them: each take is that file's bytes alone, the buffer reused. */
  @Test
  void takenBytesAreWhatWasWrittenSinceTheLastTake() {
    byte[] utf8 = TEXT.getBytes(StandardCharsets.UTF_8);
    PatchBytes buffer = new PatchBytes();
    int at = 0;
    for (int part : new int[] {0, 17, 8 * 1024, 8 * 1024 + 1, 2_500_000, 3}) {
      buffer.write(utf8, at, part);
      assertThat(buffer.takeBytes()).isEqualTo(java.util.Arrays.copyOfRange(utf8, at, at + part));
      assertThat(buffer.size()).as("taken").isZero();
      at += part;
    }
    buffer.write('x');
    assertThat(buffer.toByteArray()).containsExactly('x');
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
