package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.TaskSupport;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Multi-round-trip requests (SEP-2322) and tasks (SEP-2663) in the protocol core, through tools written against the
 * era-independent API ({@link RequestContext#ask}, {@link RequestContext#asTask}) and a real {@link McpConnection}.
 */
@Timeout(20)
class InputsAndTasksTest {

  private static final JsonObject NAME_SCHEMA = new JsonObject().put("type", "object")
    .put("properties", new JsonObject().put("name", new JsonObject().put("type", "string")));

  private Vertx vertx;
  private McpConnection connection;
  private final List<JsonObject> outbound = new CopyOnWriteArrayList<>();
  private final List<Promise<JsonObject>> jobs = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    McpServer.Builder builder = McpServer.builder(vertx, ToolCatalog.standard());
    builder.localTool(tool("two_steps", TaskSupport.FORBIDDEN), (args, request) -> request.ask("first",
        InputRequests.elicitation("Your name?", NAME_SCHEMA))
      .compose(first -> request.ask("second", InputRequests.sampling("Say hi", 10))
        .map(second -> ToolResults.success(new JsonObject().put("name", first.getJsonObject("content").getString("name"))
          .put("model", second.getJsonObject("content").getString("text"))))));
    builder.localTool(tool("job", TaskSupport.OPTIONAL), (args, request) -> request.asTask(task -> {
      Promise<JsonObject> job = Promise.promise();
      jobs.add(job);
      task.onCancel(() -> job.tryFail(new JsonRpcException(JsonRpc.REQUEST_CANCELLED, "cancelled")));
      return job.future();
    }));
    builder.localTool(tool("asking_job", TaskSupport.REQUIRED), (args, request) -> request.asTask(task -> task.askAll(
        new JsonObject().put("a", InputRequests.elicitation("A?", NAME_SCHEMA)).put("b", InputRequests.elicitation("B?", NAME_SCHEMA)))
      .map(answers -> ToolResults.success(new JsonObject().put("answered", new JsonArray(List.copyOf(answers.fieldNames())))))));
    connection = builder.build().connect(outbound::add);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  // --- multi-round-trip requests -------------------------------------------------------------------------------

  @Test
  void statelessRoundsCarryTheAnswersInTheSignedState() throws Exception {
    JsonObject round1 = call(1, "two_steps", new JsonObject(), all()).getJsonObject("result");
    assertThat(round1.getString("resultType")).isEqualTo("input_required");
    assertThat(round1.getJsonObject("inputRequests").fieldNames()).containsExactly("first");
    assertThat(round1.getJsonObject("inputRequests").getJsonObject("first").getString("method")).isEqualTo("elicitation/create");

    JsonObject round2 = call(2, "two_steps", new JsonObject().put("inputResponses", new JsonObject().put("first", accept("Ada")))
      .put("requestState", round1.getString("requestState")), all()).getJsonObject("result");
    assertThat(round2.getString("resultType")).isEqualTo("input_required");
    assertThat(round2.getJsonObject("inputRequests").fieldNames()).containsExactly("second");
    assertThat(round2.getString("requestState")).isNotEqualTo(round1.getString("requestState"));

    // Round 3 brings only the second answer: the first comes back from the state.
    JsonObject done = call(3, "two_steps", new JsonObject().put("inputResponses", new JsonObject().put("second",
        new JsonObject().put("role", "assistant").put("content", new JsonObject().put("type", "text").put("text", "hi"))))
      .put("requestState", round2.getString("requestState")), all()).getJsonObject("result");
    assertThat(done.getString("resultType")).isEqualTo("complete");
    assertThat(done.getJsonObject("structuredContent")).isEqualTo(new JsonObject().put("name", "Ada").put("model", "hi"));
  }

  @Test
  void aTamperedStateIsAProtocolError() throws Exception {
    JsonObject round1 = call(1, "two_steps", new JsonObject(), all()).getJsonObject("result");
    JsonObject error = call(2, "two_steps", new JsonObject().put("inputResponses", new JsonObject().put("first", accept("Ada")))
      .put("requestState", round1.getString("requestState") + "x"), all()).getJsonObject("error");
    assertThat(error.getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
    assertThat(error.getString("message")).contains("requestState was refused");
  }

  @Test
  void malformedInputResponsesAreRefused() throws Exception {
    JsonObject error = call(1, "two_steps", new JsonObject().put("inputResponses", new JsonObject().put("first", 12345)), all())
      .getJsonObject("error");
    assertThat(error.getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
    assertThat(error.getString("message")).contains("inputResponses[\"first\"]");
  }

  @Test
  void onlyDeclaredCapabilitiesAreAskedFor() throws Exception {
    JsonObject error = call(1, "two_steps", new JsonObject(), new JsonObject().put("sampling", new JsonObject()))
      .getJsonObject("error");
    assertThat(error.getInteger("code")).isEqualTo(JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY);
    assertThat(error.getJsonObject("data").getJsonObject("requiredCapabilities").fieldNames()).containsExactly("elicitation");
  }

  @Test
  void theSessionEraAsksWithServerToClientRequests() throws Exception {
    JsonObject init = send(JsonRpc.request(0, "initialize", new JsonObject().put("protocolVersion", "2025-11-25")
      .put("capabilities", all()).put("clientInfo", new JsonObject().put("name", "t").put("version", "1"))));
    assertThat(init.getJsonObject("result").getJsonObject("capabilities").containsKey("extensions")).isFalse();
    Future<JsonObject> reply = connection.handle(JsonRpc.request(1, "tools/call", new JsonObject().put("name", "two_steps"))
      .encode());
    JsonObject asked = awaitOutbound("elicitation/create");
    connection.handle(new JsonObject().put("jsonrpc", "2.0").put("id", asked.getValue("id")).put("result", accept("Ada")).encode());
    JsonObject sampled = awaitOutbound("sampling/createMessage");
    connection.handle(new JsonObject().put("jsonrpc", "2.0").put("id", sampled.getValue("id")).put("result",
      new JsonObject().put("role", "assistant").put("content", new JsonObject().put("type", "text").put("text", "hello"))).encode());
    JsonObject result = reply.toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS).getJsonObject("result");
    assertThat(result.getJsonObject("structuredContent")).isEqualTo(new JsonObject().put("name", "Ada").put("model", "hello"));
  }

  // --- tasks ---------------------------------------------------------------------------------------------------

  @Test
  void aTaskIsWorkingThenCompletedWithItsResultInline() throws Exception {
    JsonObject created = call(1, "job", new JsonObject(), tasks()).getJsonObject("result");
    assertThat(created.getString("resultType")).isEqualTo("task");
    assertThat(created.fieldNames()).contains("taskId", "status", "createdAt", "lastUpdatedAt", "ttlMs")
      .doesNotContain("result", "requestState", "task");
    String id = created.getString("taskId");
    assertThat(taskGet(2, id).getString("status")).isEqualTo("working");
    awaitJob().complete(ToolResults.success(new JsonObject().put("done", true)));
    JsonObject done = awaitStatus(id, "completed");
    assertThat(done.getString("resultType")).isEqualTo("complete");
    assertThat(done.getJsonObject("result").getJsonObject("structuredContent")).isEqualTo(new JsonObject().put("done", true));
  }

  @Test
  void aToolErrorCompletesWithIsErrorAndAProtocolErrorFails() throws Exception {
    String toolError = call(1, "job", new JsonObject(), tasks()).getJsonObject("result").getString("taskId");
    awaitJob().fail(ToolException.notFound("no such review"));
    JsonObject completed = awaitStatus(toolError, "completed");
    assertThat(completed.getJsonObject("result").getBoolean("isError")).isTrue();
    assertThat(completed.containsKey("error")).isFalse();

    String protocolError = call(2, "job", new JsonObject(), tasks()).getJsonObject("result").getString("taskId");
    awaitJob().fail(new IllegalStateException("boom"));
    JsonObject failed = awaitStatus(protocolError, "failed");
    assertThat(failed.getJsonObject("error").getInteger("code")).isEqualTo(JsonRpc.INTERNAL_ERROR);
    assertThat(failed.getJsonObject("error").getString("message")).doesNotContain("boom");
    assertThat(failed.containsKey("result")).isFalse();
  }

  @Test
  void cancelEndsATaskAndIsIdempotent() throws Exception {
    String id = call(1, "job", new JsonObject(), tasks()).getJsonObject("result").getString("taskId");
    Promise<JsonObject> job = awaitJob();
    JsonObject ack = request(2, "tasks/cancel", new JsonObject().put("taskId", id), tasks()).getJsonObject("result");
    assertThat(ack.getString("resultType")).isEqualTo("complete");
    assertThat(ack.fieldNames()).doesNotContain("taskId", "status");
    assertThat(job.future().failed()).as("the work saw the cancellation").isTrue();
    assertThat(taskGet(3, id).getString("status")).isEqualTo("cancelled");
    assertThat(request(4, "tasks/cancel", new JsonObject().put("taskId", id), tasks()).getJsonObject("result")
      .getString("resultType")).isEqualTo("complete");
  }

  @Test
  void aTaskWaitsForEveryInputAndResumesWhenAllAreAnswered() throws Exception {
    String id = call(1, "asking_job", new JsonObject(), tasks().put("elicitation", new JsonObject()))
      .getJsonObject("result").getString("taskId");
    JsonObject waiting = awaitStatus(id, "input_required");
    assertThat(waiting.getJsonObject("inputRequests").fieldNames()).containsExactlyInAnyOrder("a", "b");
    request(2, "tasks/update", new JsonObject().put("taskId", id).put("inputResponses", new JsonObject().put("a", accept("x"))),
      tasks());
    JsonObject partial = taskGet(3, id);
    assertThat(partial.getString("status")).isEqualTo("input_required");
    assertThat(partial.getJsonObject("inputRequests").fieldNames()).containsExactly("b");
    request(4, "tasks/update", new JsonObject().put("taskId", id).put("inputResponses", new JsonObject().put("b", accept("y"))),
      tasks());
    assertThat(awaitStatus(id, "completed").getJsonObject("result").getJsonObject("structuredContent")
      .getJsonArray("answered")).containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void withoutTheExtensionToolsRunInTheCallAndTasksMethodsAreRefused() throws Exception {
    Future<JsonObject> sync = connection.handle(modern(1, "tools/call", new JsonObject().put("name", "job"), all()).encode());
    awaitJob().complete(ToolResults.success(new JsonObject().put("sync", true)));
    JsonObject result = sync.toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS).getJsonObject("result");
    assertThat(result.getString("resultType")).isEqualTo("complete");
    assertThat(result.getJsonObject("structuredContent").getBoolean("sync")).isTrue();

    JsonObject required = call(2, "asking_job", new JsonObject(), all()).getJsonObject("error");
    assertThat(required.getInteger("code")).isEqualTo(JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY);
    assertThat(required.getJsonObject("data").getJsonObject("requiredCapabilities").getJsonObject("extensions")
      .containsKey(RequestContext.TASKS_EXTENSION)).isTrue();
    for (String method : List.of("tasks/get", "tasks/update", "tasks/cancel")) {
      assertThat(request(3, method, new JsonObject().put("taskId", "x").put("inputResponses", new JsonObject()), all())
        .getJsonObject("error").getInteger("code")).as(method).isEqualTo(JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY);
    }
    assertThat(request(4, "tasks/get", new JsonObject().put("taskId", "task-unknown"), tasks()).getJsonObject("error")
      .getInteger("code")).isEqualTo(JsonRpc.INVALID_PARAMS);
    JsonObject discover = request(5, "server/discover", new JsonObject(), all()).getJsonObject("result");
    assertThat(discover.getJsonObject("capabilities").getJsonObject("extensions").containsKey(RequestContext.TASKS_EXTENSION)).isTrue();
  }

  // --- helpers -------------------------------------------------------------------------------------------------

  private static Tool tool(String name, TaskSupport support) {
    Tool model = ToolCatalog.standard().require("diff_parse");
    return new Tool(name, "reviewgate.test." + name, name, "A test tool.", new JsonObject().put("type", "object"), null,
      model.annotations(), model.exposure(), false, model.callers(), support, null, dev.reviewgate.core.catalog.ReplyContent.NONE);
  }

  private static JsonObject accept(String name) {
    return new JsonObject().put("action", "accept").put("content", new JsonObject().put("name", name));
  }

  private static JsonObject all() {
    return new JsonObject().put("elicitation", new JsonObject()).put("sampling", new JsonObject()).put("roots", new JsonObject());
  }

  private static JsonObject tasks() {
    return new JsonObject().put("extensions", new JsonObject().put(RequestContext.TASKS_EXTENSION, new JsonObject()));
  }

  private static JsonObject modern(Object id, String method, JsonObject params, JsonObject capabilities) {
    return JsonRpc.request(id, method, params.copy().put("_meta", new JsonObject()
      .put(McpConnection.META_PROTOCOL_VERSION, "2026-07-28")
      .put(McpConnection.META_CLIENT_CAPABILITIES, capabilities)
      .put(McpConnection.META_CLIENT_INFO, new JsonObject().put("name", "test").put("version", "1"))));
  }

  private JsonObject call(Object id, String tool, JsonObject params, JsonObject capabilities) throws Exception {
    return request(id, "tools/call", params.copy().put("name", tool).put("arguments", new JsonObject()), capabilities);
  }

  private JsonObject request(Object id, String method, JsonObject params, JsonObject capabilities) throws Exception {
    return send(modern(id, method, params, capabilities));
  }

  private JsonObject send(JsonObject message) throws Exception {
    return connection.handle(message.encode()).toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private JsonObject taskGet(Object id, String taskId) throws Exception {
    return request(id, "tasks/get", new JsonObject().put("taskId", taskId), tasks()).getJsonObject("result");
  }

  private JsonObject awaitStatus(String taskId, String status) throws Exception {
    return await(() -> {
      try {
        JsonObject task = taskGet("poll", taskId);
        return status.equals(task.getString("status")) ? task : null;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, "task " + taskId + " to be " + status);
  }

  private Promise<JsonObject> awaitJob() throws Exception {
    return await(() -> jobs.isEmpty() ? null : jobs.remove(0), "the job to start");
  }

  private JsonObject awaitOutbound(String method) throws Exception {
    return await(() -> outbound.stream().filter(m -> method.equals(m.getString("method"))).findFirst().orElse(null),
      method + " to be sent");
  }

  private static <T> T await(Supplier<T> probe, String what) throws Exception {
    for (int i = 0; i < 200; i++) {
      T value = probe.get();
      if (value != null) {
        return value;
      }
      Thread.sleep(25);
    }
    throw new AssertionError("timed out waiting for " + what);
  }
}
