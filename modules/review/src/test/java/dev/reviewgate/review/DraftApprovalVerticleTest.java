package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drafts the person approves in the dashboard, over the event bus against a real store. The forge is pr_review's
 * catalog address served through the real {@link ToolEndpoint} by a stand-in that records what it was asked to post.
 */
@ExtendWith(VertxExtension.class)
class DraftApprovalVerticleTest {

  private static final String URL = "http://127.0.0.1:7777/";

  @TempDir
  Path storeDir;

  private Vertx vertx;
  private String deployment;
  private final List<JsonObject> posted = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp(Vertx vertx) throws Exception {
    this.vertx = vertx;
    CancelSignals.of(vertx); // as the launcher does: the shared cancel consumer outlives any one verticle
    await(ToolEndpoint.serve(vertx, ToolCatalog.standard(), "pr_review", args -> {
      if (args.getString("body").contains("refuse me")) {
        return Future.failedFuture(ToolException.invalid("comment 1: src/App.java line 90 is not in the diff"));
      }
      posted.add(args);
      return Future.succeededFuture(new JsonObject().put("forge", "github").put("review_id", 77)
        .put("url", "https://github.example/o/r/pull/7#pullrequestreview-77"));
    }));
    deploy(600_000);
  }

  private void deploy(long maxWaitMs) throws Exception {
    JsonObject layer = new JsonObject().put("review", new JsonObject().put("storageDir", storeDir.toString())
      .put("maxWaitMs", maxWaitMs).put("heartbeatMs", 50).put("syncIntervalMs", 100).put("dashboardUrl", URL));
    ReviewOptions options = ReviewOptions.from(ReviewgateConfig.defaults().merge(layer).section("review"), storeDir);
    deployment = await(vertx.deployVerticle(new DraftApprovalVerticle(options, ToolCatalog.standard())));
  }

  private void restart(long maxWaitMs) throws Exception {
    await(vertx.undeploy(deployment));
    deploy(maxWaitMs);
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aTaskSurvivesARestartOnlyThePersonDecidesAndTheEditedBodyIsPosted() throws Exception {
    JsonObject task = await(submit(true)).getJsonObject("task");
    String taskId = task.getString("task_id");
    assertThat(taskId).startsWith("draft.d");
    assertThat(task.getString("status")).isEqualTo("working");
    assertThat(task.getLong("ttl_ms")).isEqualTo(ReviewgateConfig.defaults().section("review").getLong("draftTtlMs"));
    String draftId = taskId.substring("draft.".length());
    assertThat(task.getString("status_message")).contains(URL + "#/drafts/" + draftId, "reviewgate open")
      .doesNotContain("code=", "token");

    JsonObject listed = onlyDraft(person(Addresses.REVIEW_DRAFT_LIST, new JsonObject()));
    assertThat(listed.getString("status")).isEqualTo("pending");
    assertThat(listed.getBoolean("editable")).isTrue();
    assertThat(listed.getJsonObject("draft")).isEqualTo(draft());

    for (String caller : new String[] {null, "agent", "service:token", "service:ci-bot"}) {
      for (String address : List.of(Addresses.REVIEW_DRAFT_DECIDE, Addresses.REVIEW_DRAFT_LIST)) {
        ToolException refused = refusal(address, decision(draftId, "approve"), caller);
        assertThat(refused).as(address + " by " + caller).isNotNull();
        assertThat(refused.code()).isEqualTo(403);
        assertThat(refused.getMessage()).contains("only the person");
      }
    }
    assertThat(posted).isEmpty();

    restart(600_000); // a new process on the same store: the draft still waits, its task still works
    assertThat(taskGet(taskId).getString("status")).isEqualTo("working");
    JsonObject decided = person(Addresses.REVIEW_DRAFT_DECIDE, decision(draftId, "approve").put("body", "Two things, please."))
      .getJsonObject("draft");
    assertThat(decided.getString("status")).isEqualTo("posted");
    assertThat(decided.getString("url")).isEqualTo("https://github.example/o/r/pull/7#pullrequestreview-77");

    assertThat(posted).hasSize(1);
    assertThat(posted.get(0)).isEqualTo(arguments().put("body", "Two things, please."));
    JsonObject done = taskGet(taskId);
    assertThat(done.getString("status")).isEqualTo("completed");
    assertThat(done.getString("note")).contains("after editing its body");
    assertThat(done.getJsonObject("result").getInteger("review_id")).isEqualTo(77);

    ToolException again = refusal(Addresses.REVIEW_DRAFT_DECIDE, decision(draftId, "decline"), "person");
    assertThat(again.code()).isEqualTo(409);
    assertThat(posted).hasSize(1);
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aHeldCallEndsWithTheDeclineAndNothingIsPosted() throws Exception {
    Future<JsonObject> held = submit(false);
    String draftId = awaitPending();
    assertThat(held.isComplete()).isFalse();
    person(Addresses.REVIEW_DRAFT_DECIDE, decision(draftId, "decline"));
    String text = await(held).getJsonObject("outcome").getString("error_text");
    assertThat(text).startsWith("[NOT_POSTED] The person declined").contains("Read it from the config.");
    assertThat(posted).isEmpty();
    assertThat(onlyDraft(person(Addresses.REVIEW_DRAFT_LIST, new JsonObject())).getString("status")).isEqualTo("declined");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void anUndecidedHeldDraftIsWithdrawnWhenTheWaitEndsAndCanNoLongerBeApproved() throws Exception {
    restart(300);
    JsonObject outcome = await(submit(false)).getJsonObject("outcome");
    assertThat(outcome.getString("error_text")).startsWith("[NOT_POSTED] The person did not decide within");
    String draftId = onlyDraft(person(Addresses.REVIEW_DRAFT_LIST, new JsonObject())).getString("draft_id");
    ToolException late = refusal(Addresses.REVIEW_DRAFT_DECIDE, decision(draftId, "approve"), "person");
    assertThat(late.code()).isEqualTo(409);
    assertThat(late.getMessage()).contains("withdrawn");
    assertThat(posted).isEmpty();
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aHeldDraftIsWithdrawnWhenTheServiceStopsAndOneWhoseAgentStoppedWaitingCannotBeApproved() throws Exception {
    Future<JsonObject> held = submit(false);
    String draftId = awaitPending();
    restart(600_000);
    assertThat(await(held).getJsonObject("outcome").getString("error_text"))
      .startsWith("[NOT_POSTED] The person was not asked to decide (the server stopped)");
    assertThat(refusal(Addresses.REVIEW_DRAFT_DECIDE, decision(draftId, "approve"), "person").code()).isEqualTo(409);

    // A process killed while holding a call withdraws nothing: the draft's decide-by time still stops an approval.
    Instant past = Instant.now().minusSeconds(1);
    DraftApproval orphan = DraftApproval.create("pr_review", arguments(), draft(), true, past.minusSeconds(60), past);
    new DraftStore(storeDir).create(orphan);
    assertThat(onlyPending(orphan.id()).getString("status")).isEqualTo("withdrawn");
    ToolException late = refusal(Addresses.REVIEW_DRAFT_DECIDE, decision(orphan.id(), "approve"), "person");
    assertThat(late.code()).isEqualTo(409);
    assertThat(late.getMessage()).contains("stopped waiting");
    assertThat(posted).isEmpty();
  }

  private JsonObject onlyPending(String draftId) throws Exception {
    return onlyDraft(person(Addresses.REVIEW_DRAFT_LIST, new JsonObject().put("draft_id", draftId)));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aCancelledTaskWithdrawsTheDraftAndARefusingForgeIsReported() throws Exception {
    String cancelled = await(submit(true)).getJsonObject("task").getString("task_id");
    await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, new JsonObject().put("action", "cancel")
      .put("task_id", cancelled), new DeliveryOptions().setSendTimeout(10_000)));
    assertThat(taskGet(cancelled).getString("status")).isEqualTo("cancelled");
    assertThat(refusal(Addresses.REVIEW_DRAFT_DECIDE, decision(cancelled.substring(6), "approve"), "person").code()).isEqualTo(409);

    String refused = await(submit(true)).getJsonObject("task").getString("task_id");
    JsonObject decided = person(Addresses.REVIEW_DRAFT_DECIDE, decision(refused.substring(6), "approve").put("body", "refuse me"))
      .getJsonObject("draft");
    assertThat(decided.getString("status")).isEqualTo("failed");
    JsonObject done = taskGet(refused);
    assertThat(done.getString("status")).isEqualTo("completed");
    assertThat(done.getString("error_text")).startsWith("[INVALID_ARGUMENTS] The person approved the draft, but pr_review")
      .contains("line 90 is not in the diff");
    assertThat(posted).isEmpty();
  }

  // --- helpers ------------------------------------------------------------------------------------------------

  private static JsonObject arguments() {
    return new JsonObject().put("pr_number", 7).put("verdict", "request_changes").put("body", "Two things.")
      .put("commit_id", "0123456789abcdef0123456789abcdef01234567")
      .put("comments", new JsonArray().add(new JsonObject().put("path", "src/App.java").put("line", 9).put("side", "new")
        .put("body", "Read it from the config.")));
  }

  private static JsonObject draft() {
    return arguments();
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aMergeIsShownInItsLayoutsWordsAndTheEditedCommitMessageIsWhatIsSent() throws Exception {
    await(ToolEndpoint.serve(vertx, ToolCatalog.standard(), "github_update_pull_request_state", args -> {
      posted.add(args);
      return Future.succeededFuture(new JsonObject().put("action", "merge").put("pr_number", 5).put("result", "merged"));
    }));
    JsonObject merge = new JsonObject().put("owner", "octo").put("repo", "shop").put("pr_number", 5).put("action", "merge")
      .put("commit_message", "Faster cache");
    JsonObject body = new JsonObject().put("action", "submit").put("tool", "github_update_pull_request_state")
      .put("arguments", merge).put("draft", merge).put("editable", true);
    String draftId = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, body, Caller.AGENT.stamp(
      new CallContext("call-2", null, true).applyTo(new DeliveryOptions().setSendTimeout(120_000)))))
      .getJsonObject("task").getString("task_id").substring("draft.".length());

    JsonObject listed = onlyDraft(person(Addresses.REVIEW_DRAFT_LIST, new JsonObject()));
    assertThat(listed.getString("editable_field")).isEqualTo("commit_message");
    assertThat(listed.getString("shown")).contains("pull request #5 of octo/shop", "Action: merge", "Commit message: Faster cache");
    assertThat(posted).isEmpty();

    JsonObject decided = person(Addresses.REVIEW_DRAFT_DECIDE, decision(draftId, "approve").put("body", "Faster cache (reviewed)"))
      .getJsonObject("draft");
    assertThat(decided.getString("status")).isEqualTo("posted");
    assertThat(posted).containsExactly(merge.copy().put("commit_message", "Faster cache (reviewed)"));
  }

  private Future<JsonObject> submit(boolean acceptsTask) {
    JsonObject body = new JsonObject().put("action", "submit").put("tool", "pr_review").put("arguments", arguments())
      .put("draft", draft()).put("editable", true);
    return BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, body, Caller.AGENT.stamp(
      new CallContext("call-1", null, acceptsTask).applyTo(new DeliveryOptions().setSendTimeout(120_000))));
  }

  private String awaitPending() throws Exception {
    for (int i = 0; i < 200; i++) {
      JsonArray drafts = person(Addresses.REVIEW_DRAFT_LIST, new JsonObject()).getJsonArray("drafts");
      if (!drafts.isEmpty()) {
        return drafts.getJsonObject(0).getString("draft_id");
      }
      Thread.sleep(25);
    }
    throw new AssertionError("no draft appeared");
  }

  private static JsonObject onlyDraft(JsonObject list) {
    assertThat(list.getJsonArray("drafts")).hasSize(1);
    return list.getJsonArray("drafts").getJsonObject(0);
  }

  private static JsonObject decision(String draftId, String decision) {
    return new JsonObject().put("draft_id", draftId).put("decision", decision);
  }

  private JsonObject taskGet(String taskId) throws Exception {
    return await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_DRAFTS, new JsonObject().put("action", "get")
      .put("task_id", taskId), new DeliveryOptions().setSendTimeout(10_000)));
  }

  private JsonObject person(String address, JsonObject args) throws Exception {
    return await(BusRequests.request(vertx.eventBus(), address, args,
      Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(20_000))));
  }

  /** The refusal of a call stamped {@code caller} (null: unstamped), or null when it was not refused. */
  private ToolException refusal(String address, JsonObject args, String caller) throws Exception {
    DeliveryOptions delivery = new DeliveryOptions().setSendTimeout(20_000);
    if (caller != null) {
      delivery.addHeader(Caller.HEADER, caller);
    }
    Throwable failure = await(BusRequests.request(vertx.eventBus(), address, args, delivery)
      .map(ok -> (Throwable) null).recover(Future::succeededFuture));
    return failure instanceof ToolException t ? t : null;
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
  }
}
