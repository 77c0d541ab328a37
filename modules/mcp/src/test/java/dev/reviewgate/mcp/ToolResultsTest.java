package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class ToolResultsTest {

  @Test
  void instructionsOfAReviewWaitComeFirstAsPlainText() {
    JsonObject reply = new JsonObject().put("review_id", "r1").put("outcome", "comment")
      .put("instructions", "The reviewer wrote a comment on `a.txt` at line 3.");
    JsonObject result = ToolResults.success(reply);

    JsonArray content = result.getJsonArray("content");
    assertThat(content.getJsonObject(0).getString("text")).isEqualTo(reply.getString("instructions"));
    assertThat(new JsonObject(content.getJsonObject(1).getString("text")))
      .isEqualTo(new JsonObject().put("review_id", "r1").put("outcome", "comment"));
    assertThat(result.getJsonObject("structuredContent")).isEqualTo(reply);
  }

  @Test
  void aReplyWithoutTextFieldsIsItsJson() {
    JsonObject reply = new JsonObject().put("a", 1);
    assertThat(ToolResults.success(reply).getJsonArray("content").getJsonObject(0).getString("text"))
      .isEqualTo(reply.encode());
  }

  @Test
  void anEmptyDiffIsASentenceNotJson() {
    JsonObject reply = new JsonObject().put("summary", new JsonObject().put("files", 0)).put("diff", "");
    JsonArray content = ToolResults.success(reply).getJsonArray("content");
    String first = content.getJsonObject(0).getString("text");
    assertThat(first).isEqualTo(ToolResults.EMPTY_DIFF).doesNotStartWith("{");
    assertThat(new JsonObject(content.getJsonObject(1).getString("text")))
      .isEqualTo(new JsonObject().put("summary", new JsonObject().put("files", 0)));
  }
}
