package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** An agent over HTTP MCP (stateless 2026-07-28 requests with the bearer token) and a reader of /health. */
final class McpHttp {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private McpHttp() {
  }

  /** One {@code tools/call} to the server on {@code port}: its {@code result}. */
  static JsonObject call(int port, String tool, JsonObject arguments) throws Exception {
    JsonObject params = new JsonObject().put("name", tool).put("arguments", arguments)
      .put("_meta", new JsonObject().put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
        .put("io.modelcontextprotocol/clientCapabilities", new JsonObject()));
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
      .timeout(Duration.ofSeconds(90))
      .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
      .header("Authorization", SignIn.bearer()).header("MCP-Protocol-Version", "2026-07-28")
      .header("Mcp-Method", "tools/call").header("Mcp-Name", tool)
      .POST(HttpRequest.BodyPublishers.ofString(new JsonObject().put("jsonrpc", "2.0").put("id", 1)
        .put("method", "tools/call").put("params", params).encode()))
      .build();
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    String body = response.body();
    if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
      body = body.lines().filter(l -> l.startsWith("data:")).reduce((x, y) -> y).orElseThrow().substring(5).trim();
    }
    return new JsonObject(body).getJsonObject("result");
  }

  /** The structured result of a call that must succeed. */
  static JsonObject structured(int port, String tool, JsonObject arguments) throws Exception {
    JsonObject result = call(port, tool, arguments);
    assertThat(result.getBoolean("isError", false)).as(result.encode()).isFalse();
    return result.getJsonObject("structuredContent");
  }

  static JsonObject health(int port) throws Exception {
    return new JsonObject(HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
      .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body());
  }
}
