package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.json.Utf8Text;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * git_diff for a caller that writes its reply as it comes (HTTP MCP): a diff large enough to be written in
 * parallel is answered before its text is made, the text is git's bytes, what follows it comes at its end, and the
 * work stops when the reader leaves or the deadline passes, ending the text with a note.
 */
class StreamedDiffTest {

  /** More files than the tests' parallel threshold, and more text than a stream's lead (git.streamAheadBytes, 4 MiB): about 6.5 MB. */
  private static final int FILES = TestRepo.PARALLEL_FROM + 6;

  @TempDir
  Path dir;
  private Vertx vertx;
  private TestRepo repo;
  private String base;
  private String head;

  @BeforeEach
  void start() {
    assumeTrue(DiffParts.threads() > 1, "a diff is written in parallel, and streamed, only with two cores or more");
    repo = new TestRepo(dir);
    for (int f = 0; f < FILES; f++) {
      repo.write("src/file" + f + ".txt", lines(f, false));
    }
    base = repo.commit("first");
    for (int f = 0; f < FILES; f++) {
      repo.write("src/file" + f + ".txt", lines(f, true));
    }
    head = repo.commit("every tenth line of every file");
  }

  /** About 200 KB of lines; {@code edited}: every tenth one changed, so nearly all of it is in the diff's hunks. */
  private static String lines(int file, boolean edited) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 4_000; i++) {
      text.append(edited && i % 10 == 0 ? "changed " : "line ").append(file).append(' ').append(i)
        .append(" é \"quoted\" text to make it long enough\n");
    }
    return text.toString();
  }

  private void deploy(JsonObject git) throws Exception {
    vertx = Vertx.vertx();
    vertx.deployVerticle(new GitVerticle(repo.servedAsDemo(git.put("parallelFromFiles", TestRepo.PARALLEL_FROM)),
        ToolCatalog.standard()))
      .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() throws Exception {
    if (vertx != null) {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  private JsonObject diff(JsonObject args, boolean streams) throws Exception {
    // A budget no diff can pass: the text comes as it is made (a smaller budget pages it instead).
    return BusRequests.request(vertx.eventBus(), "reviewgate.git.diff", args.put("repo", "demo").put("max_bytes", Integer.MAX_VALUE),
        new CallContext(null, null, false, 0, true, streams).applyTo(new DeliveryOptions().setSendTimeout(30_000)))
      .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  private static JsonObject byRef() {
    return new JsonObject().put("base", "HEAD~1").put("head", "HEAD");
  }

  /** The stream written out as JSON, read back as its text. */
  private static String read(TextStream stream) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stream.writeJson(out);
    return new JsonArray("[" + out.toString(StandardCharsets.UTF_8) + "]").getString(0);
  }

  @Test
  void aLargeDiffIsAnsweredBeforeItsTextIsMadeAndItsTextIsGitsBytes() throws Exception {
    deploy(new JsonObject());
    JsonObject reply = diff(byRef(), true);
    assertThat(reply.getValue("diff")).isInstanceOf(TextStream.class);
    assertThat(reply.fieldNames()).as("the rest comes at the text's end").containsExactly("diff");
    TextStream stream = (TextStream) reply.getValue("diff");
    AtomicReference<JsonObject> rest = new AtomicReference<>();
    stream.whenEnded(rest::set);
    Thread.sleep(500);
    assertThat(rest.get()).as("with nobody reading, the text waits within its lead: not ended").isNull();
    assertThat(read(stream)).isEqualTo(repo.git("diff", "--histogram", base, head));
    assertThat(rest.get().getJsonObject("summary").getInteger("files")).isEqualTo(FILES);
    assertThat(rest.get().getJsonArray("warnings")).isEmpty();
    assertThat(rest.get().getString("head")).isEqualTo(head);
  }

  @Test
  void aCachedCallASmallDiffAndACallerThatDoesNotStreamGetTheWholeText() throws Exception {
    deploy(new JsonObject());
    String git = repo.git("diff", "--histogram", base, head);
    JsonObject bySha = diff(new JsonObject().put("base", base).put("head", head), true);
    assertThat(bySha.getValue("diff")).as("full SHAs: kept in the cache, so whole").isInstanceOf(Utf8Text.class);
    assertThat(bySha.getString("diff")).isEqualTo(git);
    JsonObject notStreaming = diff(byRef(), false);
    assertThat(notStreaming.getValue("diff")).isInstanceOf(Utf8Text.class);
    assertThat(notStreaming.getString("diff")).isEqualTo(git);
    JsonObject oneFile = diff(byRef().put("paths", new JsonArray().add("src/file3.txt")), true);
    assertThat(oneFile.getValue("diff")).as("below the parallel threshold: whole").isInstanceOf(Utf8Text.class);
    assertThat(oneFile.getString("diff")).isEqualTo(repo.git("diff", "--histogram", base, head, "--", "src/file3.txt"));
  }

  @Test
  void aReaderThatLeavesStopsTheWorkAndFreesItsWorker() throws Exception {
    // One worker and a deadline far away: only the reader's leaving can free the worker for the next call.
    deploy(new JsonObject().put("workerThreads", 1).put("timeoutMs", 120_000));
    JsonObject reply = diff(byRef(), true);
    TextStream stream = (TextStream) reply.getValue("diff");
    AtomicReference<JsonObject> rest = new AtomicReference<>();
    stream.whenEnded(rest::set);
    stream.abandon();
    JsonObject next = diff(new JsonObject().put("commit", head).put("paths", new JsonArray().add("src/file1.txt")), true);
    assertThat(next.getString("diff")).startsWith("diff --git a/src/file1.txt b/src/file1.txt");
    assertThat(rest.get().getJsonArray("warnings").getString(0)).contains("stopped part way");
  }

  @Test
  void aDeadlinePassedWhileTheReaderWasBehindEndsTheTextWithANoteAndAWarning() throws Exception {
    deploy(new JsonObject().put("timeoutMs", 1_500));
    JsonObject reply = diff(byRef(), true);
    TextStream stream = (TextStream) reply.getValue("diff");
    AtomicReference<JsonObject> rest = new AtomicReference<>();
    stream.whenEnded(rest::set);
    Thread.sleep(2_500); // nobody reads: the text waits within its lead until the deadline passes
    String text = read(stream);
    String git = repo.git("diff", "--histogram", base, head);
    int note = text.indexOf("\n[reviewgate] ");
    assertThat(note).as("a note ends the text").isPositive();
    assertThat(git).as("what came before the note is git's text so far").startsWith(text.substring(0, note));
    assertThat(note).isLessThan(git.length());
    assertThat(text.substring(note)).contains("git.timeoutMs").endsWith("\n");
    assertThat(rest.get().getJsonArray("warnings").getString(0)).contains("stopped part way").contains("git.timeoutMs");
    int written = text.substring(0, note).split("\ndiff --git ", -1).length;
    assertThat(rest.get().getJsonObject("summary").getInteger("files")).as("the files in the text, counted")
      .isEqualTo(written).isBetween(1, FILES - 1);
  }
}
