package dev.reviewgate.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.testkit.ReplyVariants.Kind;
import dev.reviewgate.testkit.ReplyVariants.Variant;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplyVariantsTest {

  private static final JsonArray DISCUSSIONS = new JsonArray().add(new JsonObject().put("id", "d1").put("notes", new JsonArray()
    .add(new JsonObject().put("id", 1).put("position", new JsonObject().put("new_line", 3).put("line_range", new JsonObject().put("a", 1))))
    .add(new JsonObject().put("id", 2).put("position", new JsonObject().put("new_line", 4).put("line_range", new JsonObject().put("a", 2))))));

  @Test
  void eachMemberChangesAloneThenAllTogetherAndTheFullReplyStaysAsItWas() {
    String before = DISCUSSIONS.encode();
    List<Variant> variants = ReplyVariants.of(DISCUSSIONS, ReplyVariants.members(
      "[].notes[].position.line_range", Kind.NULLABLE, "[].notes[].position.new_line", Kind.OPTIONAL, "[].notes", Kind.MAY_BE_EMPTY));
    assertThat(DISCUSSIONS.encode()).isEqualTo(before);
    assertThat(variants).extracting(Variant::name).containsExactly("as sent, with unknown members",
      "[].notes[].position.line_range null", "[].notes[].position.new_line absent", "[].notes empty",
      "every listed member null, absent or empty");

    JsonArray nulls = (JsonArray) variants.get(1).body();
    JsonObject note = nulls.getJsonObject(0).getJsonArray("notes").getJsonObject(1);
    assertThat(note.getJsonObject("position").containsKey("line_range")).isTrue();
    assertThat(note.getJsonObject("position").getValue("line_range")).isNull();
    assertThat(note.getJsonObject("position").getInteger("new_line")).isEqualTo(4);
    assertThat(note.containsKey(ReplyVariants.UNKNOWN_MEMBER)).isTrue();

    JsonArray absent = (JsonArray) variants.get(2).body();
    assertThat(absent.getJsonObject(0).getJsonArray("notes").getJsonObject(0).getJsonObject("position").containsKey("new_line")).isFalse();

    assertThat(((JsonArray) variants.get(3).body()).getJsonObject(0).getJsonArray("notes")).isEmpty();
    assertThat(((JsonArray) variants.get(4).body()).getJsonObject(0).getJsonArray("notes")).isEmpty();
  }

  @Test
  void aPathTheFullReplyLacksIsTheTestsOwnError() {
    assertThatThrownBy(() -> ReplyVariants.of(new JsonObject().put("head", new JsonObject()),
      ReplyVariants.members("head.repo", Kind.NULLABLE))).hasMessageContaining("no member head.repo");
  }
}
