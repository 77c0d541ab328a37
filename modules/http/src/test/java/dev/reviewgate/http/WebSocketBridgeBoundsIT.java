package dev.reviewgate.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.http.bridge.websocket.WebSocketBridgeLimits;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The WebSocket bridge's bounds on a real loopback server, with small limits: sockets per caller, the message size,
 * a client that never reads (not read in turn, then closed), and which addresses count as events.
 */
@Timeout(60)
class WebSocketBridgeBoundsIT {

  private static final String BIG = "reviewgate.test.big";
  private static final String AUTH = "Bearer " + TestServer.TOKEN;

  private Vertx vertx;
  private int port;
  private WebSocketClient client;
  private final AtomicInteger bigCalls = new AtomicInteger();

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    vertx.eventBus().addInboundInterceptor(delivery -> {
      if (BIG.equals(delivery.message().address())) {
        bigCalls.incrementAndGet();
      }
      delivery.next();
    });
    WebSocketBridgeLimits limits = new WebSocketBridgeLimits(5_000, 64, 30_000, 8, 2, 16 * 1024, 1_000);
    port = await(TestServer.start(vertx, TestServer.options().withBridgeLimits(limits), null));
    client = vertx.createWebSocketClient();
  }

  @AfterEach
  void stop() throws Exception {
    await(vertx.close());
  }

  @Test
  void aCallerHoldsAtMostItsShareOfSockets() throws Exception {
    WebSocketBridgeIT.Socket first = open();
    WebSocketBridgeIT.Socket second = open();
    WebSocket third = await(connect());
    await(closed(third));
    for (WebSocketBridgeIT.Socket socket : List.of(first, second)) {
      assertThat(await(socket.send(BIG, new JsonObject().put("size", 3))).getString("type")).isEqualTo("rec");
    }
    // a place is free again once one closes
    await(first.ws.close());
    WebSocketBridgeIT.Socket again = await(kept(System.nanoTime() + TimeUnit.SECONDS.toNanos(5)));
    assertThat(await(again.send(BIG, new JsonObject().put("size", 3))).getString("type")).isEqualTo("rec");
  }

  @Test
  void aMessageOverTheSizeLimitClosesItsSocketBeforeItIsHandled() throws Exception {
    WebSocketBridgeIT.Socket socket = open();
    Promise<Void> closed = Promise.promise();
    socket.ws.closeHandler(v -> closed.tryComplete());
    socket.ws.writeTextMessage(new JsonObject().put("type", "send").put("address", BIG).put("replyAddress", "r")
      .put("body", new JsonObject().put("size", 1).put("pad", "x".repeat(40 * 1024))).encode());
    await(closed.future());
    assertThat(bigCalls.get()).isZero();
    WebSocketBridgeIT.Socket other = open();
    assertThat(await(other.send(BIG, new JsonObject().put("size", 3))).getString("type")).isEqualTo("rec");
  }

  @Test
  void aClientThatNeverReadsIsNotReadInTurnThenClosedAndOthersAreAnswered() throws Exception {
    WebSocket greedy = await(connect());
    greedy.pause(); // reads nothing from here on
    Promise<Void> closed = Promise.promise();
    greedy.closeHandler(v -> closed.tryComplete());
    int requests = 300;
    for (int i = 0; i < requests; i++) {
      greedy.writeTextMessage(new JsonObject().put("type", "send").put("address", BIG).put("replyAddress", "g" + i)
        .put("body", new JsonObject().put("size", 256 * 1024)).encode());
    }
    WebSocketBridgeIT.Socket polite = open();
    long asked = System.nanoTime();
    assertThat(await(polite.send(BIG, new JsonObject().put("size", 3))).getString("type")).isEqualTo("rec");
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked)).isLessThan(2_000);
    // Past the 1 s stall deadline the server closes it; a paused client notices only when it reads again, and then
    // finds the end after what was queued, where a client that had not been closed would read 300 replies on.
    await(vertx.timer(3_000));
    int served = bigCalls.get();
    greedy.resume();
    await(closed.future());
    assertThat(bigCalls.get()).as("nothing more was read from the greedy client once closed").isEqualTo(served);
    assertThat(bigCalls.get()).as("the bridge stopped reading the greedy client long before its %d requests", requests)
      .isLessThan(requests / 2);
    assertThat(await(polite.send(BIG, new JsonObject().put("size", 3))).getString("type")).isEqualTo("rec");
  }

  /**
   * A client that stops reading for good gives its place back at the stall deadline: the server's close frame waits
   * behind the output it will never read, so a close that waits for that frame to go out never ends, and the socket
   * would go on counting against its caller (here the last of its two places) and holding its output.
   */
  @Test
  void aClientThatNeverReadsAgainGivesItsPlaceBackAtTheStallDeadline() throws Exception {
    WebSocket greedy = await(connect());
    greedy.pause(); // for good
    for (int i = 0; i < 300; i++) {
      greedy.writeTextMessage(new JsonObject().put("type", "send").put("address", BIG).put("replyAddress", "g" + i)
        .put("body", new JsonObject().put("size", 256 * 1024)).encode());
    }
    WebSocketBridgeIT.Socket polite = open(); // the caller's other place
    long asked = System.nanoTime();
    WebSocketBridgeIT.Socket third = await(kept(System.nanoTime() + TimeUnit.SECONDS.toNanos(8)));
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked);
    assertThat(tookMs).as("a place was free again soon after the 1 s stall deadline").isLessThan(5_000);
    for (WebSocketBridgeIT.Socket socket : List.of(polite, third)) {
      assertThat(await(socket.send(BIG, new JsonObject().put("size", 3))).getString("type")).isEqualTo("rec");
    }
  }

  @Test
  void onlyRealEventAddressesCanBeRegistered() throws Exception {
    for (String bad : List.of("reviewgate..events", "reviewgate.git.diff.events", "reviewgate.review.events.a.b",
      "reviewgate.test.big")) {
      WebSocketBridgeIT.Socket socket = open();
      socket.ws.writeTextMessage(new JsonObject().put("type", "register").put("address", bad).encode());
      JsonObject refused = await(socket.unsolicited.future());
      assertThat(refused.getString("type")).as(bad).isEqualTo("err");
      assertThat(refused.getString("body")).as(bad).isEqualTo("access_denied");
      await(socket.ws.close());
    }
  }

  /** Completes when the socket is closed (it may be already: the server closes a refused one at once). */
  private static Future<Void> closed(WebSocket socket) {
    Promise<Void> closed = Promise.promise();
    try {
      socket.closeHandler(v -> closed.tryComplete());
    } catch (IllegalStateException alreadyClosed) {
      closed.tryComplete();
    }
    return socket.isClosed() ? Future.succeededFuture() : closed.future();
  }

  private Future<WebSocket> connect() {
    return client.connect(new WebSocketConnectOptions().setHost("127.0.0.1").setPort(port)
      .setURI("/eventbus/websocket").addHeader("Authorization", AUTH));
  }

  private WebSocketBridgeIT.Socket open() throws Exception {
    return await(connect().map(WebSocketBridgeIT.Socket::new));
  }

  /**
   * A socket the server keeps (its first call is answered), tried again every 200 ms while the server closes each one as
   * it opens (the caller has no place free; closing is asynchronous on the server's side too), until
   * {@code deadlineNanos}.
   */
  private Future<WebSocketBridgeIT.Socket> kept(long deadlineNanos) {
    return connect().compose(ws -> {
      WebSocketBridgeIT.Socket socket = new WebSocketBridgeIT.Socket(ws);
      Promise<WebSocketBridgeIT.Socket> kept = Promise.promise();
      closed(ws).onComplete(v -> kept.tryFail("closed as it opened"));
      socket.send(BIG, new JsonObject().put("size", 1)).onSuccess(reply -> kept.tryComplete(socket));
      return kept.future();
    }).recover(refused -> System.nanoTime() - deadlineNanos > 0 ? Future.failedFuture(refused)
      : vertx.timer(200).compose(v -> kept(deadlineNanos)));
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
  }
}
