package dev.reviewgate.mcp.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** What a session keeps for reconnects: bounded by its budget, never a large final result. */
class SseStreamTest {

  private static JsonObject message(int id, String text) {
    return new JsonObject().put("jsonrpc", "2.0").put("id", id).put("result", new JsonObject().put("text", text));
  }

  @Test
  void eventsBeyondTheSessionsBudgetAreSentButNotKeptAndAReplayThatNeedsThemIsRefused() {
    JsonObject first = message(1, "a".repeat(100));
    int size = first.encode().length();
    SseStream.ReplayBudget budget = new SseStream.ReplayBudget(2L * size + size / 2);
    SseStream one = new SseStream("s1", 256, budget, null);
    SseStream two = new SseStream("s2", 256, budget, null);

    one.send(first);
    two.send(message(1, "b".repeat(100)));
    assertThat(budget.used()).isEqualTo(2L * size);
    assertThat(one.replayAfter(0)).isTrue();

    one.send(message(2, "c".repeat(100))); // over the budget the two streams share
    assertThat(budget.used()).as("not kept").isEqualTo(2L * size);
    assertThat(one.replayAfter(0)).as("event 2 is missing").isFalse();
    assertThat(one.replayAfter(2)).as("nothing after 2 is missing").isTrue();

    two.release(); // its stream left the session: its event's room comes back
    assertThat(budget.used()).isEqualTo(size);
    one.send(message(3, "d".repeat(100)));
    assertThat(budget.used()).isEqualTo(2L * size);
    assertThat(one.replayAfter(2)).isTrue();
  }

  @Test
  void aFinalResultWithALongStringIsNeverKept() {
    SseStream.ReplayBudget budget = new SseStream.ReplayBudget(Long.MAX_VALUE);
    SseStream stream = new SseStream("s1", 256, budget, null);
    stream.send(message(1, "progress"));
    long kept = budget.used();

    stream.finish(message(2, "+a line of a large diff\n".repeat(20_000)));
    assertThat(stream.complete()).isTrue();
    assertThat(budget.used()).as("the large result is not kept").isEqualTo(kept);
    assertThat(stream.replayAfter(1)).as("a reconnect that needs it is refused").isFalse();
    assertThat(stream.replayAfter(0)).isFalse();
  }

  @Test
  void theOldestEventsGoBeyondTheCountAndGiveTheirRoomBack() {
    SseStream.ReplayBudget budget = new SseStream.ReplayBudget(Long.MAX_VALUE);
    SseStream stream = new SseStream("s1", 2, budget, null);
    for (int i = 1; i <= 3; i++) {
      stream.send(message(i, "x"));
    }
    assertThat(budget.used()).isEqualTo(2L * message(1, "x").encode().length());
    assertThat(stream.replayAfter(0)).isFalse();
    assertThat(stream.replayAfter(1)).isTrue();
    stream.release();
    assertThat(budget.used()).isZero();
  }
}
