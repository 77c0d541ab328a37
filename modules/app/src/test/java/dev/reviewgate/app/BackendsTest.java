package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The deployment table: every row builds from the shipped defaults; a node deploys the backends of its roles only, and
 * the others' addresses have no handler.
 */
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
      assertThat(Backends.ROLES).containsExactlyInAnyOrder("diff", "git", "review", "github", "ado", "gitlab", "gitea", "bitbucket");
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void everyRowBuildsFromTheDefaultConfigurationWithoutDeploying() {
    // Options read and verticles made, nothing started: no network, no repository opened, no review store created.
    assertThat(Backends.wouldDeploy(ReviewgateConfig.defaults(), Set.copyOf(Backends.ROLES))).containsExactly(
      "DiffVerticle", "GitVerticle", "ReviewVerticle", "DraftApprovalVerticle", "GitHubVerticle", "AdoVerticle", "GitLabVerticle", "GiteaVerticle", "BitbucketVerticle",
      "ThreadRouterVerticle");
    assertThat(Backends.wouldDeploy(ReviewgateConfig.defaults(), Set.of("ado"))).containsExactly("AdoVerticle", "ThreadRouterVerticle");
  }

  @Test
  void aRowsSwitchAndItsRefusedOptionsAreReadFromTheConfiguration() {
    ReviewgateConfig noReviews = ReviewgateConfig.defaults().merge(new JsonObject().put("review", new JsonObject().put("enabled", false)));
    assertThat(Backends.wouldDeploy(noReviews, Set.of("git", "review"))).containsExactly("GitVerticle");
    ReviewgateConfig noHeartbeat = ReviewgateConfig.defaults().merge(new JsonObject().put("review", new JsonObject().put("heartbeatMs", 0)));
    assertThatThrownBy(() -> Backends.wouldDeploy(noHeartbeat, Set.of("review"))).isInstanceOf(IllegalArgumentException.class)
      .hasMessageContaining("review.heartbeatMs");
  }

  @Test
  void theBackendsAfterGitsStartOneAtATimeEachWhenItsTurnComes() throws Exception {
    // What stdio relies on to start each of them at a pause of its own client: asked before each, never ahead.
    Vertx vertx = Vertx.vertx();
    try {
      List<String> begun = new CopyOnWriteArrayList<>();
      BlockingQueue<Promise<Void>> turns = new LinkedBlockingQueue<>();
      Future<Void> all = Backends.deploy(vertx, ReviewgateConfig.defaults(), Set.of("diff", "ado", "gitlab"),
        (name, deployment) -> begun.add(name), () -> {
          Promise<Void> turn = Promise.promise();
          turns.add(turn);
          return turn.future();
        });
      List<String> gated = List.of("AdoVerticle", "GitLabVerticle", "ThreadRouterVerticle");
      for (int i = 0; i < gated.size(); i++) {
        Promise<Void> turn = turns.poll(10, TimeUnit.SECONDS);
        assertThat(turn).as("a turn asked before " + gated.get(i)).isNotNull();
        assertThat(begun).as("none of the rest started ahead of its turn").hasSize(1 + i);
        assertThat(turns).as("one turn asked at a time").isEmpty();
        turn.complete();
      }
      all.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      assertThat(begun).containsExactly("DiffVerticle", "AdoVerticle", "GitLabVerticle", "ThreadRouterVerticle");
      assertThat(turns).isEmpty();
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void optionsARowRefusesFailTheStartNamingTheBackendAndTheKey() throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("repos", new JsonObject().put("shop", 5)));
      List<String> deployed = new CopyOnWriteArrayList<>();
      Throwable failure = Backends.deploy(vertx, config, Set.of("diff", "git"), (name, deployment) -> deployed.add(name))
        .toCompletionStage().toCompletableFuture().handle((ok, error) -> error).get(30, TimeUnit.SECONDS);
      assertThat(failure).hasMessageStartingWith("GitVerticle did not start: configuration repos.shop");
      assertThat(deployed).containsExactly("DiffVerticle");
      assertThat(Main.configurationProblem(failure)).as("exit 2, as for any configuration error").isNotNull();
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }
}
