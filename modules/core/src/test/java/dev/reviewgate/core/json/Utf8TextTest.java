package dev.reviewgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Utf8TextTest {

  private static final JsonFactory JACKSON = JsonFactory.builder()
    .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();

  @Test
  void itsJsonIsJacksonsJsonOfTheSameStringForEveryAsciiByteAndMultiByteCharacters() throws IOException {
    StringBuilder text = new StringBuilder();
    for (char c = 0; c < 128; c++) {
      text.append(c);
    }
    text.append("é € 😀 中文 \u2028 end");
    assertJsonLikeJackson(text.toString(), 1);
    assertJsonLikeJackson(text.toString(), 3); // chunks that cut every multi-byte character somewhere
  }

  @Test
  void longRunsAndManyEscapesAcrossTheOutputBufferComeOutWhole() throws IOException {
    Random random = new Random(7);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 60_000; i++) {
      int kind = random.nextInt(20);
      text.append(kind == 0 ? "\n" : kind == 1 ? "\"" : kind == 2 ? "\t\\" : kind == 3 ? "ü" : kind == 4 ? "\u0001" : "x");
      if (i % 10_000 == 0) {
        text.append("y".repeat(20_000)); // a run longer than the writer's buffer
      }
    }
    assertJsonLikeJackson(text.toString(), 4096);
    assertJsonLikeJackson(text.toString(), 1 << 20);
  }

  @Test
  void bytesThatAreNotUtf8BecomeWhatStringDecodingMakesOfThem() throws IOException {
    byte[][] samples = {
      {'a', (byte) 0xFF, 'b'}, // never a UTF-8 byte
      {'c', 'a', 'f', (byte) 0xE9, '\n'}, // Latin-1
      {(byte) 0xC0, (byte) 0xAF}, // overlong
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
      {'x', (byte) 0xE2, (byte) 0x82}, // cut short at the end
    };
    for (byte[] sample : samples) {
      Utf8Text text = Utf8Text.of(List.of(sample));
      String decoded = new String(sample, StandardCharsets.UTF_8);
      assertThat(text.toString()).as(Arrays.toString(sample)).isEqualTo(decoded).contains("\ufffd");
      assertThat(json(text)).as(Arrays.toString(sample)).isEqualTo(jackson(decoded));
    }
  }

  @Test
  void malformedStretchesAnywhereInManyChunksComeOutAsOneStringDecodingMakesThem() {
    Random random = new Random(5);
    for (int round = 0; round < 5_000; round++) {
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      for (int i = 1 + random.nextInt(200); i > 0; i--) {
        int kind = random.nextInt(7);
        if (kind == 6) { // a whole character of two, three or four bytes
          written.writeBytes(new String(Character.toChars(new int[] {0xE9, 0x20AC, 0x1F600}[random.nextInt(3)]))
            .getBytes(StandardCharsets.UTF_8));
        } else {
          written.write(kind == 0 ? '\n' : kind == 1 ? 'a' : 0x80 + random.nextInt(128));
        }
      }
      byte[] bytes = written.toByteArray();
      List<byte[]> chunks = new ArrayList<>();
      for (int at = 0; at < bytes.length; ) {
        if (random.nextInt(10) == 0) {
          chunks.add(new byte[0]);
        }
        int next = Math.min(bytes.length, at + 1 + random.nextInt(40));
        chunks.add(Arrays.copyOfRange(bytes, at, next));
        at = next;
      }
      String whole = new String(bytes, StandardCharsets.UTF_8);
      Utf8Text text = Utf8Text.of(chunks);
      assertThat(text.toString()).as(Arrays.toString(bytes)).isEqualTo(whole);
      assertThat(json(text)).as(Arrays.toString(bytes)).isEqualTo(jackson(whole));
    }
  }

  @Test
  void theSequenceCheckIsAsStrictAsTheJdksDecoderAndTextCutAnywhereWritesTheSameJson() {
    Random random = new Random(11);
    int malformed = 0;
    for (int round = 0; round < 20_000; round++) {
      // A few characters of every length, then, half the time, one byte changed to one that starts or continues
      // sequences, where the rules are.
      StringBuilder text = new StringBuilder();
      for (int i = 1 + random.nextInt(4); i > 0; i--) {
        int kind = random.nextInt(4);
        text.appendCodePoint(kind == 0 ? random.nextInt(0x80) : kind == 1 ? 0x80 + random.nextInt(0x780)
          : kind == 2 ? 0xE000 + random.nextInt(0x2000) : 0x10000 + random.nextInt(0x100000));
      }
      byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
      if (random.nextBoolean()) {
        bytes[random.nextInt(bytes.length)] = (byte) (0x80 + random.nextInt(128));
      }
      boolean strict = strictlyDecodes(bytes);
      malformed += strict ? 0 : 1;
      int cut = random.nextInt(bytes.length + 1);
      List<byte[]> chunks = List.of(Arrays.copyOf(bytes, cut), Arrays.copyOfRange(bytes, cut, bytes.length));
      assertThat(wellFormed(bytes)).as(Arrays.toString(bytes)).isEqualTo(strict);
      String whole = new String(bytes, StandardCharsets.UTF_8);
      assertThat(json(Utf8Text.of(chunks))).as(Arrays.toString(bytes) + " cut at " + cut).isEqualTo(jackson(whole));
    }
    assertThat(malformed).as("both kinds were tried").isBetween(2_000, 18_000);
  }

  @Test
  void textEscapedInPartsWritesTheJsonOfTheWholeAndDecodesToItWhereverThePartsAndChunksAreCut() {
    Random random = new Random(13);
    int partsWithoutAscii = 0;
    for (int round = 0; round < 5_000; round++) {
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      for (int i = random.nextInt(120); i > 0; i--) {
        int kind = random.nextInt(9);
        if (kind == 8) {
          written.writeBytes(new String(Character.toChars(new int[] {0xE9, 0x20AC, 0x1F600}[random.nextInt(3)]))
            .getBytes(StandardCharsets.UTF_8));
        } else {
          written.write(new int[] {'\n', '"', '\\', '\t', 0x01, 'a', 0x80 + random.nextInt(128), 0xE2}[kind]);
        }
      }
      byte[] bytes = written.toByteArray();
      // Parts cut anywhere (inside a character too, or empty), each part's bytes in chunks cut anywhere.
      List<Utf8Text.Part> parts = new ArrayList<>();
      for (int at = 0; at <= bytes.length; ) {
        int end = Math.min(bytes.length, at + random.nextInt(30));
        List<byte[]> chunks = new ArrayList<>();
        for (int c = at; c < end; ) {
          int next = Math.min(end, c + 1 + random.nextInt(8));
          chunks.add(Arrays.copyOfRange(bytes, c, next));
          c = next;
        }
        boolean ascii = false;
        for (int i = at; i < end; i++) {
          ascii |= bytes[i] >= 0;
        }
        partsWithoutAscii += ascii || end == at ? 0 : 1;
        parts.add(Utf8Text.escape(chunks));
        if (end == bytes.length) {
          break;
        }
        at = end;
      }
      String whole = new String(bytes, StandardCharsets.UTF_8);
      Utf8Text text = Utf8Text.ofParts(parts);
      assertThat(json(text)).as(Arrays.toString(bytes)).isEqualTo(jackson(whole));
      assertThat(text.toString()).as(Arrays.toString(bytes)).isEqualTo(whole);
      assertThat(text).isEqualTo(Utf8Text.of(List.of(bytes)));
    }
    assertThat(partsWithoutAscii).as("parts of non-ASCII bytes only were joined too").isGreaterThan(500);
  }

  @Test
  void aLargeTextEscapedInPartsIsWrittenAsItsJson() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 40_000; i++) {
      text.append("+\tline ").append(i).append(" \"quoted\" é€😀 \\ \u0002\n");
    }
    byte[] utf8 = text.toString().getBytes(StandardCharsets.UTF_8);
    int third = utf8.length / 3;
    List<Utf8Text.Part> parts = List.of(
      Utf8Text.escape(List.of(Arrays.copyOfRange(utf8, 0, third))),
      Utf8Text.escape(List.of(Arrays.copyOfRange(utf8, third, 2 * third), Arrays.copyOfRange(utf8, 2 * third, utf8.length))));
    Utf8Text escaped = Utf8Text.ofParts(parts);
    // As the whole written in one piece (whose JSON the tests above hold to Jackson's), and read back as the text.
    assertThat(json(escaped)).isEqualTo(json(Utf8Text.of(List.of(utf8))));
    try (com.fasterxml.jackson.core.JsonParser parser = JACKSON.createParser(json(escaped))) {
      parser.nextToken();
      assertThat(parser.getText()).isEqualTo(text.toString());
    }
    assertThat(escaped.toString()).isEqualTo(text.toString());
    assertThat(escaped.size()).as("held escaped").isGreaterThan(utf8.length);
  }

  @Test
  void aJsonObjectCopySharesItAtAnyDepthAndGetStringDecodesIt() {
    Utf8Text diff = Utf8Text.of("diff --git a/x b/x\n+é\n");
    JsonObject reply = new JsonObject().put("diff", diff)
      .put("content", new JsonArray().add(new JsonObject().put("text", diff)).add(new JsonArray().add(diff)));
    JsonObject copy = reply.copy();
    assertThat(copy.getValue("diff")).isSameAs(diff);
    assertThat(copy.getJsonArray("content").getJsonObject(0).getValue("text")).isSameAs(diff);
    assertThat(copy.getJsonArray("content").getJsonArray(1).getValue(0)).isSameAs(diff);
    assertThat(copy.getString("diff")).isEqualTo("diff --git a/x b/x\n+é\n");
    assertThat(Utf8Text.of("+é\n")).isEqualTo(Utf8Text.of(List.of("+\u00c3".getBytes(StandardCharsets.ISO_8859_1),
      new byte[] {(byte) 0xA9, '\n'}))).hasSameHashCodeAs(Utf8Text.of("+é\n"));
  }

  /** Whether walking {@code bytes} by ASCII bytes and {@link Utf8Text#sequenceLength} takes all of them. */
  private static boolean wellFormed(byte[] bytes) {
    int i = 0;
    while (i < bytes.length) {
      int length = bytes[i] >= 0 ? 1 : Utf8Text.sequenceLength(bytes, i, bytes.length);
      if (length == 0) {
        return false;
      }
      i += length;
    }
    return true;
  }

  private static byte[] json(Utf8Text text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      text.writeJson(out);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] jackson(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator generator = JACKSON.createGenerator(out)) {
      generator.writeString(text);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void assertJsonLikeJackson(String text, int chunkSize) throws IOException {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    List<byte[]> chunks = new ArrayList<>();
    for (int at = 0; at < utf8.length; at += chunkSize) {
      chunks.add(Arrays.copyOfRange(utf8, at, Math.min(utf8.length, at + chunkSize)));
    }
    assertThat(json(Utf8Text.of(chunks))).as("chunks of " + chunkSize).isEqualTo(jackson(text));
  }

  private static boolean strictlyDecodes(byte[] bytes) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  @Test
  void aRunOfPlainBytesEndsAtTheFirstByteToEscapeWhereverItStands() {
    // Plain bytes at the edges of what the word-at-a-time test tells apart, and every kind of byte that ends a run.
    byte[] plain = {' ', '!', '#', '[', ']', 'a', '~', 0x7F};
    byte[] ending = {0, 0x1F, '\t', '\n', '"', '\\', (byte) 0x80, (byte) 0xC3, (byte) 0xFF};
    Random random = new Random(26);
    int checked = 0;
    for (int length = 0; length <= 40; length++) {
      for (int at = -1; at < length; at++) {
        for (byte end : ending) {
          byte[] bytes = new byte[length];
          for (int i = 0; i < length; i++) {
            bytes[i] = plain[random.nextInt(plain.length)];
          }
          if (at >= 0) {
            bytes[at] = end;
          }
          for (int from = 0; from <= Math.min(length, 9); from++) {
            int expected = from;
            while (expected < length && Utf8Text.plain(bytes[expected])) {
              expected++;
            }
            assertThat(Utf8Text.plainEnd(bytes, from, length)).as("length %d, %s at %d, from %d", length, end, at, from)
              .isEqualTo(expected);
            checked++;
          }
          if (at < 0) {
            break; // all plain: the ending byte does not matter
          }
        }
      }
    }
    assertThat(checked).isGreaterThan(40_000);
  }
}
