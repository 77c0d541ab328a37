package dev.reviewgate.diff.bus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.diff.ModelFields;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.parse.DiffParser;
import dev.reviewgate.diff.render.UnifiedRenderer;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The model crosses the event bus as itself in-process and, between nodes, as bytes and offsets rebuilt unparsed. */
@ExtendWith(VertxExtension.class)
class DiffCodecTest {

  private static final DiffParser PARSER = new DiffParser(1 << 20);

  private static final String GIT_BINARY = "diff --git a/logo.png b/logo.png\nnew file mode 100644\n"
    + "index 0000000..e69de29\nGIT binary patch\nliteral 3\nKcmZ?wWB>pF0RR91\n\nliteral 0\nHcmV?d00001\n\n"
    + "diff --git a/caf\u00e9.txt b/caf\u00e9.txt\nindex 1111111..2222222 100644\n--- a/caf\u00e9.txt\n+++ b/caf\u00e9.txt\n"
    + "@@ -1,2 +1,2 @@ heading \u00e9\n-old\n+new\n context\n\\ No newline at end of file\n";

  @Test
  void theWireFormRebuildsEveryFieldAndRendersTheSameBytes() throws IOException {
    byte[] email;
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("fixtures/github3py/PullRequest_patch__1.patch")) {
      email = in.readAllBytes();
    }
    Diff mail = PARSER.parse(email);
    assertThat(mail.files().get(0).leadingText().isEmpty()).as("an e-mail's text before the first file").isFalse();
    Diff binary = PARSER.parse(GIT_BINARY.getBytes(StandardCharsets.UTF_8));
    // A shaped file: its hunk cut to a part of its lines, with a header of its own (not a slice of the source).
    FileDiff whole = mail.files().get(0);
    FileDiff cut = whole.withHunks(List.of(whole.hunks().get(0).slice(1, whole.hunks().get(0).lineCount() - 1)), true);
    Diff shaped = new Diff(List.of(cut, binary.files().get(1)), mail.trailingText());
    for (Diff diff : List.of(mail, binary, shaped)) {
      Buffer wire = Buffer.buffer().appendString("other bytes first");
      new DiffCodec().encodeToWire(wire, diff);
      Diff back = new DiffCodec().decodeFromWire("other bytes first".length(), wire);
      assertThat(UnifiedRenderer.render(back)).isEqualTo(UnifiedRenderer.render(diff));
      assertThat(back.files()).hasSameSizeAs(diff.files());
      for (int i = 0; i < diff.files().size(); i++) {
        assertThat(ModelFields.describe(back.files().get(i))).isEqualTo(ModelFields.describe(diff.files().get(i)));
      }
    }
  }

  @Test
  @Timeout(value = 10, timeUnit = TimeUnit.SECONDS)
  void inProcessTheReplyIsTheModelItself(Vertx vertx, VertxTestContext test) {
    Diff diff = PARSER.parse(GIT_BINARY.getBytes(StandardCharsets.UTF_8));
    DiffCodec.register(vertx.eventBus());
    DiffCodec.register(vertx.eventBus()); // a second verticle registering it finds it there
    vertx.eventBus().<JsonObject>consumer("test.model", message -> message.reply(diff)).completion()
      .compose(v -> vertx.eventBus().<Diff>request("test.model", new JsonObject()))
      .onComplete(test.succeeding(reply -> test.verify(() -> {
        assertThat(reply.body()).isSameAs(diff);
        test.completeNow();
      })));
  }
}
