package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Subprocess for {@link ReviewStoreDurabilityTest}: adds person comments {@code "<label> n"} to review r1 as fast as
 * it can and prints {@code ACK <label> n} on stdout once comment n is acknowledged. Mode {@code store} changes the
 * review through {@link ReviewStore#update} directly; mode {@code bus} sends {@code review_comment} to a deployed
 * {@link ReviewVerticle}, 8 in flight, and an acknowledgement is the reply. Several may run on one store at once;
 * the test kills them with SIGKILL at random moments.
 */
public final class StoreBurst {

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    String label = args[2];
    if (args[1].equals("bus")) {
      viaBus(dir, label);
    } else {
      viaStore(dir, label);
    }
  }

  private static void viaStore(Path dir, String label) {
    ReviewStore store = new ReviewStore(dir);
    for (int n = 1; ; n++) {
      String body = label + " " + n;
      store.update("r1", review -> review.comment(Author.PERSON, body, "t1", null, null, null, Instant.now()).review());
      ack(body);
    }
  }

  private static void viaBus(Path dir, String label) throws Exception {
    Vertx vertx = Vertx.vertx();
    ReviewOptions options = ReviewOptions.from(ReviewgateConfig.defaults()
      .merge(new JsonObject().put("review", new JsonObject().put("storageDir", dir.toString()))).section("review"), dir);
    vertx.deployVerticle(new ReviewVerticle(options, ToolCatalog.standard()))
      .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    Semaphore inFlight = new Semaphore(8);
    for (int n = 1; ; n++) {
      inFlight.acquire();
      String body = label + " " + n;
      Future<JsonObject> sent = BusRequests.request(vertx.eventBus(), Addresses.REVIEW_COMMENT, new JsonObject()
        .put("review_id", "r1").put("body", body).put("thread_id", "t1"), Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(30_000)));
      sent.onComplete(done -> {
        if (done.succeeded()) {
          ack(body);
        }
        inFlight.release();
      });
    }
  }

  private static synchronized void ack(String body) {
    System.out.println("ACK " + body);
    System.out.flush();
  }

  private StoreBurst() {
  }
}
