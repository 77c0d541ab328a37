package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * An agent over 2026-07-28 HTTP to a {@code serve} process: stateless requests with the token, declaring the tasks
 * extension (and no elicitation) in {@code _meta}, and the polling of a task until it completes.
 */
final class ModernMcp {

  static final String TASKS = "io.modelcontextprotocol/tasks";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private ModernMcp() {
  }

  /** One request; its JSON-RPC result (an HTTP status other than 200 or a JSON-RPC error fails the test). */
  static JsonObject call(ServeProcess serve, int id, String method, String name, JsonObject params) throws Exception {
    params.put("_meta", new JsonObject()
      .put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
      .put("io.modelcontextprotocol/clientInfo", new JsonObject().put("name", "it").put("version", "1"))
      .put("io.modelcontextprotocol/clientCapabilities", new JsonObject()
        .put("extensions", new JsonObject().put(TASKS, new JsonObject()))));
    JsonObject message = new JsonObject().put("jsonrpc", "2.0").put("id", id).put("method", method).put("params", params);
    HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/mcp"))
      .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
      .header("Authorization", SignIn.bearer())
      .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method).header("Mcp-Name", name)
      .POST(HttpRequest.BodyPublishers.ofString(message.encode())).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonObject body = new JsonObject(response.body());
    assertThat(body.containsKey("error")).as(response.body()).isFalse();
    return body.getJsonObject("result");
  }

  static JsonObject taskGet(ServeProcess serve, int id, String taskId) throws Exception {
    return call(serve, id, "tasks/get", taskId, new JsonObject().put("taskId", taskId));
  }

  /** Polls tasks/get every 10 ms (at most 1000 times, request ids from {@code firstId}) until the task is completed. */
  static JsonObject awaitCompleted(ServeProcess serve, String taskId, int firstId) throws Exception {
    for (int i = 0; i < 1000; i++) {
      JsonObject polled = taskGet(serve, firstId + i, taskId);
      if ("completed".equals(polled.getString("status"))) {
        return polled;
      }
      assertThat(polled.getString("status")).isEqualTo("working");
      Thread.sleep(10);
    }
    throw new AssertionError("task " + taskId + " did not complete within 1000 polls");
  }
}
