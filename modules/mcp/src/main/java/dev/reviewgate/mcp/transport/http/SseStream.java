package dev.reviewgate.mcp.transport.http;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * One server-sent-event stream of a session: the answer stream of a POST, or the GET stream for messages not tied
 * to a request. Every event gets an id {@code <stream>-<n>} and is kept (up to a bound) so that a client whose
 * connection dropped can reconnect with {@code Last-Event-ID} and receive what it missed; the work behind the
 * stream goes on meanwhile (in the session era a disconnect is not a cancellation). Confined to one event loop.
 */
final class SseStream {

  private record Event(long number, String data) {
  }

  private final String id;
  private final int keep;
  private final Deque<Event> events = new ArrayDeque<>();
  private long next = 1;
  private HttpServerResponse writer;
  private boolean complete;

  SseStream(String id, int keep) {
    this.id = id;
    this.keep = keep;
  }

  String id() {
    return id;
  }

  boolean complete() {
    return complete;
  }

  boolean attached() {
    return writer != null;
  }

  /** Starts writing to {@code response}: headers, then a priming event the client can resume from. */
  void attach(HttpServerResponse response, long retryMs, boolean prime) {
    writer = response;
    if (!response.headWritten()) {
      SseFormat.head(response);
    }
    if (prime) {
      // An id before any data, so even a stream that drops at once can be resumed (SEP-1699).
      response.write("id: " + id + "-0\nretry: " + retryMs + "\ndata: \n\n");
    }
    response.closeHandler(v -> {
      if (writer == response) {
        writer = null;
      }
    });
  }

  /** Sends the events after {@code lastNumber} (a reconnect); returns false when they are no longer all kept. */
  boolean replayAfter(long lastNumber) {
    Event first = events.peekFirst();
    if (first != null && first.number() > lastNumber + 1) {
      return false;
    }
    for (Event event : events) {
      if (event.number() > lastNumber && writer != null) {
        writer.write(format(event));
      }
    }
    return true;
  }

  void send(JsonObject message) {
    Event event = new Event(next++, message.encode());
    events.addLast(event);
    while (events.size() > keep) {
      events.removeFirst();
    }
    if (writer != null) {
      writer.write(format(event));
    }
  }

  /** The last message of the stream (the response): sent, then the stream ends. */
  void finish(JsonObject message) {
    send(message);
    complete = true;
    if (writer != null) {
      writer.end();
      writer = null;
    }
  }

  void keepAlive() {
    if (writer != null) {
      writer.write(": keep-alive\n\n");
    }
  }

  void close() {
    if (writer != null) {
      writer.end();
      writer = null;
    }
  }

  private String format(Event event) {
    return "id: " + id + "-" + event.number() + "\nevent: message\ndata: " + event.data() + "\n\n";
  }
}
