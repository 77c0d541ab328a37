package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.transport.JsonLines;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;

/** Writing {@code text/event-stream} responses by hand, as Vert.x leaves it to the application. */
final class SseFormat {

  private SseFormat() {
  }

  static void head(HttpServerResponse response) {
    response.setStatusCode(200)
      .setChunked(true)
      .putHeader("Content-Type", "text/event-stream")
      .putHeader("Cache-Control", "no-cache, no-transform")
      // Reverse proxies (nginx) would otherwise buffer the stream and deliver progress late.
      .putHeader("X-Accel-Buffering", "no");
  }

  /** Ends {@code response} with {@code message} as its last event, encoded as it is written (see {@link JsonBody}). */
  static void end(HttpServerResponse response, JsonObject message, JsonBody.Encoders encoders) {
    JsonBody.end(response, message, encoders, "event: message\ndata: ", "\n\n");
  }

  /** An event without id: the request-scoped streams of the stateless era are not resumable. */
  static String event(JsonObject message) {
    return "event: message\ndata: " + JsonLines.encode(message) + "\n\n";
  }
}
