package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input over the real pipes of one long-lived process: each case gets its exact JSON-RPC error (or, for a
 * notification, no answer at all), and a ping right after proves the process still serves.
 */
class MalformedInputIT {

  @TempDir
  static Path temp;
  private static McpProcess mcp;
  private static int pings = 10_000;

  /** {@code expectedCode} null: a notification, which must get no response. */
  private record Case(String name, String line, Object expectedId, Integer expectedCode, String messageContains) {
  }

  @BeforeAll
  static void start() throws Exception {
    mcp = McpProcess.start(GitFixture.create(temp.resolve("repo")));
    JsonObject init = mcp.request(Messages.initialize(1, "2025-11-25"));
    assertThat(init.getJsonObject("result").getString("protocolVersion")).isEqualTo("2025-11-25");
    mcp.send(Messages.notification("notifications/initialized", null));
    // Backends deploy while the handshake is answered; wait for them so every case meets a fully started server.
    JsonObject ready = mcp.request(Messages.request(2, "tools/call", Messages.call("diff_parse", new JsonObject().put("diff", ""))));
    assertThat(ready.getJsonObject("result")).isNotNull();
  }

  @AfterAll
  static void stop() throws Exception {
    mcp.close();
    assertThat(mcp.pollution()).isEmpty();
  }

  @Test
  void everyCaseGetsItsErrorAndTheProcessKeepsServing() throws Exception {
    List<Case> cases = List.of(
      new Case("invalid JSON", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ", null, -32700, "not valid JSON"),
      new Case("not JSON at all", "hello", null, -32700, "not valid JSON"),
      new Case("wrong jsonrpc version", "{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}", 2, -32600, "\"jsonrpc\""),
      new Case("jsonrpc missing", "{\"id\":3,\"method\":\"ping\"}", 3, -32600, "\"jsonrpc\""),
      new Case("missing id: a notification, never answered", "{\"jsonrpc\":\"2.0\",\"method\":\"tools/list\"}", null, null, null),
      new Case("missing id and method", "{\"jsonrpc\":\"2.0\"}", null, -32600, "method"),
      new Case("null id", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", null, -32600, "\"id\""),
      new Case("object id", "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", null, -32600, "\"id\""),
      new Case("fractional id", "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", null, -32600, "\"id\""),
      new Case("empty array", "[]", null, -32600, "batches"),
      new Case("batch", "[{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}]", null, -32600, "batches"),
      new Case("a JSON string", "\"ping\"", null, -32600, "JSON object"),
      new Case("unknown method", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/destroy\"}", 5, -32601, "tools/destroy"),
      new Case("method not a string", "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":42}", 6, -32600, "\"method\""),
      new Case("params not structured", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":\"x\"}", 7, -32600, "params"),
      new Case("params as an array", "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\",\"params\":[1]}", 8, -32602, "named"),
      new Case("tool name of the wrong type", "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":5}}", 9, -32602, "name"),
      new Case("arguments of the wrong type", "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"name\":\"diff_parse\",\"arguments\":[1]}}", 10, -32602, "arguments"),
      new Case("unknown tool", "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"rm_rf\"}}", 11, -32602, "Unknown tool: rm_rf"),
      new Case("cursor of the wrong type", "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/list\",\"params\":{\"cursor\":5}}", 12, -32602, "cursor"),
      new Case("bad log level", "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}", 13, -32602, "level"),
      new Case("initialize without a version", "{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}", 14, -32602, "protocolVersion"),
      new Case("unsupported version in _meta", "{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"tools/list\",\"params\":{\"_meta\":"
        + "{\"io.modelcontextprotocol/protocolVersion\":\"1999-01-01\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}", 15, -32022, "Unsupported protocol version"),
      new Case("a notification with an id", "{\"jsonrpc\":\"2.0\",\"id\":16,\"method\":\"notifications/initialized\"}", 16, -32600, "notification"),
      new Case("a response nobody asked for", "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"result\":{}}", null, null, null),
      new Case("cancelling an unknown request", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":999}}", null, null, null));
    for (Case c : cases) {
      mcp.send(c.line());
      expect(c);
    }
  }

  @Test
  void aTenMegabyteLineIsRefusedAndTheNextLineServed() throws Exception {
    String padding = "x".repeat(10 * 1024 * 1024);
    String line = "{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"tools/call\",\"params\":{\"name\":\"diff_parse\",\"arguments\":{\"diff\":\"" + padding + "\"}}}";
    mcp.send(line);
    expect(new Case("10 MB line", line, null, -32600, "mcp.maxLineBytes"));
  }

  /** The case's error and a ping's pong may arrive in either order (requests are answered as they finish). */
  private static void expect(Case c) throws Exception {
    int ping = ++pings;
    mcp.send(Messages.request(ping, "ping", null));
    JsonObject pong = null;
    JsonObject error = null;
    while (pong == null || (c.expectedCode() != null && error == null)) {
      JsonObject message = mcp.response();
      if (message.getValue("id") instanceof Integer id && id == ping && message.containsKey("result")) {
        assertThat(pong).as(c.name() + ": one pong").isNull();
        pong = message;
      } else {
        assertThat(c.expectedCode()).as(c.name() + ": must not be answered, got " + message.encode()).isNotNull();
        assertThat(error).as(c.name() + ": one answer, got " + message.encode()).isNull();
        error = message;
      }
    }
    assertThat(pong.getJsonObject("result")).as(c.name() + ": still serving").isEqualTo(new JsonObject());
    if (c.expectedCode() == null) {
      return;
    }
    assertThat(error.containsKey("error")).as(c.name() + ": " + error.encode()).isTrue();
    assertThat(error.getValue("id")).as(c.name() + " id").isEqualTo(c.expectedId());
    assertThat(error.getJsonObject("error").getInteger("code")).as(c.name() + " code").isEqualTo(c.expectedCode());
    assertThat(error.getJsonObject("error").getString("message")).as(c.name() + " message").contains(c.messageContains());
  }
}
