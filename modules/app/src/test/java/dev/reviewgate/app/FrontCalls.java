package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** What the cluster tests ask of a front node over HTTP: stateless MCP requests and {@code /health}. */
final class FrontCalls {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private FrontCalls() {
  }

  /** One stateless (2026-07-28 era) MCP request to a front node. */
  static JsonObject mcp(ServeProcess front, String method, String name, JsonObject params) throws Exception {
    return mcp(front, method, name, params, new JsonObject());
  }

  static JsonObject mcp(ServeProcess front, String method, String name, JsonObject params, JsonObject capabilities)
    throws Exception {
    params.put("_meta", new JsonObject().put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
      .put("io.modelcontextprotocol/clientCapabilities", capabilities));
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + front.port() + "/mcp"))
      .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
      .header("Authorization", SignIn.bearer())
      .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method)
      .POST(HttpRequest.BodyPublishers.ofString(new JsonObject().put("jsonrpc", "2.0").put("id", 1).put("method", method)
        .put("params", params).encode()));
    if (name != null) {
      request.header("Mcp-Name", name);
    }
    HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    String body = response.body();
    if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
      // the last data line is the response
      String last = body.lines().filter(l -> l.startsWith("data:")).reduce((x, y) -> y).orElseThrow();
      body = last.substring(5).trim();
    }
    return new JsonObject(body);
  }

  /** A tool's result ({@code result} of a tools/call). */
  static JsonObject tool(ServeProcess front, String name, JsonObject arguments) throws Exception {
    return mcp(front, "tools/call", name, new JsonObject().put("name", name).put("arguments", arguments))
      .getJsonObject("result");
  }

  static JsonObject health(ServeProcess front) throws Exception {
    return health(front, Duration.ofSeconds(30));
  }

  static JsonObject health(ServeProcess front, Duration timeout) throws Exception {
    return new JsonObject(HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + front.port() + "/health"))
      .timeout(timeout).build(), HttpResponse.BodyHandlers.ofString()).body());
  }

  /** How many members the front node's cluster has (its /health). */
  static int members(ServeProcess front) throws Exception {
    return health(front).getJsonObject("cluster").getJsonArray("members").size();
  }
}
