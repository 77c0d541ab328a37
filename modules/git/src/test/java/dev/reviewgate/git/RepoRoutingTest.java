package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.AsyncMap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A git node checks its repository claims again while it runs. What a cluster merge does to the claims map (one claim
 * per name kept, maybe another node's; or none) is done here directly to the map of a single Vert.x, whose shared
 * data has the same API: the node withdraws a name the map now gives another history, and claims again one it lost.
 */
class RepoRoutingTest {

  /** git.claimCheckMs for these tests: short, so that they wait little. */
  private static final long CHECK_MS = 200;
  private static final long WITHDRAWN_TTL_MS = 30_000;

  @TempDir
  Path tmp;
  private Vertx vertx;
  private RepoRouting routing;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
  }

  @AfterEach
  void stop() throws Exception {
    if (routing != null) {
      routing.close();
    }
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  @Timeout(60)
  void aNameTheClusterNowGivesAnotherHistoryIsWithdrawnAndItsRoutedAddressesLeave() throws Exception {
    RepoRegistry registry = registry();
    routing = await(RepoRouting.claimed(vertx, ToolCatalog.standard(), registry, 5_000, CHECK_MS, WITHDRAWN_TTL_MS));
    await(routing.serve("git_resolve", (args, call) -> Future.succeededFuture(new JsonObject().put("answeredBy", "here"))));
    String routed = RepoRouting.address("shared", "git_resolve");
    assertThat(routing.served()).containsExactly("shared");
    assertThat(routing.defaultName()).isEqualTo("shared");
    assertThat(await(vertx.eventBus().<JsonObject>request(routed, new JsonObject().put("repo", "shared"))).body()
      .getString("answeredBy")).isEqualTo("here");

    // After a merge the cluster's claim for the name is another node's, of another history.
    RepoIdentity theirs = new RepoIdentity(List.of("f".repeat(40)), "https://example.invalid/other");
    await(claims().compose(map -> map.put("shared", theirs.toJson().put("process", "4242"))));
    awaitTrue(() -> !routing.served().contains("shared"), "the name is withdrawn");

    // Unregistering a consumer completes on its event loop: the routed address is gone soon after, not at once.
    awaitTrue(() -> noHandlers(routed), "the routed address has no consumer");
    awaitTrue(() -> !await(RepoClaims.report(vertx)).getJsonArray("withdrawn").isEmpty(), "the withdrawal is listed");
    JsonObject report = await(RepoClaims.report(vertx));
    assertThat(report.getJsonArray("withdrawn")).hasSize(1);
    assertThat(report.getJsonArray("withdrawn").getJsonObject(0).getString("reason"))
      .contains("is not the 'shared' the cluster already serves").contains("4242");
  }

  @Test
  @Timeout(60)
  void aClaimTheMergeDidNotKeepIsMadeAgain() throws Exception {
    routing = await(RepoRouting.claimed(vertx, ToolCatalog.standard(), registry(), 5_000, CHECK_MS, WITHDRAWN_TTL_MS));
    JsonObject mine = await(claims().compose(map -> map.get("shared")));
    assertThat(mine).isNotNull();
    await(claims().compose(map -> map.remove("shared")));
    awaitTrue(() -> await(claims().compose(map -> map.get("shared"))) != null, "the name is claimed again");
    JsonObject again = await(claims().compose(map -> map.get("shared")));
    assertThat(again).isEqualTo(mine);
    assertThat(routing.served()).containsExactly("shared");
  }

  private RepoRegistry registry() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("README.md", "one history\n").commit("first");
    return RepoRegistry.create(new JsonObject().put("shared", repo.dir().toString()), null, TestRepo.options());
  }

  private Future<AsyncMap<String, JsonObject>> claims() {
    return vertx.sharedData().getAsyncMap(RepoClaims.CLAIMS);
  }

  private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMillis(CHECK_MS * 25).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as(what + " within " + CHECK_MS * 25 + " ms").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  private static <T> T await(Future<T> future) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private boolean noHandlers(String address) {
    try {
      vertx.eventBus().request(address, new JsonObject().put("repo", "shared"),
        new io.vertx.core.eventbus.DeliveryOptions().setSendTimeout(500)).toCompletionStage().toCompletableFuture()
        .get(5, TimeUnit.SECONDS);
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      return e.getCause() instanceof ReplyException reply && reply.failureType() == ReplyFailure.NO_HANDLERS;
    } catch (Exception e) {
      return false;
    }
  }
}
