package dev.reviewgate.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.security.Caller;
import dev.reviewgate.http.security.LoginCode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The person's login on a real loopback server: a one-time code becomes an HttpOnly, SameSite=Strict session cookie,
 * and only a WebSocket carrying that cookie acts as the person; the token acts as a service, which cannot.
 */
@Timeout(30)
class PersonLoginIT {

  private static final String PERSON_TOOL = "reviewgate.test.person";

  private Vertx vertx;
  private HttpOptions options;
  private int port;
  private HttpClient http;
  private WebSocketClient ws;

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    options = TestServer.options();
    port = await(TestServer.start(vertx, options, null));
    // The JDK's client, which keeps its connection alive between the GETs as a browser does. The Vert.x client this
    // test had asked for the body one compose after send, which on a reused connection can come after the response
    // ended unread: its second GET then never completed (see ClientKeysIT.keysOfTwoRequests).
    http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
    ws = vertx.createWebSocketClient();
  }

  @AfterEach
  void stop() throws Exception {
    await(vertx.close());
  }

  @Test
  void aLoginCodeWorksOnceAndItsCookieMakesTheSocketThePerson() throws Exception {
    String code = LoginCode.mint(options.loginKey(), Instant.now());
    HttpResponse<String> login = get("/login?code=" + code + "&review=r-1");
    assertThat(login.statusCode()).isEqualTo(302);
    assertThat(header(login, "Location")).isEqualTo("/review/#/reviews/r-1");
    String setCookie = header(login, "Set-Cookie");
    assertThat(setCookie).startsWith("reviewgate_session_" + port + "=").containsIgnoringCase("HttpOnly").contains("SameSite=Strict")
      .contains("Path=/").doesNotContain(options.loginKey()).doesNotContain(options.token());
    String cookie = setCookie.substring(0, setCookie.indexOf(';'));

    HttpResponse<String> again = get("/login?code=" + code);
    assertThat(again.statusCode()).as("a code serves once").isEqualTo(403);
    assertThat(header(again, "Set-Cookie")).isNull();

    WebSocketBridgeIT.Socket person = socket(new WebSocketConnectOptions().addHeader("Cookie", cookie));
    JsonObject reply = await(sendWithHeaders(person, PERSON_TOOL,
      new JsonObject().put("reviewgate-call-id", "forged").put("reviewgate-progress-address", "reviewgate.review.events")));
    assertThat(reply.getString("type")).isEqualTo("rec");
    // client reviewgate-* headers are stripped: the call id is the bridge's own, which cancels the call if the socket goes
    assertThat(reply.getJsonObject("body").getString("callId")).as("client reviewgate-* headers are stripped")
      .startsWith("bridge-").isNotEqualTo("forged");
    assertThat(reply.getJsonObject("body").getValue("progressAddress")).isNull();
  }

  @Test
  void codesThatAreForgedExpiredOrMalformedOpenNoSession() throws Exception {
    for (String code : List.of(LoginCode.mint("another user's secret", Instant.now()),
      LoginCode.mint(options.loginKey(), Instant.now().minus(LoginCode.LIFETIME).minusSeconds(1)), "1.2.3", "")) {
      HttpResponse<String> login = get("/login?code=" + code);
      assertThat(login.statusCode()).as(code).isEqualTo(403);
      assertThat(header(login, "Set-Cookie")).isNull();
    }
    assertThat(await(upgradeStatus(new WebSocketConnectOptions().addHeader("Cookie", "reviewgate_session_" + port + "=guess"))))
      .isEqualTo(401);
  }

  @Test
  void theTokenIsAServiceWhichCannotActAsThePersonNorPublishToATool() throws Exception {
    assertThat(await(upgradeStatus(new WebSocketConnectOptions()))).as("no credential, no socket").isEqualTo(401);
    WebSocketBridgeIT.Socket service = socket(new WebSocketConnectOptions().addHeader("Authorization", "Bearer " + TestServer.TOKEN));
    JsonObject denied = await(sendWithHeaders(service, PERSON_TOOL, new JsonObject().put(Caller.HEADER, "person")));
    assertThat(denied.getString("type")).isEqualTo("err");
    assertThat(denied.getString("body")).isEqualTo("rejected");

    // a fresh socket, so that the refusal read is this one's
    WebSocketBridgeIT.Socket publisher = socket(new WebSocketConnectOptions().addHeader("Authorization", "Bearer " + TestServer.TOKEN));
    publisher.ws.writeTextMessage(new JsonObject().put("type", "publish").put("address", "reviewgate.test.echo")
      .put("body", new JsonObject().put("text", "x")).encode());
    assertThat(await(publisher.unsolicited.future()).getString("body")).isEqualTo("rejected");
    JsonObject echo = await(publisher.send("reviewgate.test.echo", new JsonObject().put("text", "still open")));
    assertThat(echo.getString("type")).isEqualTo("rec");

    // Behind the bridges, the tool's endpoint refuses whatever does not carry the person's stamp.
    Throwable refused = await(vertx.eventBus().request(PERSON_TOOL, new JsonObject(),
      new DeliveryOptions().addHeader(Caller.HEADER, "service:token")).map(m -> (Throwable) null).recover(Future::succeededFuture));
    assertThat(refused).isInstanceOf(ReplyException.class);
    assertThat(((ReplyException) refused).failureCode()).isEqualTo(403);
  }

  @Test
  void aPublishToAToolOnlyThePersonMayCallIsRefusedWithAReasonAndDeliversNothing() throws Exception {
    AtomicInteger delivered = new AtomicInteger();
    vertx.eventBus().addInboundInterceptor(delivery -> {
      if (PERSON_TOOL.equals(delivery.message().address())) {
        delivered.incrementAndGet();
      }
      delivery.next();
    });
    WebSocketBridgeIT.Socket service = socket(new WebSocketConnectOptions().addHeader("Authorization", "Bearer " + TestServer.TOKEN));
    List<JsonObject> frames = new CopyOnWriteArrayList<>();
    service.ws.handler(text -> frames.add(text.toJsonObject()));
    // As DraftApprovalIT's agent does: a refused send first, then a publish on the same socket.
    service.ws.writeTextMessage(new JsonObject().put("type", "send").put("address", PERSON_TOOL).put("replyAddress", "r1")
      .put("body", new JsonObject().put("text", "approve")).encode());
    long published = System.nanoTime();
    service.ws.writeTextMessage(new JsonObject().put("type", "publish").put("address", PERSON_TOOL)
      .put("body", new JsonObject().put("text", "approve")).encode());
    await(poll("two refusals", () -> frames.size() >= 2, 100));
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - published)).as("both refusals within a few seconds")
      .isLessThan(5_000);
    for (JsonObject refusal : frames) {
      assertThat(refusal.getString("type")).as(refusal.encode()).isEqualTo("err");
      assertThat(refusal.getString("body")).isEqualTo("rejected");
      assertThat(refusal.getInteger("failureCode")).isEqualTo(403);
      assertThat(refusal.getString("message")).contains(PERSON_TOOL, "only the person may call it", "reviewgate open");
    }
    // The person's own call arrives (so the count above could see one), and it is the only one that did.
    WebSocketBridgeIT.Socket person = socket(new WebSocketConnectOptions().addHeader("Cookie", personCookie()));
    assertThat(await(person.send(PERSON_TOOL, new JsonObject())).getString("type")).isEqualTo("rec");
    assertThat(delivered.get()).as("nothing of the service's send or publish reached the tool").isEqualTo(1);
    assertThat(frames).as("no further frame for the service").hasSize(2);
  }

  /**
   * A refusal is not lost when back-pressure holds the request: a client that stopped reading its events asks to
   * publish (held until it reads), more events are written meanwhile, then it reads again and finds the refusal
   * after its events. Before, each event written to the stalled socket replaced the drain handler the held request
   * waited on, so the request was never judged and no answer came.
   */
  @Test
  void aRefusalHeldWhileTheClientDoesNotReadArrivesOnceItReadsAgain() throws Exception {
    String events = "reviewgate.review.events.stall";
    WebSocketBridgeIT.Socket service = socket(new WebSocketConnectOptions().addHeader("Authorization", "Bearer " + TestServer.TOKEN));
    List<JsonObject> refusals = new CopyOnWriteArrayList<>();
    AtomicInteger eventsRead = new AtomicInteger();
    // Frames, not whole messages: an event of 128 KiB comes in several, and only its first starts with its type.
    service.ws.handler(data -> {
      String text = data.toString();
      if (text.startsWith("{\"type\":\"err\"")) {
        refusals.add(new JsonObject(text));
      } else if (text.startsWith("{\"type\":\"rec\"")) {
        eventsRead.incrementAndGet();
      }
    });
    service.ws.writeTextMessage(new JsonObject().put("type", "register").put("address", events).encode());
    await(poll("the socket's first event", () -> {
      vertx.eventBus().publish(events, new JsonObject().put("ping", true));
      return eventsRead.get() > 0;
    }, 100));
    service.ws.pause(); // reads nothing from here on
    String pad = "x".repeat(128 * 1024);
    for (int i = 0; i < 200; i++) { // far more than the socket buffers hold: the server's write queue fills
      vertx.eventBus().publish(events, new JsonObject().put("pad", pad));
    }
    await(vertx.timer(500));
    service.ws.writeTextMessage(new JsonObject().put("type", "publish").put("address", PERSON_TOOL)
      .put("body", new JsonObject().put("text", "approve")).encode());
    await(vertx.timer(500)); // the server has the publish and holds it: the socket's output is unread
    for (int i = 0; i < 20; i++) {
      vertx.eventBus().publish(events, new JsonObject().put("pad", pad));
    }
    await(vertx.timer(500));
    assertThat(refusals).as("nothing is answered while the client does not read").isEmpty();
    service.ws.resume();
    await(poll("the refusal after the events", () -> !refusals.isEmpty(), 180));
    assertThat(refusals.get(0).getInteger("failureCode")).as(refusals.get(0).encode()).isEqualTo(403);
    assertThat(eventsRead.get()).as("the events before it were read").isGreaterThan(200);
  }

  /** Completes once {@code done} holds, checked every 50 ms at most {@code attempts} times. */
  private Future<Void> poll(String what, java.util.function.BooleanSupplier done, int attempts) {
    if (done.getAsBoolean()) {
      return Future.succeededFuture();
    }
    return attempts <= 1 ? Future.failedFuture("not in time: " + what)
      : vertx.timer(50).compose(v -> poll(what, done, attempts - 1));
  }

  private String personCookie() throws Exception {
    String setCookie = header(get("/login?code=" + LoginCode.mint(options.loginKey(), Instant.now())), "Set-Cookie");
    return setCookie.substring(0, setCookie.indexOf(';'));
  }

  private HttpResponse<String> get(String uri) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + uri)).timeout(Duration.ofSeconds(10)).build(),
      HttpResponse.BodyHandlers.ofString());
  }

  private static String header(HttpResponse<String> response, String name) {
    return response.headers().firstValue(name).orElse(null);
  }

  private WebSocketBridgeIT.Socket socket(WebSocketConnectOptions connect) throws Exception {
    return await(ws.connect(connect.setHost("127.0.0.1").setPort(port).setURI("/eventbus/websocket")).map(WebSocketBridgeIT.Socket::new));
  }

  /** The HTTP status of a refused upgrade (101 when it succeeded). */
  private Future<Integer> upgradeStatus(WebSocketConnectOptions connect) {
    return ws.connect(connect.setHost("127.0.0.1").setPort(port).setURI("/eventbus/websocket"))
      .map(socket -> 101)
      .recover(failure -> Future.succeededFuture(failure instanceof io.vertx.core.http.UpgradeRejectedException rejected
        ? rejected.getStatus() : -1));
  }

  private static Future<JsonObject> sendWithHeaders(WebSocketBridgeIT.Socket socket, String address, JsonObject headers) {
    String reply = "test.reply.h" + (++socket.counter);
    io.vertx.core.Promise<JsonObject> answer = io.vertx.core.Promise.promise();
    socket.waiting.put(reply, answer);
    socket.ws.writeTextMessage(new JsonObject().put("type", "send").put("address", address).put("body", new JsonObject())
      .put("headers", headers).put("replyAddress", reply).encode());
    // A refusal carries no address: it arrives as the first unsolicited frame.
    return Future.any(answer.future(), socket.unsolicited.future()).map(done -> answer.future().isComplete()
      ? answer.future().result() : socket.unsolicited.future().result());
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}
