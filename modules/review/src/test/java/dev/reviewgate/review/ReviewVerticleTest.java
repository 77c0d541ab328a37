package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The review tools over the event bus, against a real repository. */
@ExtendWith(VertxExtension.class)
class ReviewVerticleTest {

  private static final String URL = "http://127.0.0.1:7777/";

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  private TempRepo repo;
  private String base;
  private String head;
  private Vertx vertx;
  private String reviewDeployment;

  @BeforeEach
  void setUp(Vertx vertx) throws Exception {
    this.vertx = vertx;
    repo = new TempRepo(repoDir);
    String[] shas = repo.greetingChange();
    base = shas[0];
    head = shas[1];
    await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(ReviewgateConfig.defaults(), repoDir), ToolCatalog.standard())));
    deployReview(600_000);
  }

  private void deployReview(long maxWaitMs) throws Exception {
    JsonObject layer = new JsonObject().put("review", new JsonObject()
      .put("storageDir", storeDir.toString()).put("heartbeatMs", 50).put("maxWaitMs", maxWaitMs)
      .put("dashboardUrl", URL));
    ReviewOptions options = ReviewOptions.from(ReviewgateConfig.defaults().merge(layer).section("review"), repoDir);
    reviewDeployment = await(vertx.deployVerticle(new ReviewVerticle(options, ToolCatalog.standard())));
  }

  private void restartReview(long maxWaitMs) throws Exception {
    await(vertx.undeploy(reviewDeployment));
    deployReview(maxWaitMs);
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void requestPinsShasAndFindsMarkersInChangedLinesOnly() throws Exception {
    JsonObject created = call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "Greet by name")
      .put("commit_range", "HEAD").put("wait", false));

    assertThat(created.getString("base")).isEqualTo(base);
    assertThat(created.getString("head")).isEqualTo(head);
    assertThat(created.getString("outcome")).isEqualTo("created");
    assertThat(created.getString("url")).isEqualTo(URL + "#/reviews/" + created.getString("review_id"));
    assertThat(created.getString("instructions")).contains(created.getString("url"), "wait_for_feedback");
    assertThat(markers(created.getJsonArray("markers"))).containsExactly(
      "docs/notes.md:1:todo", "src/App.java:4:insight", "src/App.java:7:question", "src/App.java:9:fixme");
    JsonObject app = created.getJsonArray("files").stream().map(JsonObject.class::cast)
      .filter(f -> f.getString("path").equals("src/App.java")).findFirst().orElseThrow();
    assertThat(app.getInteger("additions")).isEqualTo(6);
    assertThat(app.getInteger("deletions")).isEqualTo(1);
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void pinnedShasDoNotMoveWhenTheBranchMovesOn() throws Exception {
    String id = createReview("main~1..main");
    repo.write("src/App.java", "class App {}\n");
    String later = repo.commit("third");

    JsonObject status = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
    assertThat(status.getString("base")).isEqualTo(base);
    assertThat(status.getString("head")).isEqualTo(head).isNotEqualTo(later);
    restartReview(600_000); // nothing cached: the diff is fetched again by the pinned SHAs
    JsonObject page = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id));
    assertThat(page.getJsonObject("review").getString("head")).isEqualTo(head);
    assertThat(page.getJsonObject("diff").encode()).contains("hello ").doesNotContain("class App {}");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aWaitEndsWithThePersonsCommentAndTheCodeAroundIt() throws Exception {
    String id = createReview("HEAD");
    Future<JsonObject> wait = send(Addresses.REVIEW_UPDATE, wait(id));
    Thread.sleep(200);
    assertThat(wait.isComplete()).isFalse();

    JsonObject posted = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id)
      .put("body", "Why not read it from the config?").put("file", "src/App.java").put("line", 9));
    assertThat(posted.getBoolean("delivered")).isTrue();

    JsonObject result = await(wait);
    assertThat(result.getString("outcome")).isEqualTo("comment");
    JsonObject feedback = result.getJsonObject("feedback");
    assertThat(feedback.getString("file")).isEqualTo("src/App.java");
    assertThat(feedback.getInteger("line")).isEqualTo(9);
    assertThat(feedback.getString("body")).isEqualTo("Why not read it from the config?");
    assertThat(result.getJsonObject("code_context").getJsonArray("lines").encode()).contains("return \\\"world\\\"");
    assertThat(result.getString("instructions"))
      .contains("src/App.java", "line 9", "Why not read it from the config?", "return \"world\"",
        "Do not modify any files", "add_comment", "thread_id \"t1\"", "wait_for_feedback");
    assertThat(result.getInteger("pending")).isZero();
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void feedbackGivenWhileNobodyWaitsIsDeliveredInOrderAcrossARestart() throws Exception {
    String id = createReview("HEAD");
    for (String body : List.of("one", "two", "three")) {
      call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", body));
    }
    call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "checkpoint").put("notes", "ok"));
    JsonObject first = call(Addresses.REVIEW_UPDATE, wait(id));
    assertThat(first.getJsonObject("feedback").getString("body")).isEqualTo("one");
    assertThat(first.getInteger("pending")).isEqualTo(3);

    restartReview(600_000);

    assertThat(call(Addresses.REVIEW_UPDATE, wait(id)).getJsonObject("feedback").getString("body")).isEqualTo("two");
    assertThat(call(Addresses.REVIEW_UPDATE, wait(id)).getJsonObject("feedback").getString("body")).isEqualTo("three");
    JsonObject done = call(Addresses.REVIEW_UPDATE, wait(id));
    assertThat(done.getString("outcome")).isEqualTo("completion");
    assertThat(done.getJsonObject("feedback").getString("action")).isEqualTo("checkpoint");
    assertThat(done.getString("instructions")).contains("checkpoint", "ok", "commit");
    assertThat(call(Addresses.REVIEW_UPDATE, wait(id)).getString("outcome")).isEqualTo("closed");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aSecondWaitSupersedesTheFirstAndReceivesTheFeedback() throws Exception {
    String id = createReview("HEAD");
    Future<JsonObject> older = send(Addresses.REVIEW_UPDATE, wait(id));
    Thread.sleep(100);
    Future<JsonObject> newer = send(Addresses.REVIEW_UPDATE, wait(id));

    JsonObject ended = await(older);
    assertThat(ended.getString("outcome")).isEqualTo("superseded");
    assertThat(ended.getValue("feedback")).isNull();
    assertThat(newer.isComplete()).isFalse();

    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "hello"));
    assertThat(await(newer).getJsonObject("feedback").getString("body")).isEqualTo("hello");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aWaitSendsHeartbeatsAndEndsWithNoFeedbackAfterTheMaximumWait() throws Exception {
    restartReview(400);
    String id = createReview("HEAD");
    List<JsonObject> beats = new CopyOnWriteArrayList<>();
    await(vertx.eventBus().<JsonObject>consumer("test.progress", m -> beats.add(m.body())).completion());

    JsonObject result = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_UPDATE, wait(id),
      new CallContext(null, "test.progress").applyTo(new DeliveryOptions().setSendTimeout(10_000))));

    assertThat(result.getString("outcome")).isEqualTo("no_feedback");
    assertThat(result.getString("instructions")).contains("wait_for_feedback\" again");
    assertThat(beats.size()).isGreaterThanOrEqualTo(3);
    assertThat(beats).extracting(b -> b.getLong("progress")).isSorted().doesNotHaveDuplicates();
    assertThat(beats.get(0).getString("message")).as("the first beat comes at once and says what the person runs")
      .contains(id, URL, "reviewgate open " + id).doesNotContain("so far");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aCancelledWaitLeavesTheFeedbackForTheNextWait() throws Exception {
    String id = createReview("HEAD");
    Future<JsonObject> cancelled = BusRequests.request(vertx.eventBus(), Addresses.REVIEW_UPDATE, wait(id),
      new CallContext("call-1", null).applyTo(new DeliveryOptions().setSendTimeout(10_000)));
    Thread.sleep(200);
    vertx.eventBus().publish(Addresses.CANCEL, new JsonObject().put("callId", "call-1"));
    assertThatThrownBy(() -> await(cancelled)).cause().isInstanceOf(ToolException.class).hasMessageContaining("cancelled");

    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "still here"));
    assertThat(call(Addresses.REVIEW_UPDATE, wait(id)).getJsonObject("feedback").getString("body")).isEqualTo("still here");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void theAgentsAnswerAndTheCompletionAreEventsAndShowInTheStatus() throws Exception {
    String id = createReview("HEAD");
    List<JsonObject> events = new CopyOnWriteArrayList<>();
    await(vertx.eventBus().<JsonObject>consumer(Addresses.reviewEvents(id), m -> events.add(m.body())).completion());

    Future<JsonObject> firstWait = send(Addresses.REVIEW_UPDATE, wait(id));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "Is 💡 right?")
      .put("file", "src/App.java").put("line", 4));
    String thread = await(firstWait).getJsonObject("feedback").getString("thread_id");

    JsonObject answered = call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id)
      .put("action", "add_comment").put("thread_id", thread).put("body", "Yes, it names the caller."));
    assertThat(answered.getString("outcome")).isEqualTo("comment_added");
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("thread_id", thread).put("body", "OK."));
    JsonObject reply = call(Addresses.REVIEW_UPDATE, wait(id));
    assertThat(reply.getJsonObject("feedback").getString("thread_id")).isEqualTo(thread);
    assertThat(reply.getString("instructions")).contains("> OK.", "- reviewer: Is 💡 right?",
      "- you: Yes, it names the caller.");
    call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "request_changes")
      .put("notes", "Use the config"));
    JsonObject done = call(Addresses.REVIEW_UPDATE, wait(id));
    assertThat(done.getString("instructions")).contains("request changes", "Use the config", "You may edit files now");

    JsonObject status = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
    assertThat(status.getString("status")).isEqualTo("completed");
    assertThat(status.getJsonObject("completion").getString("action")).isEqualTo("request_changes");
    assertThat(status.getJsonObject("completion").getString("notes")).isEqualTo("Use the config");
    JsonArray comments = status.getJsonArray("threads").getJsonObject(0).getJsonArray("comments");
    assertThat(comments.getJsonObject(1).getString("author")).isEqualTo("agent");
    assertThat(comments.getJsonObject(1).getString("body")).isEqualTo("Yes, it names the caller.");
    assertThat(status.getJsonObject("counts").getInteger("agent_comments")).isEqualTo(1);

    // the agent reports the requested changes done; after that the status is final
    JsonObject approved = call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "approve"));
    assertThat(approved.getString("status")).isEqualTo("approved");
    assertThat(call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id)).getJsonObject("completion")
      .getString("action")).isEqualTo("request_changes");
    assertThatThrownBy(() -> call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id)
      .put("action", "request_changes"))).cause().hasMessageContaining("no longer changes");
    Thread.sleep(100);
    assertThat(events).extracting(e -> e.getString("type")).contains("comment", "completed");
    assertThat(events.stream().filter(e -> "comment".equals(e.getString("type")))
      .map(e -> e.getJsonObject("comment").getString("author")).toList()).containsExactly("person", "agent", "person");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void requestWithWaitReturnsTheFirstFeedback() throws Exception {
    Future<JsonObject> request = send(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "t"));
    String id = null;
    for (int i = 0; i < 100 && id == null; i++) {
      Thread.sleep(50);
      JsonArray all = call(Addresses.REVIEW_LIST, new JsonObject()).getJsonArray("reviews");
      id = all.isEmpty() ? null : all.getJsonObject(0).getString("review_id");
    }
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "first!"));
    JsonObject result = await(request);
    assertThat(result.getString("review_id")).isEqualTo(id);
    assertThat(result.getString("url")).endsWith(id);
    assertThat(result.getJsonObject("feedback").getString("body")).isEqualTo("first!");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void badInputGetsActionableErrors() throws Exception {
    String id = createReview("HEAD");
    assertThatThrownBy(() -> call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "t")
      .put("commit_range", "nope..HEAD").put("wait", false)))
      .cause().isInstanceOf(ToolException.class).hasMessageContaining("nope");
    assertThatThrownBy(() -> call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", "rmissing")))
      .cause().hasMessageContaining("review_list");
    assertThatThrownBy(() -> call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id)
      .put("action", "add_comment")))
      .cause().hasMessageContaining("body");
    assertThatThrownBy(() -> call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id)
      .put("body", "x").put("file", "nowhere.txt").put("line", 1)))
      .cause().hasMessageContaining("nowhere.txt");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void onlyThePersonsStampCommentsAsThePersonOrCompletesAndARefusalChangesNothing() throws Exception {
    String id = createReview("HEAD");
    for (String caller : new String[] {null, "agent", "service:token", "service:ci-bot", "Person"}) {
      DeliveryOptions delivery = new DeliveryOptions().setSendTimeout(20_000);
      if (caller != null) {
        delivery.addHeader(Caller.HEADER, caller);
      }
      for (JsonObject[] call : List.of(
        new JsonObject[] {new JsonObject().put("a", Addresses.REVIEW_COMPLETE), new JsonObject().put("review_id", id).put("action", "checkpoint")},
        new JsonObject[] {new JsonObject().put("a", Addresses.REVIEW_COMMENT), new JsonObject().put("review_id", id).put("body", "LGTM")})) {
        Throwable refused = await(BusRequests.request(vertx.eventBus(), call[0].getString("a"), call[1], delivery)
          .map(ok -> (Throwable) null).recover(Future::succeededFuture));
        assertThat(refused).as(call[0].getString("a") + " by " + caller).isInstanceOf(ToolException.class);
        assertThat(((ToolException) refused).code()).isEqualTo(403);
        assertThat(refused.getMessage()).contains("only the person").contains("reviewgate open");
      }
    }
    JsonObject status = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
    assertThat(status.getString("status")).isEqualTo("pending");
    assertThat(status.encode()).doesNotContain("LGTM");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aWaitForAClientThatTakesTasksIsADurableTaskThatCompletesWithTheComment() throws Exception {
    String id = createReview("HEAD");
    JsonObject started = await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_UPDATE, wait(id),
      new CallContext(null, null, true).applyTo(new DeliveryOptions().setSendTimeout(10_000))));
    JsonObject task = started.getJsonObject("task");
    assertThat(started.fieldNames()).containsExactly("task");
    String taskId = task.getString("task_id");
    assertThat(task.getString("status")).isEqualTo("working");
    assertThat(task.getString("status_message")).contains(id, URL, "reviewgate open " + id);
    assertThat(task.getLong("ttl_ms")).isEqualTo(ReviewgateConfig.defaults().section("review").getLong("taskTtlMs"));
    assertThat(taskGet(taskId).getString("status")).isEqualTo("working");
    assertThat(call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id)).getBoolean("agent_waiting")).isTrue();

    restartReview(600_000); // a new process on the same store: the task is still there, still working
    assertThat(taskGet(taskId).getString("status")).isEqualTo("working");
    JsonObject posted = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id)
      .put("body", "Why not read it from the config?").put("file", "src/App.java").put("line", 9));
    assertThat(posted.getBoolean("delivered")).isTrue();

    JsonObject done = awaitTask(taskId, "completed");
    JsonObject result = done.getJsonObject("result");
    assertThat(result.getString("outcome")).isEqualTo("comment");
    assertThat(result.getJsonObject("feedback").getString("body")).isEqualTo("Why not read it from the config?");
    assertThat(result.getJsonObject("feedback").getString("file")).isEqualTo("src/App.java");
    assertThat(result.getJsonObject("feedback").getInteger("line")).isEqualTo(9);
    assertThat(result.getJsonObject("feedback").getString("thread_id")).isEqualTo(posted.getJsonObject("thread").getString("id"));
    assertThat(result.getJsonObject("code_context")).isNotNull();
    JsonObject status = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
    assertThat(status.getJsonArray("pending_feedback")).isEmpty();
    assertThat(status.getBoolean("agent_waiting")).isFalse();
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aTaskTakesQueuedFeedbackAndCanBeCancelled() throws Exception {
    String id = createReview("HEAD");
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "queued before anyone waited"));
    String first = startTask(id);
    assertThat(awaitTask(first, "completed").getJsonObject("result").getJsonObject("feedback").getString("body"))
      .isEqualTo("queued before anyone waited");

    String second = startTask(id);
    assertThat(call(Addresses.REVIEW_TASKS, new JsonObject().put("action", "cancel").put("task_id", second))).isEmpty();
    awaitTask(second, "cancelled");
    JsonObject posted = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "after the cancel"));
    assertThat(posted.getBoolean("delivered")).isFalse();
    assertThat(call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id)).getJsonArray("pending_feedback")).hasSize(1);
    assertThatThrownBy(() -> taskGet("review." + id + ".no-such-task")).cause().isInstanceOfSatisfying(ToolException.class,
      e -> assertThat(e.code()).isEqualTo(404));
    assertThatThrownBy(() -> taskGet("not-a-review-task")).cause().isInstanceOfSatisfying(ToolException.class,
      e -> assertThat(e.code()).isEqualTo(404));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aNewerWaitSupersedesAWorkingTaskAndTheTaskSaysSo() throws Exception {
    String id = createReview("HEAD");
    String taskId = startTask(id);
    Future<JsonObject> blocking = send(Addresses.REVIEW_UPDATE, wait(id));
    JsonObject superseded = awaitTask(taskId, "completed").getJsonObject("result");
    assertThat(superseded.getString("outcome")).isEqualTo("superseded");
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "to the newest wait"));
    assertThat(await(blocking).getJsonObject("feedback").getString("body")).isEqualTo("to the newest wait");
  }

  /** Issue #23 item 6: a bridge wait that timed out must not swallow the person's next comment. */
  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void afterABridgeWaitTimesOutTheAgentsNextWaitGetsThePersonsComment() throws Exception {
    String id = createReview("HEAD");
    Future<JsonObject> agent = send(Addresses.REVIEW_UPDATE, wait(id));
    Thread.sleep(200);
    // A bridge client waits with a 1 s send timeout (as TcpBridge stamps it): it supersedes the agent, who is told.
    Future<JsonObject> bridge = BusRequests.request(vertx.eventBus(), Addresses.REVIEW_UPDATE, wait(id),
      CallContext.stampReplyBy(new DeliveryOptions().setSendTimeout(1000)));
    assertThat(await(agent).getString("outcome")).isEqualTo("superseded");
    // The bridge's wait ends before its caller stops listening, so its answer reaches it.
    assertThat(await(bridge).getString("outcome")).isEqualTo("no_feedback");

    JsonObject posted = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id)
      .put("body", "for whoever waits next").put("file", "src/App.java").put("line", 9));
    assertThat(posted.getBoolean("delivered")).isFalse();
    JsonObject next = call(Addresses.REVIEW_UPDATE, wait(id));
    assertThat(next.getString("outcome")).isEqualTo("comment");
    assertThat(next.getJsonObject("feedback").getString("body")).isEqualTo("for whoever waits next");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void publishPreviewsTheExactDraftAndLeavesConfirmToTheMcpFrontEnd() throws Exception {
    String id = createReview("HEAD");
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "Read it from the config.")
      .put("file", "src/App.java").put("line", 9));
    call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "request_changes").put("notes", "Two things."));
    JsonObject draft = call(Addresses.REVIEW_PUBLISH_PREVIEW, new JsonObject().put("review_id", id).put("pr_number", 7))
      .getJsonObject("draft");
    assertThat(draft.getString("verdict")).isEqualTo("request_changes");
    assertThat(draft.getString("commit_id")).isEqualTo(head);
    assertThat(draft.getInteger("pr_number")).isEqualTo(7);
    assertThat(draft.getJsonArray("comments")).containsExactly(new JsonObject().put("path", "src/App.java")
      .put("body", "Read it from the config.").put("line", 9).put("side", "new"));
    assertThatThrownBy(() -> call(Addresses.REVIEW_PUBLISH, new JsonObject().put("review_id", id).put("pr_number", 7)
      .put("confirm", true))).cause().isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(400);
        assertThat(e.getMessage()).contains("elicitation");
      });
  }

  // --- helpers ------------------------------------------------------------------------------------------------

  private String startTask(String id) throws Exception {
    return await(BusRequests.request(vertx.eventBus(), Addresses.REVIEW_UPDATE, wait(id),
      new CallContext(null, null, true).applyTo(new DeliveryOptions().setSendTimeout(10_000))))
      .getJsonObject("task").getString("task_id");
  }

  private JsonObject taskGet(String taskId) throws Exception {
    return call(Addresses.REVIEW_TASKS, new JsonObject().put("action", "get").put("task_id", taskId));
  }

  private JsonObject awaitTask(String taskId, String status) throws Exception {
    for (int i = 0; i < 200; i++) {
      JsonObject task = taskGet(taskId);
      if (status.equals(task.getString("status"))) {
        return task;
      }
      Thread.sleep(25);
    }
    throw new AssertionError("task " + taskId + " did not become " + status + ": " + taskGet(taskId));
  }

  private String createReview(String range) throws Exception {
    return call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "Greet by name").put("commit_range", range)
      .put("wait", false)).getString("review_id");
  }

  private static JsonObject wait(String id) {
    return new JsonObject().put("review_id", id).put("action", "wait_for_feedback");
  }

  private static List<String> markers(JsonArray markers) {
    return markers.stream().map(JsonObject.class::cast)
      .map(m -> m.getString("file") + ":" + m.getInteger("line") + ":" + m.getString("kind"))
      .collect(Collectors.toList());
  }

  private Future<JsonObject> send(String address, JsonObject args) {
    return BusRequests.request(vertx.eventBus(), address, args, Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(20_000)));
  }

  private JsonObject call(String address, JsonObject args) throws Exception {
    return await(send(address, args));
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
  }
}
