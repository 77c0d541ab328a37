package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.git.GitService;
import dev.reviewgate.diff.bus.DiffCodec;
import dev.reviewgate.diff.bus.DiffModels;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.render.UnifiedRenderer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.JsonObject;
import io.vertx.core.shareddata.AsyncMap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.eclipse.jgit.diff.DiffAlgorithm;
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
  /** A second git node of the simulated cluster, serving another repository. */
  private RepoRouting elsewhere;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
  }

  @AfterEach
  void stop() throws Exception {
    if (routing != null) {
      routing.close();
    }
    if (elsewhere != null) {
      elsewhere.close();
    }
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  @Timeout(60)
  void aFirstClaimsCheckTheClusterRefusesIsTriedAgainUntilItSucceeds() throws Exception {
    // An entry the claims cannot read makes every check fail, as a cluster still settling refuses one; it goes later.
    await(unreadableClaim());
    vertx.setTimer(3 * CHECK_MS, id -> claims().compose(map -> map.remove("shared")));
    routing = await(RepoRouting.claimed(vertx, ToolCatalog.standard(), registry(), 5_000, CHECK_MS, WITHDRAWN_TTL_MS));
    assertThat(routing.served()).containsExactly("shared");
    assertThat(routing.defaultName()).isEqualTo("shared");
  }

  @Test
  @Timeout(60)
  void aFirstClaimsCheckStillRefusedAtTheDeadlineFailsTheStart() {
    await(unreadableClaim());
    Future<RepoRouting> start = RepoRouting.claimed(vertx, ToolCatalog.standard(), registry(), 3 * CHECK_MS, CHECK_MS,
      WITHDRAWN_TTL_MS);
    assertThatThrownBy(() -> start.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS))
      .hasCauseInstanceOf(ClassCastException.class);
  }

  /** A claim of {@code shared} that is no claim (not JSON): a check reading it fails. */
  private Future<Void> unreadableClaim() {
    return vertx.sharedData().<String, Object>getAsyncMap(RepoClaims.CLAIMS).compose(map -> map.put("shared", "not a claim"));
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

  @Test
  @Timeout(60)
  void aModelRequestForARepositoryANodeDoesNotServeIsAnsweredByTheNodeThatDoesWithinTheAskersDeadline() throws Exception {
    TestRepo sharedRepo = new TestRepo(tmp);
    String base = sharedRepo.write("README.md", "one history\n").commit("first");
    String head = sharedRepo.write("README.md", "one history\ngrown\n").write("more.txt", "new\n").commit("second");
    RepoRegistry shared = registry(sharedRepo);
    List<String> answeredBy = new CopyOnWriteArrayList<>();
    List<Long> replyBys = new CopyOnWriteArrayList<>();
    startTwoNodes(shared, answeredBy, replyBys);
    GitService.DiffQuery query = GitService.DiffQuery.between("shared", base, head);
    Diff built = await(modelBuilt(shared, query.arguments()));
    assertThat(built.files()).hasSize(2);

    // Both nodes consume the model address and a local event bus hands its messages to them in turn, so of each
    // two requests one reaches the node that does not serve 'shared' and is passed on. Without a repo, the cluster's
    // default is meant: 'shared', claimed first.
    assertThat(elsewhere.defaultName()).isEqualTo("shared");
    GitService.DiffQuery byDefault = GitService.DiffQuery.between(null, base, head);
    long before = System.currentTimeMillis();
    List<Diff> answers = new ArrayList<>();
    for (GitService.DiffQuery asked : List.of(query, query, byDefault, byDefault)) {
      answers.add(await(DiffModels.request(vertx.eventBus(), asked, 7_000)));
    }
    long after = System.currentTimeMillis();
    for (Diff answer : answers) {
      assertThat(UnifiedRenderer.render(answer)).isEqualTo(UnifiedRenderer.render(built));
    }
    assertThat(answeredBy).containsOnly("serves shared").hasSize(4);
    assertThat(replyBys).allSatisfy(replyBy -> assertThat(replyBy).isBetween(before + 7_000, after + 7_000));
  }

  @Test
  @Timeout(60)
  void aWithdrawnRepositorysRoutedModelAddressLeavesAndANameNoNodeServesIsNotFound() throws Exception {
    TestRepo sharedRepo = new TestRepo(tmp);
    String base = sharedRepo.write("README.md", "one history\n").commit("first");
    String head = sharedRepo.write("README.md", "one history\ngrown\n").commit("second");
    RepoRegistry shared = registry(sharedRepo);
    startTwoNodes(shared, new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>());
    String routed = RepoRouting.address("shared", GitVerticle.MODEL_ROUTE);
    assertThat(await(vertx.eventBus().<Diff>request(routed, GitService.DiffQuery.between("shared", base, head).arguments())).body()
      .files()).hasSize(1);

    RepoIdentity theirs = new RepoIdentity(List.of("f".repeat(40)), "https://example.invalid/other");
    await(claims().compose(map -> map.put("shared", theirs.toJson().put("process", "4242"))));
    awaitTrue(() -> !routing.served().contains("shared"), "the name is withdrawn");
    awaitTrue(() -> noHandlers(routed), "the routed model address has no consumer");

    for (String name : List.of("shared", "nowhere")) {
      ToolException failure = failureOf(DiffModels.request(vertx.eventBus(), GitService.DiffQuery.between(name, base, head), 7_000));
      assertThat(failure.code()).isEqualTo(Failure.NOT_FOUND);
      assertThat(failure.getMessage()).contains("no node of the cluster serves repository '" + name + "'");
    }
  }

  /**
   * Two git nodes of one simulated cluster serving the diff model: {@code shared}'s and another serving only
   * {@code other}, each building the model as the git backend does and noting who answered and by when.
   */
  private void startTwoNodes(RepoRegistry shared, List<String> answeredBy, List<Long> replyBys) {
    TestRepo otherRepo = new TestRepo(tmp.resolve("other"));
    otherRepo.write("other.txt", "another history\n").commit("first");
    RepoRegistry other = RepoRegistry.create(new JsonObject().put("other", otherRepo.dir().toString()), null,
      TestRepo.options());
    DiffCodec.register(vertx.eventBus());
    routing = await(RepoRouting.claimed(vertx, ToolCatalog.standard(), shared, 5_000, CHECK_MS, WITHDRAWN_TTL_MS));
    elsewhere = await(RepoRouting.claimed(vertx, ToolCatalog.standard(), other, 5_000, CHECK_MS, WITHDRAWN_TTL_MS));
    for (Map.Entry<RepoRouting, RepoRegistry> node : Map.of(routing, shared, elsewhere, other).entrySet()) {
      String who = "serves " + node.getValue().names().iterator().next();
      await(node.getKey().serveInternal(Addresses.GIT_DIFF_MODEL, GitVerticle.MODEL_ROUTE, "the diff model", (args, call) -> {
        answeredBy.add(who);
        replyBys.add(call.replyBy());
        return modelBuilt(node.getValue(), args);
      }));
    }
  }

  /** The model of the diff {@code args} name, as a git node builds it from its own clone. */
  private Future<Diff> modelBuilt(RepoRegistry registry, JsonObject args) {
    return vertx.executeBlocking(() -> {
      GitReader reader = registry.reader(args.getString("repo"));
      return reader.model(reader.pair(DiffTarget.from(args)), new GitReader.DiffOptions(
        DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, 3, List.of()), Cancellation.NONE).model();
    });
  }

  private static ToolException failureOf(Future<?> future) {
    try {
      future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      assertThat(e.getCause()).isInstanceOf(ToolException.class);
      return (ToolException) e.getCause();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("expected a failure");
  }

  private RepoRegistry registry() {
    TestRepo repo = new TestRepo(tmp);
    repo.write("README.md", "one history\n").commit("first");
    return registry(repo);
  }

  /** {@code repo} served as {@code shared}. */
  private static RepoRegistry registry(TestRepo repo) {
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
