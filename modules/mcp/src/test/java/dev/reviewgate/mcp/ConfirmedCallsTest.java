package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code pr_review} with {@code confirm: true}: the person sees the exact draft and nothing is posted unless they
 * accept. The forge is a stand-in served through the real {@link ToolEndpoint} on pr_review's catalog address, so
 * what would be posted is exactly what it records.
 */
@Timeout(20)
class ConfirmedCallsTest {

  private Vertx vertx;
  private McpConnection connection;
  private final List<JsonObject> posted = new CopyOnWriteArrayList<>();
  private final List<JsonObject> outbound = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    ToolCatalog catalog = ToolCatalog.standard();
    ToolEndpoint.serve(vertx, catalog, "pr_review", args -> {
      posted.add(args);
      return Future.succeededFuture(new JsonObject().put("forge", "github").put("pr_number", args.getInteger("pr_number"))
        .put("review_id", 77).put("state", "COMMENTED").put("comments", args.getJsonArray("comments").size())
        .put("url", "https://github.example/pr/1#review-77"));
    }).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    connection = McpServer.builder(vertx, catalog).durableTasksOnBus().build().connect(outbound::add);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @Test
  void thePersonSeesTheExactDraftAndAnEditedBodyIsPosted() throws Exception {
    JsonObject round1 = call(1, review(), null, null, elicitation()).getJsonObject("result");
    assertThat(round1.getString("resultType")).isEqualTo("input_required");
    JsonObject ask = round1.getJsonObject("inputRequests").getJsonObject(ConfirmedCalls.KEY);
    assertThat(ask.getString("method")).isEqualTo("elicitation/create");
    assertThat(ask.getJsonObject("params").getString("message")).contains("pull request #7", "Verdict: request_changes",
      "Body: Two things.", "1. src/App.java:9 (new side): Read it from the config.", "2. README.md (file): Document it.");
    assertThat(posted).as("nothing is posted before the person accepts").isEmpty();

    JsonObject done = call(2, review(), new JsonObject().put(ConfirmedCalls.KEY, new JsonObject().put("action", "accept")
      .put("content", new JsonObject().put("post", true).put("body", "Two things, please."))), round1.getString("requestState"),
      elicitation()).getJsonObject("result");
    assertThat(done.getBoolean("isError")).isFalse();
    assertThat(done.getJsonArray("content").getJsonObject(0).getString("text")).contains("after editing its body");
    assertThat(posted).hasSize(1);
    assertThat(posted.get(0).getString("body")).isEqualTo("Two things, please.");
    assertThat(posted.get(0).containsKey("confirm")).isFalse();
    assertThat(posted.get(0).getJsonArray("comments")).isEqualTo(review().getJsonArray("comments"));
  }

  @Test
  void aDeclinedDraftIsReportedAndNothingIsPosted() throws Exception {
    JsonObject round1 = call(1, review(), null, null, elicitation()).getJsonObject("result");
    JsonObject declined = call(2, review(), new JsonObject().put(ConfirmedCalls.KEY, new JsonObject().put("action", "decline")),
      round1.getString("requestState"), elicitation()).getJsonObject("result");
    assertThat(declined.getBoolean("isError")).isTrue();
    assertThat(declined.getJsonArray("content").getJsonObject(0).getString("text")).startsWith("[NOT_POSTED] The person decline")
      .contains("Read it from the config.");
    assertThat(posted).isEmpty();
  }

  @Test
  void aClientThatCannotAskButTakesTasksGetsATaskForTheDashboardsDecision() throws Exception {
    List<io.vertx.core.eventbus.Message<JsonObject>> submitted = reviewServiceStandIn(request -> {
      String taskId = "draft.d0123456789abcdef0123456789abcdef";
      JsonObject task = new JsonObject().put("task_id", taskId).put("created_at", "2026-11-27T10:00:00Z")
        .put("updated_at", "2026-11-27T10:00:00Z").put("ttl_ms", 86_400_000L).put("poll_interval_ms", 1000L);
      return "submit".equals(request.getString("action"))
        ? new JsonObject().put("task", task.put("status", "working").put("status_message", "waiting for the person"))
        : task.put("status", "completed").put("result", new JsonObject().put("review_id", 77))
          .put("note", "The person approved the draft as shown; it was posted.");
    });
    JsonObject created = call(1, review(), null, null, tasks()).getJsonObject("result");
    assertThat(created.getString("resultType")).isEqualTo("task");
    assertThat(created.getString("taskId")).isEqualTo("draft.d0123456789abcdef0123456789abcdef");
    assertThat(created.getString("status")).isEqualTo("working");
    JsonObject submit = submitted.get(0).body();
    assertThat(submit.getString("tool")).isEqualTo("pr_review");
    assertThat(submit.getBoolean("editable")).isTrue();
    assertThat(submit.getJsonObject("arguments").containsKey("confirm")).isFalse();
    assertThat(submit.getJsonObject("draft").getJsonArray("comments")).isEqualTo(review().getJsonArray("comments"));
    assertThat(submitted.get(0).headers().get(dev.reviewgate.core.security.Caller.HEADER)).isEqualTo("agent");
    assertThat(submitted.get(0).headers().get(dev.reviewgate.core.Addresses.TASK_HEADER)).isEqualTo("true");

    JsonObject got = connection.handle(JsonRpc.request(2, "tasks/get", new JsonObject()
      .put("taskId", created.getString("taskId")).put("_meta", meta(tasks()))).encode())
      .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    JsonObject done = got.getJsonObject("result");
    assertThat(done).as(got.encode()).isNotNull();
    assertThat(done.getString("status")).isEqualTo("completed");
    assertThat(done.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"))
      .isEqualTo("The person approved the draft as shown; it was posted.");
    assertThat(done.getJsonObject("result").getJsonObject("structuredContent").getInteger("review_id")).isEqualTo(77);
    assertThat(posted).as("the review service posts an approved draft, not the front-end").isEmpty();
  }

  @Test
  void aClientThatCannotAskNorTakeTasksIsHeldUntilTheDashboardsDecision() throws Exception {
    List<io.vertx.core.eventbus.Message<JsonObject>> submitted = reviewServiceStandIn(request -> new JsonObject()
      .put("outcome", new JsonObject().put("error_text", "[NOT_POSTED] The person declined the draft review; nothing was posted.")));
    JsonObject result = call(1, review(), null, null, new JsonObject()).getJsonObject("result");
    assertThat(result.getBoolean("isError")).isTrue();
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).startsWith("[NOT_POSTED] The person declined");
    assertThat(submitted).hasSize(1);
    assertThat(submitted.get(0).headers().get(dev.reviewgate.core.Addresses.TASK_HEADER)).isNull();
    assertThat(posted).isEmpty();
  }

  @Test
  void aSessionWithoutElicitationIsHeldUntilTheDashboardsDecision() throws Exception {
    List<io.vertx.core.eventbus.Message<JsonObject>> submitted = reviewServiceStandIn(request -> new JsonObject()
      .put("outcome", new JsonObject().put("result", new JsonObject().put("review_id", 77))
        .put("note", "The person approved the draft as shown; it was posted.")));
    connection.handle(JsonRpc.request(0, "initialize", new JsonObject().put("protocolVersion", "2025-11-25")
      .put("capabilities", new JsonObject()).put("clientInfo", new JsonObject().put("name", "t").put("version", "1"))).encode())
      .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    JsonObject result = connection.handle(JsonRpc.request(1, "tools/call", new JsonObject().put("name", "pr_review")
      .put("arguments", review())).encode()).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS)
      .getJsonObject("result");
    assertThat(result.getBoolean("isError")).isFalse();
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).contains("approved the draft as shown");
    assertThat(outbound).noneMatch(m -> "elicitation/create".equals(m.getString("method")));
    assertThat(submitted).hasSize(1);
    assertThat(submitted.get(0).headers().get(dev.reviewgate.core.Addresses.TASK_HEADER)).isNull();
  }

  /** Answers the review service's internal drafts address as the review backend would, recording each request. */
  private List<io.vertx.core.eventbus.Message<JsonObject>> reviewServiceStandIn(java.util.function.UnaryOperator<JsonObject> answer)
    throws Exception {
    List<io.vertx.core.eventbus.Message<JsonObject>> received = new CopyOnWriteArrayList<>();
    vertx.eventBus().<JsonObject>consumer(dev.reviewgate.core.Addresses.REVIEW_DRAFTS, message -> {
      received.add(message);
      message.reply(answer.apply(message.body()));
    }).completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    return received;
  }

  private static JsonObject tasks() {
    return new JsonObject().put("extensions", new JsonObject().put(RequestContext.TASKS_EXTENSION, new JsonObject()));
  }

  private static JsonObject meta(JsonObject capabilities) {
    return new JsonObject().put(McpConnection.META_PROTOCOL_VERSION, "2026-07-28")
      .put(McpConnection.META_CLIENT_CAPABILITIES, capabilities)
      .put(McpConnection.META_CLIENT_INFO, new JsonObject().put("name", "t").put("version", "1"));
  }

  @Test
  void invalidArgumentsAreRefusedBeforeThePersonSeesThem() throws Exception {
    JsonObject result = call(1, review().put("verdict", "maybe"), null, null, elicitation()).getJsonObject("result");
    assertThat(result.getBoolean("isError")).isTrue();
    assertThat(result.getString("resultType")).isEqualTo("complete");
    assertThat(posted).isEmpty();
  }

  @Test
  void theSessionEraAsksWithElicitationCreate() throws Exception {
    connection.handle(JsonRpc.request(0, "initialize", new JsonObject().put("protocolVersion", "2025-11-25")
      .put("capabilities", elicitation()).put("clientInfo", new JsonObject().put("name", "t").put("version", "1"))).encode())
      .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    Future<JsonObject> reply = connection.handle(JsonRpc.request(1, "tools/call", new JsonObject().put("name", "pr_review")
      .put("arguments", review())).encode());
    JsonObject asked = null;
    for (int i = 0; i < 200 && asked == null; i++) {
      asked = outbound.stream().filter(m -> "elicitation/create".equals(m.getString("method"))).findFirst().orElse(null);
      Thread.sleep(25);
    }
    assertThat(asked).isNotNull();
    assertThat(asked.getJsonObject("params").getString("message")).contains("src/App.java:9 (new side)");
    connection.handle(new JsonObject().put("jsonrpc", "2.0").put("id", asked.getValue("id")).put("result",
      new JsonObject().put("action", "accept").put("content", new JsonObject().put("post", true))).encode());
    JsonObject result = reply.toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS).getJsonObject("result");
    assertThat(result.getJsonArray("content").getJsonObject(0).getString("text")).contains("approved the draft as shown");
    assertThat(posted).hasSize(1);
    assertThat(posted.get(0).getString("body")).isEqualTo("Two things.");
  }

  private static JsonObject review() {
    return new JsonObject().put("pr_number", 7).put("verdict", "request_changes").put("body", "Two things.")
      .put("commit_id", "0123456789abcdef0123456789abcdef01234567").put("confirm", true)
      .put("comments", new JsonArray()
        .add(new JsonObject().put("path", "src/App.java").put("line", 9).put("side", "new").put("body", "Read it from the config."))
        .add(new JsonObject().put("path", "README.md").put("body", "Document it.")));
  }

  private static JsonObject elicitation() {
    return new JsonObject().put("elicitation", new JsonObject());
  }

  private JsonObject call(int id, JsonObject arguments, JsonObject responses, String state, JsonObject capabilities)
    throws Exception {
    JsonObject params = new JsonObject().put("name", "pr_review").put("arguments", arguments)
      .put("_meta", meta(capabilities));
    if (responses != null) {
      params.put("inputResponses", responses);
    }
    if (state != null) {
      params.put("requestState", state);
    }
    return connection.handle(JsonRpc.request(id, "tools/call", params).encode()).toCompletionStage().toCompletableFuture()
      .get(10, TimeUnit.SECONDS);
  }
}
