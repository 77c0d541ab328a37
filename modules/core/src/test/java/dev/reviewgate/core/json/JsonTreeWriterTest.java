package dev.reviewgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonTreeWriterTest {

  private enum Side { LEFT }

  @Test
  void writesWhatVertxWritesForEveryKindOfValue() {
    Map<String, Object> rawMap = new LinkedHashMap<>();
    rawMap.put("inner", List.of(1, "two", Map.of("three", 3)));
    List<Object> rawList = new ArrayList<>();
    rawList.add(null);
    rawList.add(Map.of("k", "v"));
    JsonObject value = new JsonObject()
      .put("text", "plain").put("empty", "").put("quotes", "say \"hi\" \\ there\n\t\u0001\u001f\u007f")
      .put("latin1", "caf\u00e9").put("cjk", "\u4e2d\u6587").put("emoji", "\ud83d\ude00 ok")
      .put("int", 42).put("negative", -7).put("long", 1L << 40).put("double", 0.1).put("float", 1.5f)
      .put("big", new BigDecimal("12345678901234567890.5")).put("bigInt", new BigInteger("123456789012345678901"))
      .put("short", (short) 3).put("byte", (byte) 4)
      .put("true", true).put("false", false).putNull("null")
      .put("instant", Instant.parse("2026-12-03T12:00:00Z")).put("bytes", new byte[] {1, 2, 3})
      .put("buffer", Buffer.buffer("abc")).put("enum", Side.LEFT)
      .put("array", new JsonArray().add(1).add("x").addNull().add(new JsonObject().put("deep", new JsonArray())))
      .put("object", new JsonObject()).put("map", rawMap).put("list", rawList);
    value.getMap().put("rawMapValue", new LinkedHashMap<>(Map.of("a", 1)));
    assertThat(JsonTreeWriter.encode(value)).isEqualTo(value.encode());
  }

  @Test
  void longStringsWithPairsAtEveryBlockBoundaryMatch() {
    Random random = new Random(41);
    for (int round = 0; round < 50; round++) {
      StringBuilder text = new StringBuilder();
      int length = 4000 + random.nextInt(30_000);
      while (text.length() < length) {
        switch (random.nextInt(6)) {
          case 0 -> text.append("\ud83d\ude00");
          case 1 -> text.append('"');
          case 2 -> text.append('\n');
          case 3 -> text.append('\u00e9');
          default -> text.append((char) ('a' + random.nextInt(26)));
        }
      }
      JsonObject value = new JsonObject().put("diff", text.toString()).put("n", round);
      assertThat(JsonTreeWriter.encode(value)).as("round %d", round).isEqualTo(value.encode());
      assertThat(new JsonObject(JsonTreeWriter.encode(value))).isEqualTo(value);
    }
  }

  @Test
  void theBytesWrittenAreVertxsTextInUtf8() throws Exception {
    StringBuilder ascii = new StringBuilder();
    for (int i = 0; ascii.length() < 20_000; i++) {
      ascii.append((char) (i % 128)).append("{\"path\":\"src/a.c\"}\t");
    }
    StringBuilder accents = new StringBuilder(ascii).append("caf\u00e9 \u4e2d\u6587 \u2028 \u00ff");
    StringBuilder mixed = new StringBuilder(ascii).append("caf\u00e9 \ud83d\ude00 \u4e2d");
    for (String text : List.of(ascii.toString(), accents.toString(), mixed.toString(), "short \"one\"")) {
      JsonObject value = new JsonObject().put("content", new JsonArray().add(new JsonObject().put("text", text)))
        .put("n", 1);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (var generator = JsonTreeWriter.FACTORY.createGenerator(out)) {
        JsonTreeWriter.write(value, generator, out);
      }
      assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(value.encode());
    }
  }

  @Test
  void aJsonStringWritesItselfInPlace() throws Exception {
    JsonObject value = new JsonObject().put("before", 1).put("diff", Utf8Text.of("line \"one\"\n")).put("after", "x");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (var generator = JsonTreeWriter.FACTORY.createGenerator(out)) {
      JsonTreeWriter.write(value, generator, out);
    }
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"before\":1,\"diff\":\"line \\\"one\\\"\\n\",\"after\":\"x\"}");
  }

  @Test
  void aLargeReplyIsWrittenAlike() {
    JsonArray files = new JsonArray();
    for (int i = 0; i < 2_000; i++) {
      files.add(new JsonObject().put("path", "src/dir" + i + "/file \"" + i + "\".c").put("status", "modified")
        .put("additions", i).put("deletions", (long) i * 3).put("binary", i % 7 == 0).putNull("old_path"));
    }
    JsonObject reply = new JsonObject().put("repo", "r").put("files", files).put("truncated", false);
    assertThat(JsonTreeWriter.encode(reply)).isEqualTo(reply.encode());
  }
}
