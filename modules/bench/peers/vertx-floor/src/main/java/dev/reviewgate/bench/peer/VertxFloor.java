package dev.reviewgate.bench.peer;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * The floor a small MCP call is measured against: one Vert.x HTTP server on loopback that parses each POST's JSON-RPC
 * body and writes a result for it, with none of MCP's work (no session state, no catalog, no validation). It answers
 * the same requests throughput.sh sends the MCP servers: initialize (with a session header), notifications (202), and
 * any call (a text result holding the request's id), so the one load script measures it like the others.
 */
public final class VertxFloor {

  private VertxFloor() {
  }

  public static void main(String[] args) {
    int port = Integer.parseInt(args.length > 0 ? args[0] : "38113");
    Vertx vertx = Vertx.vertx();
    vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(port))
      .requestHandler(request -> request.body().onSuccess(body -> {
        JsonObject message;
        try {
          message = body.toJsonObject();
        } catch (RuntimeException notJson) { // a probe (GET, an empty body): answered, never left waiting
          request.response().setStatusCode(400).end();
          return;
        }
        Object id = message.getValue("id");
        if (id == null) {
          request.response().setStatusCode(202).end();
          return;
        }
        JsonObject result = "initialize".equals(message.getString("method"))
          ? new JsonObject().put("protocolVersion", "2025-11-25").put("capabilities", new JsonObject())
            .put("serverInfo", new JsonObject().put("name", "vertx-floor").put("version", "1"))
          : new JsonObject().put("isError", false)
            .put("content", new JsonArray().add(new JsonObject().put("type", "text").put("text", "load")));
        request.response()
          .putHeader("Content-Type", "application/json")
          .putHeader("Mcp-Session-Id", "floor")
          .end(new JsonObject().put("jsonrpc", "2.0").put("id", id).put("result", result).toBuffer());
      }))
      .listen()
      .onSuccess(server -> System.err.println("vertx-floor listening on http://127.0.0.1:" + server.actualPort() + "/mcp"))
      .onFailure(failure -> {
        System.err.println("vertx-floor: " + failure.getMessage());
        System.exit(1);
      });
  }
}
