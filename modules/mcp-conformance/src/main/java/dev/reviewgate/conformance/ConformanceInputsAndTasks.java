package dev.reviewgate.conformance;

import dev.reviewgate.mcp.InputRequests;
import dev.reviewgate.mcp.JsonRpc;
import dev.reviewgate.mcp.JsonRpcException;
import dev.reviewgate.mcp.LocalTool;
import dev.reviewgate.mcp.RequestContext;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * The fixtures of the 2026-07-28 scenarios: tools that ask the client for input (SEP-2322, {@code input_required})
 * and tools that run as tasks (SEP-2663). Each uses only {@link RequestContext#ask} and {@link RequestContext#asTask},
 * the same API a real tool uses, so the scenarios exercise the protocol core rather than special cases.
 */
final class ConformanceInputsAndTasks {

  private ConformanceInputsAndTasks() {
  }

  static Map<String, LocalTool> handlers() {
    return Map.ofEntries(
      Map.entry("test_input_required_result_elicitation", (args, request) -> request.ask("user_name", askName())
        .map(answer -> ConformanceTools.text("Hello, " + field(answer, "name") + "!"))),
      Map.entry("test_input_required_result_sampling", (args, request) -> request.ask("capital_question",
          InputRequests.sampling("What is the capital of France?", 100))
        .map(answer -> ConformanceTools.text("The model answered: " + answer.getJsonObject("content", new JsonObject())
          .getString("text", "")))),
      Map.entry("test_input_required_result_list_roots", (args, request) -> request.ask("client_roots", InputRequests.roots())
        .map(answer -> ConformanceTools.text("The client's roots: " + answer.getJsonArray("roots", new JsonArray()).encode()))),
      Map.entry("test_input_required_result_request_state", (args, request) -> request.ask("confirm", confirm("Please confirm", "ok"))
        .map(answer -> ConformanceTools.text("state-ok: the signed requestState checked out; ok="
          + field(answer, "ok")))),
      Map.entry("test_input_required_result_multiple_inputs", (args, request) -> request.askAll(new JsonObject()
          .put("user_name", askName())
          .put("greeting", InputRequests.sampling("Generate a greeting", 50))
          .put("client_roots", InputRequests.roots()))
        .map(answers -> ConformanceTools.text("name=" + field(answers.getJsonObject("user_name"), "name") + ", greeting="
          + answers.getJsonObject("greeting").getJsonObject("content", new JsonObject()).getString("text", "")
          + ", roots=" + answers.getJsonObject("client_roots").getJsonArray("roots", new JsonArray()).size()))),
      Map.entry("test_input_required_result_multi_round", (args, request) -> request.ask("step1",
          InputRequests.elicitation("Step 1: What is your name?", schema("name", "string")))
        .compose(name -> request.ask("step2", InputRequests.elicitation("Step 2: What is your favorite color?",
            schema("color", "string")))
          .map(color -> ConformanceTools.text(field(name, "name") + " likes " + field(color, "color"))))),
      Map.entry("test_input_required_result_tampered_state", (args, request) -> request.ask("confirm", confirm("Please confirm", "ok"))
        .map(answer -> ConformanceTools.text("confirmed"))),
      Map.entry("test_input_required_result_capabilities", ConformanceInputsAndTasks::declaredOnly),
      Map.entry("greet", (args, request) -> Future.succeededFuture(ConformanceTools.text("Hello, " + args.getString("name") + "!"))),
      Map.entry("slow_compute", (args, request) -> request.asTask(task -> {
        double seconds = args.getDouble("seconds", 0.0);
        return sleep(task, (long) (seconds * 1000)).map(v -> ConformanceTools.text("computed " + args.getString("label", "")
          + " after " + seconds + " s"));
      })),
      Map.entry("failing_job", (args, request) -> request.asTask(task -> sleep(task, 1000)
        .map(v -> ConformanceTools.text("failing_job failed, as it always does").put("isError", true)))),
      Map.entry("protocol_error_job", (args, request) -> request.asTask(task -> sleep(task, 100)
        .compose(v -> Future.failedFuture(new JsonRpcException(JsonRpc.INTERNAL_ERROR,
          "protocol_error_job fails at the protocol level, as it always does"))))),
      Map.entry("confirm_delete", (args, request) -> request.asTask(task -> {
        String file = args.getString("filename", "the file");
        return task.ask("confirm", confirm("Delete " + file + "?", "confirm")).map(answer -> ConformanceTools.text(
          accepted(answer, "confirm") ? "deleted " + file : "kept " + file));
      })),
      Map.entry("multi_input", (args, request) -> request.asTask(task -> task.askAll(new JsonObject()
          .put("first", InputRequests.elicitation("First: your name?", schema("name", "string")))
          .put("second", confirm("Second: go ahead?", "confirm")))
        .map(answers -> ConformanceTools.text("first=" + field(answers.getJsonObject("first"), "name") + ", second="
          + accepted(answers.getJsonObject("second"), "confirm"))))),
      Map.entry("test_tool_with_task", (args, request) -> request.ask("user_name", askName())
        .compose(answer -> request.asTask(task -> sleep(task, 100)
          .map(v -> ConformanceTools.text("Hello, " + field(answer, "name") + "! (finished as a task)"))))));
  }

  /** Asks only for what the client declared: elicitation and sampling are both wanted, either may be left out. */
  private static Future<JsonObject> declaredOnly(JsonObject args, RequestContext request) {
    JsonObject wanted = new JsonObject();
    if (request.canAsk(InputRequests.ELICITATION)) {
      wanted.put("user_name", askName());
    }
    if (request.canAsk(InputRequests.SAMPLING)) {
      wanted.put("greeting", InputRequests.sampling("Generate a greeting", 50));
    }
    if (wanted.isEmpty()) {
      return Future.succeededFuture(ConformanceTools.text("the client declared neither elicitation nor sampling"));
    }
    return request.askAll(wanted).map(answers -> ConformanceTools.text("answered: " + answers.fieldNames()));
  }

  private static JsonObject askName() {
    return InputRequests.elicitation("What is your name?", schema("name", "string"));
  }

  private static JsonObject confirm(String message, String field) {
    return InputRequests.elicitation(message, schema(field, "boolean"));
  }

  private static JsonObject schema(String field, String type) {
    return new JsonObject().put("type", "object")
      .put("properties", new JsonObject().put(field, new JsonObject().put("type", type)))
      .put("required", new JsonArray().add(field));
  }

  private static String field(JsonObject answer, String name) {
    Object value = answer == null ? null : answer.getJsonObject("content", new JsonObject()).getValue(name);
    return String.valueOf(value);
  }

  private static boolean accepted(JsonObject answer, String field) {
    return answer != null && "accept".equals(answer.getString("action"))
      && Boolean.TRUE.equals(answer.getJsonObject("content", new JsonObject()).getValue(field));
  }

  /** Waits {@code ms} on a timer the task's cancellation stops. */
  private static Future<Void> sleep(RequestContext request, long ms) {
    Promise<Void> done = Promise.promise();
    long timer = request.vertx().setTimer(Math.max(1, ms), id -> done.tryComplete());
    request.onCancel(() -> {
      request.vertx().cancelTimer(timer);
      done.tryFail(new JsonRpcException(JsonRpc.REQUEST_CANCELLED, "cancelled"));
    });
    return done.future();
  }
}
