package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** Changed words of paired removed and added lines. */
class WordChangesTest {

  @Test
  void pairedLinesMarkWhatDiffersAndLinesSharingOnlySpacesMarkNothing() {
    JsonArray lines = new JsonArray()
      .add(line("delete", "    return 3.14 * r * r"))
      .add(line("delete", "    System.out.println(\"hi\");"))
      .add(line("add", "    return math.pi * r * r"))
      .add(line("add", "    // greet by name"))
      .add(line("add", "    extra();"));
    JsonObject file = new JsonObject().put("hunks", new JsonArray().add(new JsonObject().put("lines", lines)));
    WordChanges.mark(file);
    assertThat(lines.getJsonObject(0).getJsonArray("words")).isEqualTo(new JsonArray().add(new JsonArray().add(11).add(15)));
    assertThat(lines.getJsonObject(2).getJsonArray("words")).isEqualTo(new JsonArray().add(new JsonArray().add(11).add(18)));
    assertThat(lines.getJsonObject(1).containsKey("words")).as("only spaces in common").isFalse();
    assertThat(lines.getJsonObject(3).containsKey("words")).isFalse();
    assertThat(lines.getJsonObject(4).containsKey("words")).as("an added line with no removed partner").isFalse();
  }

  private static JsonObject line(String kind, String text) {
    return new JsonObject().put("kind", kind).put("text", text);
  }
}
