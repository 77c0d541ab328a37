package dev.reviewgate.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import dev.reviewgate.core.bus.ToolEndpoint;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The event-bus bridge over a raw WebSocket: what passes, what is refused, and the token on opening. */
@ExtendWith(VertxExtension.class)
@Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
class WebSocketBridgeIT {

  /** A bridge connection that matches replies to requests by reply address. */
  static final class Socket {
    final WebSocket ws;
    final Map<String, Promise<JsonObject>> waiting = new HashMap<>();
    final Promise<JsonObject> unsolicited = Promise.promise();
    int counter;

    Socket(WebSocket ws) {
      this.ws = ws;
      ws.handler(text -> {
        JsonObject frame = text.toJsonObject();
        Promise<JsonObject> p = frame.getString("address") == null ? null : waiting.remove(frame.getString("address"));
        if (p != null) {
          p.complete(frame);
        } else {
          unsolicited.tryComplete(frame);
        }
      });
    }

    Future<JsonObject> send(String address, JsonObject body) {
      String reply = "test.reply." + (++counter);
      Promise<JsonObject> p = Promise.promise();
      waiting.put(reply, p);
      ws.writeTextMessage(new JsonObject().put("type", "send").put("address", address).put("body", body)
        .put("replyAddress", reply).encode());
      return p.future();
    }
  }

  /** Held for the whole test: a client that becomes unreachable is closed, and its sockets with it. */
  private WebSocketClient client;

  Future<Socket> open(Vertx vertx, int port, String query) {
    if (client == null) {
      client = vertx.createWebSocketClient();
    }
    return client.connect(new WebSocketConnectOptions().setHost("127.0.0.1").setPort(port)
      .setURI("/eventbus/websocket" + query)).map(Socket::new);
  }

  @Test
  void permittedToolAnswersValidationFailsLikeEveryFrontEndOthersAreRefused(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options(), null).compose(port -> open(vertx, port, "?access_token=" + TestServer.TOKEN)).compose(socket ->
        socket.send("reviewgate.test.echo", new JsonObject().put("text", "hello"))
          .compose(ok -> socket.send("reviewgate.test.echo", new JsonObject().put("txt", 1))
            .compose(invalid -> {
              socket.ws.writeTextMessage(new JsonObject().put("type", "send").put("address", "reviewgate.test.hidden")
                .put("body", new JsonObject()).put("replyAddress", "test.hidden").encode());
              return socket.unsolicited.future().map(denied -> new JsonObject().put("ok", ok).put("invalid", invalid).put("denied", denied));
            })))
      .onComplete(test.succeeding(frames -> test.verify(() -> {
        assertThat(frames.getJsonObject("ok").getString("type")).isEqualTo("rec");
        assertThat(frames.getJsonObject("ok").getJsonObject("body")).isEqualTo(new JsonObject().put("echo", "hello"));
        JsonObject invalid = frames.getJsonObject("invalid");
        assertThat(invalid.getString("type")).isEqualTo("err");
        assertThat(invalid.getInteger("failureCode")).isEqualTo(400);
        assertThat(invalid.getString("message")).startsWith("invalid arguments for echo_bridge:");
        JsonObject denied = frames.getJsonObject("denied");
        assertThat(denied.getString("type")).isEqualTo("err");
        assertThat(denied.getString("body")).isEqualTo("access_denied");
        test.completeNow();
      })));
  }

  @Test
  void eventsFlowOutOtherAddressesCannotBeHeard(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options(), null).compose(port -> open(vertx, port, "?access_token=" + TestServer.TOKEN)).compose(socket -> {
      Promise<JsonObject> event = Promise.promise();
      Promise<JsonObject> refused = Promise.promise();
      socket.ws.handler(text -> {
        JsonObject frame = text.toJsonObject();
        if ("err".equals(frame.getString("type"))) {
          refused.tryComplete(frame);
        } else if ("reviewgate.review.events.r1".equals(frame.getString("address"))) {
          event.tryComplete(frame);
        }
      });
      socket.ws.writeTextMessage(new JsonObject().put("type", "register").put("address", "reviewgate.test.echo").encode());
      socket.ws.writeTextMessage(new JsonObject().put("type", "register").put("address", "reviewgate.review.events.r1").encode());
      // Registration is asynchronous on the server; publish until the event arrives (bounded by the test timeout).
      long timer = vertx.setPeriodic(50, id -> vertx.eventBus().publish("reviewgate.review.events.r1", new JsonObject().put("state", "approved")));
      return Future.all(event.future(), refused.future()).onComplete(v -> vertx.cancelTimer(timer));
    }).onComplete(test.succeeding(all -> test.verify(() -> {
      JsonObject event = all.resultAt(0);
      JsonObject refused = all.resultAt(1);
      assertThat(event.getJsonObject("body").getString("state")).isEqualTo("approved");
      assertThat(refused.getString("body")).isEqualTo("access_denied");
      test.completeNow();
    })));
  }

  @Test
  void tokenIsCheckedWhenTheSocketOpens(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options().withToken("bridge-token"), null)
      .compose(port -> open(vertx, port, "").map(s -> "opened without token")
        .recover(noToken -> open(vertx, port, "?access_token=bridge-token").map(s -> "opened with token: " + noToken.getMessage())))
      .onComplete(test.succeeding(outcome -> test.verify(() -> {
        assertThat(outcome).startsWith("opened with token").contains("401");
        test.completeNow();
      })));
  }

  @Test
  void aSocketDroppedWithoutACloseFrameIsNotAnOperatorsProblem(Vertx vertx, VertxTestContext test) {
    java.util.List<java.util.logging.LogRecord> loud = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.logging.Handler capture = new java.util.logging.Handler() {
      @Override
      public void publish(java.util.logging.LogRecord record) {
        if (record.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
          loud.add(record);
        }
      }

      @Override
      public void flush() {
      }

      @Override
      public void close() {
      }
    };
    java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
    root.addHandler(capture);
    TestServer.start(vertx, TestServer.options(), null)
      .compose(port -> vertx.createNetClient().connect(port, "127.0.0.1").compose(socket -> {
        Promise<Void> upgraded = Promise.promise();
        socket.handler(bytes -> upgraded.tryComplete());
        return socket.write("GET /eventbus/websocket?access_token=" + TestServer.TOKEN + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
          .compose(v -> upgraded.future())
          // Gone without a close frame, as a closed browser tab or a dropped network is.
          .compose(v -> socket.close());
      }))
      .compose(v -> vertx.timer(500))
      .onComplete(test.succeeding(v -> test.verify(() -> {
        root.removeHandler(capture);
        assertThat(loud).extracting(java.util.logging.LogRecord::getMessage).isEmpty();
        test.completeNow();
      })));
  }

  /**
   * A call sent over the WebSocket bridge carries a call id and the time the bridge stops waiting for it, and a socket
   * that closes abandons what it had in flight: a review wait of a dashboard or script that went away must not be the
   * one that receives the person's next comment.
   */
  @Test
  void aCallSaysWhenTheBridgeStopsWaitingAndIsAbandonedWhenTheSocketCloses(Vertx vertx, VertxTestContext test) {
    Promise<CallContext> held = Promise.promise();
    Promise<String> abandoned = Promise.promise();
    long[] sentAt = new long[1];
    ToolEndpoint.serve(vertx, TestServer.CATALOG, "hold_bridge", (args, call) -> {
        held.tryComplete(call);
        return Promise.<JsonObject>promise().future(); // answers never: the socket goes first
      })
      .compose(v -> CancelSignals.of(vertx).listen(vertx, abandoned::tryComplete))
      .compose(v -> TestServer.start(vertx, TestServer.options(), null))
      .compose(port -> open(vertx, port, "?access_token=" + TestServer.TOKEN))
      .compose(socket -> {
        sentAt[0] = System.currentTimeMillis();
        socket.send("reviewgate.test.hold", new JsonObject());
        return held.future().compose(call -> socket.ws.close().compose(v -> abandoned.future())
          .map(cancelled -> new JsonObject().put("callId", call.callId()).put("replyBy", call.replyBy()).put("cancelled", cancelled)));
      })
      .onComplete(test.succeeding(seen -> test.verify(() -> {
        long replyTimeout = TestServer.options().bridgeLimits().replyTimeoutMs();
        assertThat(seen.getString("callId")).startsWith("bridge-");
        assertThat(seen.getLong("replyBy")).isBetween(sentAt[0] + replyTimeout - 1000, sentAt[0] + replyTimeout + 5000);
        assertThat(seen.getString("cancelled")).isEqualTo(seen.getString("callId"));
        test.completeNow();
      })));
  }
}
