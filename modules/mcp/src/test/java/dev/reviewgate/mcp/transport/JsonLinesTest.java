package dev.reviewgate.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonLinesTest {

  private static String line(JsonObject message) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLines.write(message, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aMessageIsOneLineThatDecodesToItself() throws Exception {
    String diff = "diff --git a/\"q\".txt b/\"q\".txt\n+caf\u00e9 \u20ac \ud83d\ude00\t\\ \u0001\n".repeat(5_000);
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("id", 7)
      .put("result", new JsonObject().put("content", new JsonArray().add(new JsonObject().put("type", "text").put("text", diff)))
        .put("structuredContent", new JsonObject().put("n", 1.5).put("ok", true).put("none", (Object) null)
          .put("list", new JsonArray().add(1).add("two").add(new JsonArray()))));

    String line = line(message);
    assertThat(line).endsWith("\n");
    assertThat(line.indexOf('\n')).as("one line").isEqualTo(line.length() - 1);
    assertThat(new JsonObject(line)).isEqualTo(message);
    String vertx = message.encode();
    int differ = 0;
    while (differ < Math.min(vertx.length(), line.length()) && vertx.charAt(differ) == line.charAt(differ)) {
      differ++;
    }
    assertThat(differ).as("the same text as Vert.x's own encoding; differs at %s: %s", differ,
      line.substring(Math.max(0, differ - 20), Math.min(line.length(), differ + 20))).isEqualTo(vertx.length());
  }

  @Test
  void aDiffHeldAsUtf8BytesIsWrittenAsTheSameJsonAsItsString() throws Exception {
    String diff = "diff --git a/\"q\".txt b/\"q\".txt\n+caf\u00e9 \u20ac \ud83d\ude00\t\\ \u0001\n".repeat(5_000);
    // Where a value may stand: first and not first in an object, and in an array between others.
    java.util.function.Function<Object, JsonObject> message = text -> new JsonObject().put("jsonrpc", "2.0").put("id", 7)
      .put("result", new JsonObject().put("content", new JsonArray().add(new JsonObject().put("text", text).put("type", "text"))
        .add(new JsonObject().put("type", "text").put("text", text)).add(new JsonArray().add(1).add(text).add(text)))
        .put("isError", false));
    JsonObject bytes = message.apply(Utf8Text.of(diff));
    String expected = line(message.apply(diff));
    assertThat(line(bytes)).isEqualTo(expected);
    assertThat(JsonLines.encode(bytes) + "\n").isEqualTo(expected);
    assertThat(JsonLines.holdsStringLongerThan(bytes, 100_000)).isTrue();
    assertThat(JsonLines.holdsStringLongerThan(message.apply(Utf8Text.of("short")), 100)).isFalse();
  }

  @Test
  void aValueThatCannotBeEncodedStillAnswersTheRequest() throws Exception {
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("id", "r1")
      .put("result", new JsonObject().put("odd", new Object()));
    String[] lines = line(message).split("\n");
    JsonObject error = new JsonObject(lines[lines.length - 1]);
    assertThat(error.getString("id")).isEqualTo("r1");
    assertThat(error.getJsonObject("error").getInteger("code")).isEqualTo(-32603);
  }

  @Test
  void theSizeBoundIsNeverUnderTheLineAndAReplyNearTheCeilingIsMeasuredNotCut() throws Exception {
    java.util.Random random = new java.util.Random(7);
    String alphabet = "a\"\\\n\t\u0001\u001f\u00e9\u4e2d\ud83d\ude00 ";
    for (int round = 0; round < 300; round++) {
      StringBuilder text = new StringBuilder();
      for (int i = random.nextInt(200); i > 0; i--) {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      JsonObject message = new JsonObject().put("jsonrpc", "2.0")
        .put("id", round % 3 == 0 ? new java.math.BigInteger("9".repeat(60)) : (Object) ("r" + round))
        .put("result", new JsonObject().put("text", text.toString()).put("n", random.nextDouble())
          .put("diff", Utf8Text.of(text.toString())).put("list", new JsonArray().add(text.toString()).addNull().add(true)));
      byte[] encoded = line(message).getBytes(StandardCharsets.UTF_8);
      assertThat(JsonLines.sizeBound(message)).isGreaterThanOrEqualTo(encoded.length);
      // A ceiling between the line and its bound takes the measuring path: the line goes out whole, once.
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertThat(JsonLines.writeAtMost(message, out, encoded.length)).isTrue();
      assertThat(out.toByteArray()).isEqualTo(encoded);
      assertThat(JsonLines.writeAtMost(message, new ByteArrayOutputStream(), encoded.length - 1)).isFalse();
    }
  }
}
