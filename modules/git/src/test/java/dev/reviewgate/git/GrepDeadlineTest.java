package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pathological pattern on a large file: the grep must stop at its deadline, inside the file and inside a line,
 * so that abandoned greps never hold the git workers (before, each burned a core for half a minute past its
 * deadline and four of them starved every other git tool).
 */
@ExtendWith(VertxExtension.class)
class GrepDeadlineTest {

  private static final String PATHOLOGICAL = "(?:x?){1000}x{1000}";

  @TempDir
  Path tmp;

  @Test
  @Timeout(value = 60, timeUnit = TimeUnit.SECONDS)
  void abandonedGrepsFreeTheirWorkersAtTheDeadlineAndOtherToolsStillAnswer(Vertx vertx, VertxTestContext test) {
    TestRepo repo = new TestRepo(tmp);
    // 1 MB of long lines with runs of 999 x's: never a match, and the pattern's thousand optional x's make
    // every position expensive to scan.
    StringBuilder big = new StringBuilder();
    for (int line = 0; line < 4; line++) {
      big.append(("x".repeat(999) + "y").repeat(250)).append('\n');
    }
    repo.write("big.txt", big.toString());
    String head = repo.commit("big");
    int workers = 2;
    GitBackendOptions backend = repo.servedAsDemo(new JsonObject().put("timeoutMs", 500).put("workerThreads", workers));
    JsonObject grep = new JsonObject().put("repo", "demo").put("revision", head).put("pattern", PATHOLOGICAL);
    vertx.deployVerticle(new GitVerticle(backend, ToolCatalog.standard()))
      .compose(id -> {
        List<Future<JsonObject>> greps = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
          greps.add(BusRequests.request(vertx.eventBus(), Addresses.GIT_GREP, grep, 10_000));
        }
        return Future.join(greps).<JsonObject>map(all -> {
          throw new AssertionError("a pathological grep finished before its deadline");
        });
      })
      .recover(timedOut -> {
        test.verify(() -> {
          assertThat(timedOut).isInstanceOf(ToolException.class);
          assertThat(((ToolException) timedOut).code()).isEqualTo(Failure.TIMED_OUT);
        });
        // Every worker ran one of the greps; each must be free again soon after the deadline.
        long asked = System.nanoTime();
        return vertx.timer(300).compose(v -> BusRequests.request(vertx.eventBus(), Addresses.GIT_RESOLVE,
            new JsonObject().put("repo", "demo").put("revision", "HEAD"), 10_000))
          .map(resolved -> resolved.put("waited_ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked)));
      })
      .onComplete(test.succeeding(resolved -> test.verify(() -> {
        assertThat(resolved.getString("sha")).isEqualTo(head);
        // Not a speed target: without the checks inside the scan this waits ~30 s (or times out with 504).
        assertThat(resolved.getLong("waited_ms")).isLessThan(5_000);
        test.completeNow();
      })));
  }

  @Test
  void aCancelledScanStopsInsideALine() {
    Cancellation cancellation = new Cancellation();
    cancellation.cancel();
    WatchedText text = new WatchedText("x".repeat(10_000), cancellation);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
        for (int i = 0; i < text.length(); i++) {
          text.charAt(i);
        }
      })
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(Failure.TIMED_OUT));
  }
}
