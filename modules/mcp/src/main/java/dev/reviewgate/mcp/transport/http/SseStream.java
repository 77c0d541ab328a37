package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.mcp.transport.JsonLines;
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

  /**
   * The characters of kept events a session may hold, shared by its streams (on the event loops of their requests):
   * a client whose calls end in large results must not make the server keep them all for a reconnect that may never
   * come. An event that does not fit is sent but not kept; a reconnect that would need it is refused.
   */
  static final class ReplayBudget {
    private final long max;
    private long used;

    ReplayBudget(long max) {
      this.max = max;
    }

    synchronized boolean take(long chars) {
      if (used + chars > max) {
        return false;
      }
      used += chars;
      return true;
    }

    synchronized void give(long chars) {
      used -= chars;
    }

    synchronized long used() {
      return used;
    }
  }

  private final String id;
  private final int keep;
  private final ReplayBudget budget;
  private final JsonBody.Encoders encoders;
  private final Deque<Event> events = new ArrayDeque<>();
  private long next = 1;
  /** The highest number of an event sent but no longer (or never) kept: a replay from before it cannot be whole. */
  private long lastDropped;
  private HttpServerResponse writer;
  private boolean complete;

  SseStream(String id, int keep, ReplayBudget budget, JsonBody.Encoders encoders) {
    this.id = id;
    this.keep = keep;
    this.budget = budget;
    this.encoders = encoders;
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
    if (lastDropped > lastNumber || (first != null && first.number() > lastNumber + 1)) {
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
    Event event = new Event(next++, JsonLines.encode(message));
    if (budget.take(event.data().length())) {
      events.addLast(event);
      while (events.size() > keep) {
        drop(events.removeFirst());
      }
    } else {
      lastDropped = event.number();
    }
    if (writer != null) {
      writer.write(format(event));
    }
  }

  /** The last message of the stream (the response): sent, then the stream ends. */
  void finish(JsonObject message) {
    complete = true;
    boolean isLong = JsonBody.isLong(message);
    if (!isLong) {
      send(message);
      if (writer != null) {
        writer.end();
        writer = null;
      }
      return;
    }
    // Too large to keep for a reconnect (a big diff): it goes out as it is encoded, and a replay that needs it is
    // refused (the client repeats the request).
    long number = next++;
    lastDropped = number;
    if (writer != null) {
      JsonBody.end(writer, message, true, encoders, head(number), "\n\n");
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

  /** The stream leaves its session: what it kept goes back to the session's budget. */
  void release() {
    while (!events.isEmpty()) {
      drop(events.removeFirst());
    }
  }

  private void drop(Event event) {
    budget.give(event.data().length());
    lastDropped = Math.max(lastDropped, event.number());
  }

  private String format(Event event) {
    return head(event.number()) + event.data() + "\n\n";
  }

  /** An event's frame up to its data. */
  private String head(long number) {
    return "id: " + id + "-" + number + "\nevent: message\ndata: ";
  }
}
