package dev.reviewgate.core.bus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(VertxExtension.class)
@Timeout(value = 10, timeUnit = TimeUnit.SECONDS)
class ToolEndpointTest {

  private final ToolCatalog catalog = ToolCatalog.standard();

  @Test
  void validArgumentsReachTheHandler(Vertx vertx, VertxTestContext test) {
    ToolEndpoint.serve(vertx, catalog, "diff_parse", args -> Future.succeededFuture(new JsonObject().put("echo", args.getString("diff"))))
      .compose(v -> BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, new JsonObject().put("diff", "x"), 5_000))
      .onComplete(test.succeeding(reply -> test.verify(() -> {
        assertThat(reply.getString("echo")).isEqualTo("x");
        test.completeNow();
      })));
  }

  @Test
  void invalidArgumentsFailWith400AndNeverReachTheHandler(Vertx vertx, VertxTestContext test) {
    ToolEndpoint.serve(vertx, catalog, "diff_parse", args -> {
        test.failNow("handler must not run");
        return Future.succeededFuture();
      })
      .compose(v -> BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, new JsonObject().put("diff", 42), 5_000))
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(failure).isInstanceOf(ToolException.class);
        assertThat(((ToolException) failure).code()).isEqualTo(Failure.INVALID_ARGUMENTS);
        assertThat(failure.getMessage()).contains("argument 'diff'");
        test.completeNow();
      })));
  }

  @Test
  void toolFailuresKeepTheirCodeAndUnexpectedOnesBecomeA500WithoutDetails(Vertx vertx, VertxTestContext test) {
    ToolEndpoint.serve(vertx, catalog, "diff_parse", args -> args.getString("diff").equals("nf")
        ? Future.failedFuture(ToolException.notFound("revision not found: nope"))
        : Future.failedFuture(new IllegalStateException("secret internal /path/detail")))
      .compose(v -> BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, new JsonObject().put("diff", "nf"), 5_000)
        .recover(notFound -> {
          assertThat(((ToolException) notFound).code()).isEqualTo(404);
          assertThat(notFound.getMessage()).isEqualTo("revision not found: nope");
          return BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, new JsonObject().put("diff", "boom"), 5_000);
        }))
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(((ToolException) failure).code()).isEqualTo(Failure.INTERNAL);
        assertThat(failure.getMessage()).doesNotContain("/path/detail").contains("diff_parse");
        test.completeNow();
      })));
  }

  @Test
  void noHandlerMapsTo503AndSilenceTo504(Vertx vertx, VertxTestContext test) {
    vertx.eventBus().consumer("reviewgate.test.silent", message -> { /* never answers */ });
    BusRequests.request(vertx.eventBus(), "reviewgate.test.nobody", new JsonObject(), 1_000)
      .recover(none -> {
        assertThat(((ToolException) none).code()).isEqualTo(Failure.UNAVAILABLE);
        return BusRequests.request(vertx.eventBus(), "reviewgate.test.silent", new JsonObject(), 200);
      })
      .onComplete(test.failing(failure -> test.verify(() -> {
        assertThat(((ToolException) failure).code()).isEqualTo(Failure.TIMED_OUT);
        test.completeNow();
      })));
  }
}
