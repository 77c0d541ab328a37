package dev.reviewgate.core.bus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two consumers on one address stand for two nodes serving a tool (the event bus takes them in turn, as it takes the
 * nodes of a cluster): one never answers, as a stopped process does, the other answers at once.
 */
@ExtendWith(VertxExtension.class)
@Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
class ReadOnlyResendTest {

  private static final long RESEND_AFTER_MS = 200;
  private static final long DEADLINE_MS = 3_000;
  private static final int CALLS = 10;

  private final ToolCatalog catalog = ToolCatalog.standard();

  @Test
  void everyReadOnlyCallIsAnsweredBySurvivorSoonAfterTheResendInterval(Vertx vertx, VertxTestContext test) {
    Tool readOnly = catalog.require("git_resolve");
    assertThat(ReadOnlyResend.resendable(readOnly)).isTrue();
    AtomicInteger stalled = new AtomicInteger();
    AtomicInteger cancelled = new AtomicInteger();
    ReadOnlyResend.set(vertx, RESEND_AFTER_MS);
    List<Long> elapsed = new ArrayList<>();
    twoNodes(vertx, readOnly, stalled)
      .compose(v -> CancelSignals.of(vertx).listen(vertx, callId -> cancelled.incrementAndGet()))
      .compose(v -> sequentially(vertx, readOnly, elapsed))
      .onComplete(test.succeeding(v -> test.verify(() -> {
        assertThat(elapsed).hasSize(CALLS);
        // Half the first copies reach the stalled consumer; each of those is answered by the second copy.
        assertThat(stalled.get()).isGreaterThanOrEqualTo(CALLS / 2);
        assertThat(elapsed).allSatisfy(ms -> assertThat(ms).isLessThan(RESEND_AFTER_MS + 1_000));
        assertThat(cancelled.get()).as("the stalled copies are abandoned").isGreaterThanOrEqualTo(1);
        test.completeNow();
      })));
  }

  @Test
  void aWriteIsSentOnceAndTimesOutWhenItsNodeStalls(Vertx vertx, VertxTestContext test) {
    Tool write = catalog.require("github_update_pull_request_state");
    assertThat(ReadOnlyResend.resendable(write)).isFalse();
    AtomicInteger stalled = new AtomicInteger();
    ReadOnlyResend.set(vertx, RESEND_AFTER_MS);
    List<Future<JsonObject>> calls = new ArrayList<>();
    twoNodes(vertx, write, stalled)
      .compose(v -> {
        calls.add(call(vertx, write, 1_000));
        calls.add(call(vertx, write, 1_000));
        return Future.join(calls);
      })
      .onComplete(done -> test.verify(() -> {
        // One of the two calls went to the stalled consumer and, never sent again, timed out.
        assertThat(stalled.get()).isEqualTo(1);
        assertThat(calls).filteredOn(Future::failed).singleElement()
          .satisfies(failed -> assertThat(((ToolException) failed.cause()).code()).isEqualTo(Failure.TIMED_OUT));
        assertThat(calls).filteredOn(Future::succeeded).hasSize(1);
        test.completeNow();
      }));
  }

  private static Future<Void> twoNodes(Vertx vertx, Tool tool, AtomicInteger stalled) {
    return Future.all(
      vertx.eventBus().<JsonObject>consumer(tool.address(), message -> stalled.incrementAndGet()).completion(),
      vertx.eventBus().<JsonObject>consumer(tool.address(), message -> message.reply(new JsonObject().put("ok", true))).completion())
      .mapEmpty();
  }

  private static Future<Void> sequentially(Vertx vertx, Tool tool, List<Long> elapsed) {
    Future<Void> chain = Future.succeededFuture();
    for (int i = 0; i < CALLS; i++) {
      chain = chain.compose(v -> {
        long start = System.nanoTime();
        return call(vertx, tool, DEADLINE_MS).map(reply -> {
          assertThat(reply.getBoolean("ok")).isTrue();
          elapsed.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
          return null;
        });
      });
    }
    return chain;
  }

  private static Future<JsonObject> call(Vertx vertx, Tool tool, long timeoutMs) {
    DeliveryOptions delivery = new CallContext("call-" + System.nanoTime(), null)
      .applyTo(new DeliveryOptions().setSendTimeout(timeoutMs));
    return ReadOnlyResend.request(vertx, tool, new JsonObject(), delivery);
  }
}
