package dev.reviewgate.app;

import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The raw WebSocket of a {@code serve} process's event-bus bridge, as a dashboard or a service holds it: opened with
 * whatever credential the options carry (the person's cookie, a bearer token), sends answered by reply frames.
 */
final class BridgeSocket implements AutoCloseable {

  private final WebSocketClient client;
  private final WebSocket socket;
  private final Map<String, Promise<JsonObject>> pending = new ConcurrentHashMap<>();
  private final AtomicInteger ids = new AtomicInteger();

  private BridgeSocket(WebSocketClient client, WebSocket socket) {
    this.client = client;
    this.socket = socket;
    socket.handler(buffer -> {
      JsonObject frame = buffer.toJsonObject();
      Promise<JsonObject> waiter = pending.remove(frame.getString("address", ""));
      if (waiter != null) {
        waiter.tryComplete(frame);
      } else if ("err".equals(frame.getString("type"))) {
        // A refusal names no reply address: it answers what was waiting when it came. Each waiter is removed by its
        // own key, never by clearing the map: the test thread, woken by the first completion, may already have put
        // its next waiter there, and a clear() would take that one too (its answer then found nobody waiting).
        for (String waiting : List.copyOf(pending.keySet())) {
          Promise<JsonObject> each = pending.remove(waiting);
          if (each != null) {
            each.tryComplete(frame);
          }
        }
      }
    });
  }

  /** Signed in as the person, with the cookie a one-time login link set. */
  static BridgeSocket asPerson(Vertx vertx, int port) throws Exception {
    return open(vertx, port, new WebSocketConnectOptions().addHeader("Cookie", SignIn.personCookie(port)));
  }

  /** Holding the bearer token (what an agent or a service has). */
  static BridgeSocket withToken(Vertx vertx, int port) throws Exception {
    return open(vertx, port, new WebSocketConnectOptions().addHeader("Authorization", SignIn.bearer()));
  }

  private static BridgeSocket open(Vertx vertx, int port, WebSocketConnectOptions options) throws Exception {
    WebSocketClient client = vertx.createWebSocketClient();
    WebSocket socket = client.connect(options.setHost("127.0.0.1").setPort(port).setURI("/eventbus/websocket"))
      .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    return new BridgeSocket(client, socket);
  }

  /** A send with a reply address; the frame that answers it ({@code rec} or {@code err}). */
  JsonObject call(String address, JsonObject body) throws Exception {
    String reply = "it.reply." + ids.incrementAndGet();
    Promise<JsonObject> promise = Promise.promise();
    pending.put(reply, promise);
    socket.writeTextMessage(new JsonObject().put("type", "send").put("address", address).put("replyAddress", reply)
      .put("body", body).encode());
    return promise.future().toCompletionStage().toCompletableFuture().get(40, TimeUnit.SECONDS);
  }

  /** A publish, which has no answer unless the bridge refuses it (then the {@code err} frame, else null). */
  JsonObject publish(String address, JsonObject body) throws Exception {
    Promise<JsonObject> refusal = Promise.promise();
    pending.put("it.publish", refusal);
    socket.writeTextMessage(new JsonObject().put("type", "publish").put("address", address).put("body", body).encode());
    try {
      // Generous: on a loaded machine the refusal can take seconds, and waiting costs only when none comes.
      return refusal.future().toCompletionStage().toCompletableFuture().get(15, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException none) {
      return null;
    } finally {
      pending.remove("it.publish");
    }
  }

  @Override
  public void close() {
    socket.close();
    client.close();
  }
}
