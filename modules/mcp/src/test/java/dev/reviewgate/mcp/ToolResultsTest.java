package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import dev.reviewgate.mcp.transport.JsonLines;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ToolResultsTest {

  private static final ReplyContent DIFF = content("git_diff");
  private static final ReplyContent INSTRUCTIONS = content("review_request");

  private static ReplyContent content(String tool) {
    return ToolCatalog.standard().require(tool).replyContent();
  }

  @Test
  void instructionsOfAReviewWaitComeFirstAsPlainText() {
    JsonObject reply = new JsonObject().put("review_id", "r1").put("outcome", "comment")
      .put("instructions", "The reviewer wrote a comment on `a.txt` at line 3.");
    JsonObject result = ToolResults.success(reply, INSTRUCTIONS);

    JsonArray content = result.getJsonArray("content");
    assertThat(content.getJsonObject(0).getString("text")).isEqualTo(reply.getString("instructions"));
    assertThat(new JsonObject(content.getJsonObject(1).getString("text")))
      .isEqualTo(new JsonObject().put("review_id", "r1").put("outcome", "comment"));
    assertThat(ToolResults.reply(result)).isEqualTo(reply);
    assertThat(ToolResults.success(reply, List.of(DIFF, INSTRUCTIONS)))
      .as("a task's result, whose tool is not named, reads as the tool whose text it has").isEqualTo(result);
  }

  @Test
  void aReplyWithoutTextFieldsIsItsJson() {
    JsonObject reply = new JsonObject().put("a", 1);
    assertThat(ToolResults.success(reply, DIFF).getJsonArray("content").getJsonObject(0).getString("text"))
      .isEqualTo(reply.encode());
  }

  @Test
  void aDiffOfAToolThatDeclaresNoTextIsReadAsJson() {
    JsonObject reply = new JsonObject().put("diff", "+x\n");
    assertThat(ToolResults.success(reply).getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(reply.encode());
  }

  @Test
  void aLogIsItsLinesAndItsCommitsGoOnlyAsStructuredContent() {
    ReplyContent log = content("git_log");
    JsonArray commits = new JsonArray().add(new JsonObject().put("sha", "a".repeat(40)).put("subject", "Say \"hi\""));
    JsonObject reply = new JsonObject().put("repo", "r").put("range", "HEAD").put("commits", commits)
      .put("text", "aaaaaaa 2026-01-02 Ann: Say \"hi\"\n").put("next_cursor", "50.0123456789ab");
    JsonObject result = ToolResults.success(reply, log);

    JsonArray content = result.getJsonArray("content");
    assertThat(content.getJsonObject(0).getString("text")).isEqualTo(reply.getString("text"));
    assertThat(new JsonObject(content.getJsonObject(1).getString("text")))
      .isEqualTo(new JsonObject().put("repo", "r").put("range", "HEAD").put("next_cursor", "50.0123456789ab"));
    assertThat(result.getJsonObject("structuredContent").getJsonArray("commits")).isEqualTo(commits);
    assertThat(result.encode().split("Say", -1)).as("the subject twice: as a line and as structure").hasSize(3);
    assertThat(ToolResults.reply(result)).isEqualTo(reply);

    JsonObject none = ToolResults.success(new JsonObject().put("repo", "r").put("commits", new JsonArray()).put("text", ""), log);
    assertThat(none.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo(log.whenEmpty());
  }

  @Test
  void anEmptyDiffIsASentenceNotJson() {
    JsonObject reply = new JsonObject().put("summary", new JsonObject().put("files", 0)).put("diff", "");
    JsonObject result = ToolResults.success(reply, DIFF);
    JsonArray content = result.getJsonArray("content");
    String first = content.getJsonObject(0).getString("text");
    assertThat(first).isEqualTo(DIFF.whenEmpty()).doesNotStartWith("{");
    assertThat(ToolResults.reply(result)).isEqualTo(reply);
    assertThat(new JsonObject(content.getJsonObject(1).getString("text")))
      .isEqualTo(new JsonObject().put("summary", new JsonObject().put("files", 0)));
  }

  @Test
  void aDiffIsSentOnceAndTheStructuredContentNamesItsBlock() {
    String diff = "diff --git a/a.txt b/a.txt\n" + "+x\n".repeat(1000);
    JsonObject reply = new JsonObject().put("summary", new JsonObject().put("files", 1)).put("diff", diff).put("repo", "r");
    JsonObject result = ToolResults.success(reply, DIFF);

    JsonArray content = result.getJsonArray("content");
    assertThat(content.getJsonObject(0).getString("text")).isEqualTo(diff);
    JsonObject structured = result.getJsonObject("structuredContent");
    assertThat(structured.containsKey("diff")).isFalse();
    assertThat(structured.getInteger("diff_in_content")).isZero();
    assertThat(result.encode().length()).as("one copy of the diff on the wire").isLessThan(diff.length() * 2);
    assertThat(ToolResults.reply(result)).isEqualTo(reply);
    assertThat(reply.getString("diff")).as("the backend's reply is left as it was").isEqualTo(diff);
  }

  @Test
  void aNoteSaidFirstMovesTheDiffsBlock() {
    JsonObject result = ToolResults.withNote(ToolResults.success(new JsonObject().put("diff", "D"), DIFF), "approved as shown");
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("approved as shown");
    assertThat(result.getJsonObject("structuredContent").getInteger("diff_in_content")).isEqualTo(1);
    assertThat(ToolResults.reply(result).getString("diff")).isEqualTo("D");
  }

  @Test
  void aReplyWithoutADiffIsItsOwnStructuredContent() {
    JsonObject reply = new JsonObject().put("review_id", "r1").put("instructions", "go on");
    assertThat(ToolResults.reply(ToolResults.success(reply, DIFF))).isEqualTo(reply);
  }

  @Test
  void aDiffStillBeingMadeIsWrittenFirstAndWhatFollowsItIsCompleteWhenTheWriterComesToIt() throws Exception {
    for (boolean noted : new boolean[] {false, true}) {
      TextStream stream = new TextStream(1 << 20, () -> { });
      JsonObject result = ToolResults.success(new JsonObject().put("diff", stream), DIFF);
      if (noted) {
        ToolResults.withNote(result, "approved as shown");
      }
      JsonObject rest = new JsonObject().put("summary", new JsonObject().put("files", 2)).put("warnings", new JsonArray())
        .put("repo", "r");
      CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
        stream.add(Utf8Text.escape(List.of("diff --git a/é b/é\n+\"x\"\n".getBytes(StandardCharsets.UTF_8))));
        stream.add(Utf8Text.escape(List.of("diff --git a/b b/b\n".getBytes(StandardCharsets.UTF_8))));
        stream.end(rest);
      });
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JsonLines.write(new JsonObject().put("jsonrpc", "2.0").put("id", 1).put("result", result), out);
      produced.get(5, TimeUnit.SECONDS);
      String line = out.toString(StandardCharsets.UTF_8);
      assertThat(line).endsWith("}\n").hasLineCount(1);
      JsonObject written = new JsonObject(line).getJsonObject("result");
      int at = noted ? 1 : 0;
      JsonArray content = written.getJsonArray("content");
      assertThat(content.getJsonObject(at).getString("text")).isEqualTo("diff --git a/é b/é\n+\"x\"\n" + "diff --git a/b b/b\n");
      assertThat(new JsonObject(content.getJsonObject(at + 1).getString("text"))).isEqualTo(rest);
      assertThat(written.getJsonObject("structuredContent")).isEqualTo(rest.copy().put("diff_in_content", at));
      assertThat(written.getBoolean("isError")).isFalse();
    }
  }
}
