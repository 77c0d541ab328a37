package dev.reviewgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A text written while it is made: the same JSON as the whole text escaped in the same parts, whatever the pace of
 * its producer and its reader; a producer held back by a reader that is behind; and the ends: whole, stopped with a
 * note, abandoned by its reader.
 */
class TextStreamTest {

  private static final JsonObject REST = new JsonObject().put("summary", new JsonObject().put("files", 3));

  @Test
  void writtenAsItComesItIsTheJsonOfTheWholeWhereverItsPartsAreCut() throws Exception {
    Random random = new Random(17);
    for (int round = 0; round < 300; round++) {
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      for (int i = random.nextInt(400); i > 0; i--) {
        int kind = random.nextInt(7);
        if (kind == 6) {
          written.writeBytes(new String(Character.toChars(new int[] {0xE9, 0x20AC, 0x1F600}[random.nextInt(3)]))
            .getBytes(StandardCharsets.UTF_8));
        } else {
          written.write(new int[] {'\n', '"', '\\', 'a', 0x80 + random.nextInt(64), 0xE2}[kind]);
        }
      }
      byte[] bytes = written.toByteArray();
      List<Utf8Text.Part> parts = new ArrayList<>();
      for (int at = 0; at < bytes.length; ) {
        int end = Math.min(bytes.length, at + 1 + random.nextInt(40)); // inside a character too
        parts.add(Utf8Text.escape(List.of(Arrays.copyOfRange(bytes, at, end))));
        at = end;
      }
      // A small lead so that the producer waits for the reader now and then.
      TextStream stream = new TextStream(1 + random.nextInt(64), () -> { });
      CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
        parts.forEach(stream::add);
        stream.end(REST);
      });
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      stream.writeJson(out);
      produced.get(10, TimeUnit.SECONDS);
      assertThat(out.toByteArray()).as(Arrays.toString(bytes)).isEqualTo(json(Utf8Text.ofParts(parts)));
    }
  }

  @Test
  void aProducerWaitsWhileTheReaderIsItsLeadBehindAndGoesOnOnceItReads() throws Exception {
    TextStream stream = new TextStream(100, () -> { });
    CountDownLatch secondAdded = new CountDownLatch(1);
    Thread producer = new Thread(() -> {
      stream.add(part("a".repeat(150)));   // alone in the queue: taken however large
      stream.add(part("b".repeat(10)));    // 150 bytes unread: waits
      secondAdded.countDown();
      stream.end(REST);
    });
    producer.start();
    assertThat(secondAdded.await(300, TimeUnit.MILLISECONDS)).as("added past the lead with nothing read").isFalse();
    assertThat(producer.getState()).isIn(Thread.State.WAITING, Thread.State.TIMED_WAITING, Thread.State.BLOCKED);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stream.writeJson(out);
    producer.join(5_000);
    assertThat(secondAdded.getCount()).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo('"' + "a".repeat(150) + "b".repeat(10) + '"');
  }

  @Test
  void whatFollowsTheTextIsCompleteBeforeTheReaderReturnsAndListenersAfterTheEndRunAtOnce() throws Exception {
    TextStream stream = new TextStream(1 << 20, () -> { });
    JsonObject filled = new JsonObject();
    stream.whenEnded(rest -> {
      sleep(100); // a slow listener: the reader must still wait for it
      filled.mergeIn(rest);
    });
    CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
      stream.add(part("diff --git a/x b/x\n"));
      stream.end(REST);
    });
    stream.writeJson(new ByteArrayOutputStream());
    assertThat(filled).isEqualTo(REST);
    produced.get(5, TimeUnit.SECONDS);
    JsonObject late = new JsonObject();
    stream.whenEnded(late::mergeIn);
    assertThat(late).as("registered after the end: run at once").isEqualTo(REST);
    assertThatThrownBy(() -> stream.end(REST)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> stream.writeJson(new ByteArrayOutputStream())).as("read once")
      .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aStoppedTextEndsWithItsNoteOnALineOfItsOwn() throws Exception {
    TextStream stream = new TextStream(1 << 20, () -> { });
    stream.add(part("+é line\n"));
    stream.stop("[TIMEOUT] too slow", REST);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    stream.writeJson(out);
    assertThat(new JsonArray("[" + out.toString(StandardCharsets.UTF_8) + "]").getString(0))
      .isEqualTo("+é line\n\n[reviewgate] [TIMEOUT] too slow\n");
  }

  @Test
  void aReaderThatFailsAbandonsTheStreamAndThenTheProducerStops() throws Exception {
    TextStream stream = new TextStream(10, () -> { });
    AtomicInteger added = new AtomicInteger();
    CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
      for (int i = 0; i < 1_000; i++) {
        stream.add(part("x".repeat(20)));
        added.incrementAndGet();
      }
      stream.end(REST);
    });
    OutputStream failing = new OutputStream() {
      int written;

      @Override
      public void write(int b) throws IOException {
        if (++written > 30) {
          throw new IOException("the client is gone");
        }
      }
    };
    assertThatThrownBy(() -> stream.writeJson(failing)).hasMessageContaining("the client is gone");
    assertThatThrownBy(() -> produced.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(TextStream.Abandoned.class);
    assertThat(added.get()).as("stopped long before its end").isLessThan(10);
  }

  @Test
  void aWaitingProducerEndsWhenItsCheckpointThrows() throws Exception {
    AtomicBoolean pastDeadline = new AtomicBoolean();
    TextStream stream = new TextStream(10, () -> {
      if (pastDeadline.get()) {
        throw new IllegalStateException("past the deadline");
      }
    });
    CompletableFuture<Void> produced = CompletableFuture.runAsync(() -> {
      stream.add(part("x".repeat(20)));
      stream.add(part("y".repeat(20))); // nobody reads: waits until the checkpoint throws
    });
    sleep(150);
    assertThat(produced).isNotDone();
    pastDeadline.set(true);
    assertThatThrownBy(() -> produced.get(5, TimeUnit.SECONDS)).hasMessageContaining("past the deadline");
  }

  @Test
  void withinFindsStreamsAtAnyDepth() {
    TextStream stream = new TextStream(1, () -> { });
    TextStream.within(new JsonObject().put("content", new JsonArray().add(new JsonObject().put("text", stream))))
      .forEach(TextStream::abandon);
    assertThatThrownBy(() -> stream.add(part("x"))).isInstanceOf(TextStream.Abandoned.class);
  }

  private static Utf8Text.Part part(String text) {
    return Utf8Text.escape(List.of(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] json(Utf8Text text) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    text.writeJson(out);
    return out.toByteArray();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
