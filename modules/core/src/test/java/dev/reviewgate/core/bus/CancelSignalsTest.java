package dev.reviewgate.core.bus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(VertxExtension.class)
@Timeout(value = 10, timeUnit = TimeUnit.SECONDS)
class CancelSignalsTest {

  /** Listens for cancellations and records each call id with whether it arrived on its own context. */
  private static final class Listening extends VerticleBase {
    final List<String> seen = new CopyOnWriteArrayList<>();
    Runnable stop;

    @Override
    public Future<?> start() {
      Context own = context;
      return CancelSignals.of(vertx).listen(vertx, callId -> seen.add(callId + (Vertx.currentContext() == own ? "" : " elsewhere")))
        .onSuccess(handle -> stop = handle);
    }
  }

  @Test
  void oneConsumerServesEveryBackendOnItsOwnContextUntilItStops(Vertx vertx, VertxTestContext test) {
    Listening git = new Listening();
    Listening review = new Listening();
    assertThat(CancelSignals.of(vertx)).isSameAs(CancelSignals.of(vertx));
    Future.all(vertx.deployVerticle(git), vertx.deployVerticle(review))
      .compose(v -> {
        vertx.eventBus().publish(Addresses.CANCEL, new JsonObject().put("callId", "c1"));
        return vertx.timer(200);
      })
      .compose(v -> {
        git.stop.run();
        vertx.eventBus().publish(Addresses.CANCEL, new JsonObject().put("callId", "c2"));
        vertx.eventBus().publish(Addresses.CANCEL, new JsonObject().put("noCallId", true));
        return vertx.timer(200);
      })
      .onComplete(test.succeeding(v -> test.verify(() -> {
        assertThat(git.seen).containsExactly("c1");
        assertThat(review.seen).containsExactly("c1", "c2");
        test.completeNow();
      })));
  }
}
