package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Subprocess for {@link ReviewStoreDurabilityTest}: adds person comments to review r1 as fast as it can and prints
 * {@code ACK n} on stdout once comment n is acknowledged. Mode {@code store} saves through {@link ReviewStore}
 * directly; mode {@code bus} sends {@code review_comment} to a deployed {@link ReviewVerticle}, 8 in flight, and an
 * acknowledgement is the reply. The test kills it with SIGKILL at a random moment.
 */
public final class StoreBurst {

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    if (args[1].equals("bus")) {
      viaBus(dir);
    } else {
      viaStore(dir);
    }
  }

  private static void viaStore(Path dir) {
    ReviewStore store = new ReviewStore(dir);
    Review review = store.load("r1").orElseThrow();
    int n = (int) review.commentCount();
    while (true) {
      n++;
      review = review.comment(Author.PERSON, "comment " + n, review.threads().isEmpty() ? null : "t1",
        "src/App.java", 3, "new", Instant.now()).review();
      store.save(review);
      ack(n);
    }
  }

  private static void viaBus(Path dir) throws Exception {
    Vertx vertx = Vertx.vertx();
    ReviewOptions options = ReviewOptions.from(ReviewgateConfig.defaults()
      .merge(new JsonObject().put("review", new JsonObject().put("storageDir", dir.toString()))).section("review"));
    vertx.deployVerticle(new ReviewVerticle(options, ToolCatalog.standard(), dir))
      .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    int start = (int) new ReviewStore(dir).load("r1").orElseThrow().commentCount();
    Semaphore inFlight = new Semaphore(8);
    for (int n = start + 1; ; n++) {
      inFlight.acquire();
      int number = n;
      Future<JsonObject> sent = BusRequests.request(vertx.eventBus(), Addresses.REVIEW_COMMENT, new JsonObject()
        .put("review_id", "r1").put("body", "comment " + number).put("thread_id", "t1"), 30_000);
      sent.onComplete(done -> {
        if (done.succeeded()) {
          ack(number);
        }
        inFlight.release();
      });
    }
  }

  private static synchronized void ack(int n) {
    System.out.println("ACK " + n);
    System.out.flush();
  }

  private StoreBurst() {
  }
}
