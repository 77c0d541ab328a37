package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The deployment table: a node deploys the backends of its roles only; the others' addresses have no handler. */
class BackendsTest {

  @Test
  void onlyTheBackendsOfTheGivenRolesAreDeployed() throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      List<String> deployed = new CopyOnWriteArrayList<>();
      Backends.deploy(vertx, ReviewgateConfig.defaults(), Set.of("diff"), (name, deployment) -> deployed.add(name))
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      assertThat(deployed).containsExactly("DiffVerticle");
      JsonObject parsed = BusRequests.request(vertx.eventBus(), Addresses.DIFF_PARSE, new JsonObject().put("diff", ""), 5_000)
        .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertThat(parsed).isNotNull();
      Throwable none = BusRequests.request(vertx.eventBus(), Addresses.GIT_REPOS, new JsonObject(), 5_000)
        .toCompletionStage().toCompletableFuture().handle((ok, failure) -> failure).get(10, TimeUnit.SECONDS);
      assertThat(none.getCause() != null ? none.getCause() : none).isInstanceOfSatisfying(ToolException.class,
        e -> assertThat(e.code()).isEqualTo(Failure.UNAVAILABLE));
      assertThat(Backends.ROLES).containsExactlyInAnyOrder("diff", "git", "review", "github", "ado");
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }
}
