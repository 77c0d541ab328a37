package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(VertxExtension.class)
class GitWorkersTest {

  @Test
  @Timeout(value = 10, timeUnit = TimeUnit.SECONDS)
  void beyondThreadsAndQueueACallGets429WithARetryHint(Vertx vertx, VertxTestContext test) {
    GitWorkers workers = new GitWorkers(vertx, 1, 1, 5_000);
    CountDownLatch release = new CountDownLatch(1);
    Future<String> running = workers.submit(c -> await(release, "first"));
    Future<String> queued = workers.submit(c -> "second");
    Future<String> rejected = workers.submit(c -> "third");
    test.verify(() -> {
      assertThat(rejected.failed()).isTrue();
      assertThat(rejected.cause()).isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.BUSY);
        assertThat(e.getMessage()).contains("retry in about 1 second").contains("git.maxQueued=1");
      });
    });
    release.countDown();
    Future.all(running, queued).onComplete(test.succeeding(done -> test.verify(() -> {
      assertThat(running.result()).isEqualTo("first");
      assertThat(queued.result()).isEqualTo("second");
      workers.close();
      test.completeNow();
    })));
  }

  @Test
  @Timeout(value = 10, timeUnit = TimeUnit.SECONDS)
  void pastTheDeadlineTheCallerGets504AndTheWorkIsCancelled(Vertx vertx, VertxTestContext test) {
    GitWorkers workers = new GitWorkers(vertx, 1, 0, 200);
    AtomicBoolean stopped = new AtomicBoolean();
    CountDownLatch ended = new CountDownLatch(1);
    workers.<String>submit(c -> {
      try {
        for (int i = 0; i < 1_000; i++) {
          c.check();
          sleep(20);
        }
        return "never";
      } catch (ToolException e) {
        stopped.set(true);
        throw e;
      } finally {
        ended.countDown();
      }
    }).onComplete(test.failing(failure -> test.verify(() -> {
      assertThat(failure).isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.TIMED_OUT);
        assertThat(e.getMessage()).contains("git.timeoutMs (200 ms)");
      });
      assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(stopped).isTrue();
      workers.close();
      test.completeNow();
    })));
  }

  @Test
  @Timeout(value = 10, timeUnit = TimeUnit.SECONDS)
  void aCallerCancellationStopsRunningAndWaitingWorkWith409LongBeforeTheDeadline(Vertx vertx, VertxTestContext test) {
    GitWorkers workers = new GitWorkers(vertx, 1, 1, 60_000);
    Cancellation runningCall = new Cancellation();
    Cancellation waitingCall = new Cancellation();
    CountDownLatch started = new CountDownLatch(1);
    AtomicBoolean waitingRan = new AtomicBoolean();
    Future<String> running = workers.submit(runningCall, c -> {
      started.countDown();
      for (int i = 0; i < 1_000; i++) {
        c.check();
        sleep(10);
      }
      return "never";
    });
    Future<String> waiting = workers.submit(waitingCall, c -> {
      waitingRan.set(true);
      return "never";
    });
    await(started, null);
    waitingCall.cancelByCaller();
    runningCall.cancelByCaller();
    long cancelledAt = System.nanoTime();
    Future.join(running, waiting).onComplete(done -> test.verify(() -> {
      assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt)).isLessThan(5_000);
      for (Future<String> call : List.of(running, waiting)) {
        assertThat(call.cause()).isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.CONFLICT);
          assertThat(e.getMessage()).contains("cancelled");
        });
      }
      assertThat(waitingRan).as("work cancelled while waiting never starts").isFalse();
      workers.close();
      test.completeNow();
    }));
  }

  private static String await(CountDownLatch latch, String value) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return value;
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
