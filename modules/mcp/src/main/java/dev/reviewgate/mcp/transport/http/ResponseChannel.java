package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.Outbound;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import java.util.function.Supplier;

/**
 * The answer to one POSTed request. It stays a plain JSON response unless the request has something to say before
 * its result (progress, log messages, requests to the client) and the client accepts SSE: then it becomes an event
 * stream, kept in the session's {@link SseStream} when there is one (resumable) or written directly (stateless).
 */
final class ResponseChannel implements Outbound {

  private final HttpServerResponse response;
  private final Accept accept;
  /** Makes the session's stream, kept for resumption, when the answer first becomes one; null when stateless. */
  private final Supplier<SseStream> streams;
  private SseStream stream;
  private final long retryMs;
  private final boolean prime;
  private final JsonBody.Encoders encoders;
  private boolean streaming;
  private boolean finished;

  ResponseChannel(HttpServerResponse response, Accept accept, Supplier<SseStream> streams, long retryMs, boolean prime,
                  JsonBody.Encoders encoders) {
    this.response = response;
    this.encoders = encoders;
    this.accept = accept;
    this.streams = streams;
    this.retryMs = retryMs;
    this.prime = prime;
  }

  boolean finished() {
    return finished;
  }

  @Override
  public void send(JsonObject message) {
    if (finished || !accept.sse()) {
      return; // a JSON-only client has no channel for messages before the result
    }
    if (!streaming) {
      streaming = true;
      if (streams != null) {
        stream = streams.get();
        stream.attach(response, retryMs, prime);
      } else if (open()) {
        SseFormat.head(response);
      }
    }
    if (stream != null) {
      stream.send(message);
    } else if (open()) {
      response.write(SseFormat.event(message));
    }
  }

  /** Sends the response: as the stream's last event when streaming, else as JSON with {@code status}. */
  void finish(JsonObject reply, int status) {
    if (finished) {
      return;
    }
    finished = true;
    if (streaming) {
      if (stream != null) {
        stream.finish(reply);
      } else if (open()) {
        SseFormat.end(response, reply, encoders);
      }
      return;
    }
    if (!open()) {
      return;
    }
    boolean error = reply.containsKey("error");
    if (accept.json() || error) {
      JsonBody.end(response.setStatusCode(status).putHeader("Content-Type", "application/json"), reply, encoders);
    } else {
      SseFormat.head(response);
      SseFormat.end(response, reply, encoders);
    }
  }

  /** Nothing to answer (a notification, or a cancelled request): 202, or the end of the stream. */
  void accepted() {
    if (finished) {
      return;
    }
    finished = true;
    if (streaming) {
      if (stream != null) {
        stream.close();
      } else if (open()) {
        response.end();
      }
    } else if (open()) {
      response.setStatusCode(202).end();
    }
  }

  private boolean open() {
    return !response.ended() && !response.closed();
  }
}
