package dev.reviewgate.http.bridge.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.core.security.Credentials;
import io.vertx.core.json.JsonArray;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetSocket;
import io.vertx.ext.eventbus.bridge.tcp.impl.protocol.FrameHelper;
import io.vertx.ext.eventbus.bridge.tcp.impl.protocol.FrameParser;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The TCP bridge over a real socket, spoken to with the frame writer and parser of Vert.x's own TCP bridge
 * ({@code vertx-tcp-eventbus-bridge}), so that what passes here is what any client of those frames sends and reads.
 */
@Timeout(30)
class TcpBridgeTest {

  private static final String TOOL = "reviewgate.git.resolve";
  private static final String FAILING = "reviewgate.git.log";
  private static final String EVENTS = "reviewgate.review.events";
  private static final String TOKEN = "s3cret";
  private static final String CI_BOT_TOKEN = "ci-bot-secret";
  private static final String MERGE = "reviewgate.github.pr.update_state";
  private static final String COMPLETE = "reviewgate.review.complete";

  private Vertx vertx;
  private TcpBridge bridge;
  private int port;
  private final BlockingQueue<JsonObject> headersSeen = new LinkedBlockingQueue<>();

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    vertx.eventBus().<JsonObject>consumer(TOOL, message -> {
      JsonObject headers = new JsonObject();
      message.headers().forEach(h -> headers.put(h.getKey(), h.getValue()));
      headersSeen.add(headers);
      message.reply(new JsonObject().put("sha", "abc").put("asked", message.body()));
    });
    vertx.eventBus().consumer(FAILING, message -> message.fail(Failure.NOT_FOUND, "no such revision 'nope'"));
    for (String address : List.of(MERGE, COMPLETE)) {
      vertx.eventBus().<JsonObject>consumer(address, message -> {
        reached.add(address + " " + message.headers().get(Caller.HEADER));
        message.reply(new JsonObject());
      });
    }
    bridge = new TcpBridge(vertx, options(), ToolCatalog.standard(),
      Credentials.from(TOKEN, new JsonObject().put("ci-bot", new JsonObject().put("tokenEnv", "CI_BOT_TOKEN")
        .put("allow", new JsonArray().add("github_update_pull_request_state"))), Map.of("CI_BOT_TOKEN", CI_BOT_TOKEN)));
    port = bridge.listen().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private final BlockingQueue<String> reached = new LinkedBlockingQueue<>();

  /** The defaults, with a 4 KiB frame limit, a 2 s reply timeout and two registrations per connection. */
  static TcpBridge.Options options() {
    return TcpBridge.Options.from(ReviewgateConfig.defaults().section("busBridge")).with(0, 4096, 2_000, 2);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void aRequestGetsItsReplyAndAFailureComesBackWithItsCodeAndText() throws Exception {
    try (Client client = new Client()) {
      client.send(new JsonObject().put("type", "send").put("address", TOOL).put("replyAddress", "r1")
        .put("headers", new JsonObject().put("trace", "t-1")).put("body", new JsonObject().put("revision", "HEAD")));
      JsonObject reply = client.next();
      assertThat(reply.getString("type")).isEqualTo("message");
      assertThat(reply.getString("address")).isEqualTo("r1");
      assertThat(reply.getJsonObject("body").getJsonObject("asked").getString("revision")).isEqualTo("HEAD");
      assertThat(headersSeen.poll(5, TimeUnit.SECONDS).getString("trace")).isEqualTo("t-1");

      client.send(new JsonObject().put("type", "send").put("address", FAILING).put("replyAddress", "r2").put("body", new JsonObject()));
      JsonObject failure = client.next();
      assertThat(failure.getString("type")).isEqualTo("err");
      assertThat(failure.getString("address")).isEqualTo("r2");
      assertThat(failure.getInteger("failureCode")).isEqualTo(404);
      assertThat(failure.getString("failureType")).isEqualTo("RECIPIENT_FAILURE");
      assertThat(failure.getString("message")).isEqualTo("no such revision 'nope'");
    }
  }

  @Test
  void aCallNobodyServesFailsWithTheTextEveryFrontEndUses() throws Exception {
    try (Client client = new Client()) {
      client.send(new JsonObject().put("type", "send").put("address", "reviewgate.git.diff").put("replyAddress", "r").put("body", new JsonObject()));
      JsonObject failure = client.next();
      assertThat(failure.getInteger("failureCode")).isEqualTo(503);
      assertThat(failure.getString("failureType")).isEqualTo("NO_HANDLERS");
      assertThat(failure.getString("message")).startsWith("nothing serves reviewgate.git.diff right now");
    }
  }

  @Test
  void forbiddenAddressesBadFramesAndUnknownTypesAreClearErrorsAndTheConnectionStaysUsable() throws Exception {
    try (Client client = new Client()) {
      client.send(new JsonObject().put("type", "send").put("address", "reviewgate.cancel").put("replyAddress", "x").put("body", new JsonObject()));
      JsonObject denied = client.next();
      assertThat(denied.getString("type")).isEqualTo("err");
      assertThat(denied.getInteger("failureCode")).isEqualTo(403);
      assertThat(denied.getString("message")).startsWith("access_denied").contains("reviewgate.cancel");

      client.raw("this is not json");
      assertThat(client.next().getString("message")).startsWith("the frame is not JSON");
      client.raw("[1, 2]");
      assertThat(client.next().getString("message")).contains("JSON object").contains("an array");
      client.send(new JsonObject().put("type", "shout").put("address", TOOL));
      assertThat(client.next().getString("message")).contains("unknown frame type 'shout'");
      client.send(new JsonObject().put("type", "send"));
      assertThat(client.next().getString("message")).contains("no address");
      client.send(new JsonObject().put("type", "register").put("address", TOOL));
      assertThat(client.next().getString("message")).startsWith("access_denied").contains("event addresses");

      client.send(new JsonObject().put("type", "ping"));
      assertThat(client.next().getString("type")).isEqualTo("pong");
      // the codec header is the bridge's own: a client cannot pick a codec the server does not have
      client.send(new JsonObject().put("type", "send").put("address", TOOL).put("replyAddress", "ok")
        .put("headers", new JsonObject().put("codecName", "nope")).put("body", new JsonObject()));
      assertThat(client.next().getString("type")).isEqualTo("message");
      assertThat(headersSeen.poll(5, TimeUnit.SECONDS).fieldNames()).doesNotContain("codecName", "authorization");
    }
  }

  @Test
  void anOversizedFrameIsRefusedWithItsSizeAndTheConnectionClosed() throws Exception {
    try (Client client = new Client()) {
      client.raw("\"" + "x".repeat(5000) + "\"");
      JsonObject refused = client.next();
      assertThat(refused.getString("message")).contains("5002 bytes").contains("busBridge.maxFrameBytes");
      assertThat(client.closed.get(5, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void eventsReachARegisteredClientAndRegistrationsAreBounded() throws Exception {
    try (Client client = new Client()) {
      client.send(new JsonObject().put("type", "register").put("address", EVENTS));
      client.send(new JsonObject().put("type", "ping"));
      assertThat(client.next().getString("type")).isEqualTo("pong");
      vertx.eventBus().publish(EVENTS, new JsonObject().put("type", "created").put("review_id", "r-1"));
      JsonObject event = client.next();
      assertThat(event.getString("type")).isEqualTo("message");
      assertThat(event.getString("address")).isEqualTo(EVENTS);
      assertThat(event.getJsonObject("body").getString("review_id")).isEqualTo("r-1");

      client.send(new JsonObject().put("type", "register").put("address", EVENTS + ".a"));
      client.send(new JsonObject().put("type", "register").put("address", EVENTS + ".b"));
      assertThat(client.next().getString("message")).contains("too many registrations");
      client.send(new JsonObject().put("type", "unregister").put("address", EVENTS + ".zzz"));
      assertThat(client.next().getString("message")).contains("not registered");
    }
  }

  @Test
  void everyFrameButPingMustCarryACredential() throws Exception {
    try (Client client = new Client(null)) {
      client.send(new JsonObject().put("type", "send").put("address", TOOL).put("replyAddress", "r").put("body", new JsonObject()));
      JsonObject denied = client.next();
      assertThat(denied.getString("message")).startsWith("access_denied").contains("Bearer").contains("reviewgate token");
      client.send(new JsonObject().put("type", "register").put("address", EVENTS));
      assertThat(client.next().getString("message")).startsWith("access_denied");
      client.send(new JsonObject().put("type", "send").put("address", TOOL).put("replyAddress", "r")
        .put("headers", new JsonObject().put("authorization", "Bearer wrong")).put("body", new JsonObject()));
      assertThat(client.next().getString("type")).isEqualTo("err");
      client.send(new JsonObject().put("type", "send").put("address", TOOL).put("replyAddress", "r")
        .put("headers", new JsonObject().put("authorization", "Bearer " + TOKEN)).put("body", new JsonObject()));
      assertThat(client.next().getString("type")).isEqualTo("message");
      assertThat(headersSeen.poll(5, TimeUnit.SECONDS).getString(Caller.HEADER)).isEqualTo("service:token");
    }
  }

  @Test
  void aServiceCannotActAsThePersonBySendOrPublish() throws Exception {
    try (Client client = new Client(TOKEN); Client ciBot = new Client(CI_BOT_TOKEN)) {
      for (Client c : List.of(client, ciBot)) {
        c.send(new JsonObject().put("type", "send").put("address", COMPLETE).put("replyAddress", "r")
          .put("headers", new JsonObject().put(Caller.HEADER, "person")).put("body", new JsonObject()));
        assertThat(c.next().getString("message")).startsWith("access_denied").contains(COMPLETE);
        c.send(new JsonObject().put("type", "publish").put("address", COMPLETE)
          .put("headers", new JsonObject().put(Caller.HEADER, "person")).put("body", new JsonObject()));
        assertThat(c.next().getString("message")).startsWith("access_denied");
      }
      client.send(new JsonObject().put("type", "ping"));
      assertThat(client.next().getString("type")).isEqualTo("pong");
      assertThat(reached).as("nothing reached review_complete").isEmpty();
    }
  }

  @Test
  void forgeWritesReachTheBusOnlyForAServiceGrantedThem() throws Exception {
    try (Client client = new Client(TOKEN); Client ciBot = new Client(CI_BOT_TOKEN)) {
      client.send(new JsonObject().put("type", "send").put("address", MERGE).put("replyAddress", "r").put("body", new JsonObject()));
      assertThat(client.next().getString("message")).startsWith("access_denied").contains("'token'").contains(MERGE);
      assertThat(reached.poll(200, TimeUnit.MILLISECONDS)).isNull();

      ciBot.send(new JsonObject().put("type", "send").put("address", MERGE).put("replyAddress", "r").put("body", new JsonObject()));
      assertThat(ciBot.next().getString("type")).isEqualTo("message");
      assertThat(reached.poll(5, TimeUnit.SECONDS)).isEqualTo(MERGE + " service:ci-bot");
      // granted or not, a tool is never published to, nor sent to without a reply address
      ciBot.send(new JsonObject().put("type", "publish").put("address", MERGE).put("body", new JsonObject()));
      assertThat(ciBot.next().getString("message")).startsWith("access_denied").contains("never by publish");
      ciBot.send(new JsonObject().put("type", "send").put("address", MERGE).put("body", new JsonObject()));
      assertThat(ciBot.next().getString("message")).startsWith("access_denied").contains("without a replyAddress");
      ciBot.send(new JsonObject().put("type", "ping"));
      assertThat(ciBot.next().getString("type")).isEqualTo("pong");
      assertThat(reached).isEmpty();
    }
  }

  @Test
  void clientReservedHeadersNeverReachTheBus() throws Exception {
    try (Client client = new Client(TOKEN)) {
      client.send(new JsonObject().put("type", "send").put("address", TOOL).put("replyAddress", "r")
        .put("headers", new JsonObject().put("trace", "t").put("reviewgate-progress-address", "reviewgate.review.events")
          .put("Reviewgate-Call-Id", "stolen").put(Caller.HEADER, "person").put(CallContext.REPLY_BY_HEADER, "1"))
        .put("body", new JsonObject()));
      long sent = System.currentTimeMillis();
      assertThat(client.next().getString("type")).isEqualTo("message");
      JsonObject seen = headersSeen.poll(5, TimeUnit.SECONDS);
      // the bridge's own stamps only: who calls, which call (to cancel it when the client goes), and when the bridge
      // stops waiting for the reply
      assertThat(seen.fieldNames()).containsExactlyInAnyOrder("trace", Caller.HEADER, Addresses.CALL_ID_HEADER,
        CallContext.REPLY_BY_HEADER);
      assertThat(seen.getString(Addresses.CALL_ID_HEADER)).startsWith("bridge-").isNotEqualTo("stolen");
      assertThat(seen.getString(Caller.HEADER)).isEqualTo("service:token");
      assertThat(Long.parseLong(seen.getString(CallContext.REPLY_BY_HEADER))).isGreaterThanOrEqualTo(sent);
    }
  }

  @Test
  void onlyRealEventAddressesCanBeRegistered() throws Exception {
    try (Client client = new Client(TOKEN)) {
      for (String bad : List.of("reviewgate..events", "reviewgate.git.diff.events", "reviewgate.review.events.",
        "reviewgate.review.events.a.b", "reviewgate.nope.events", "reviewgate.review.events.-x")) {
        client.send(new JsonObject().put("type", "register").put("address", bad));
        assertThat(client.next().getString("message")).as(bad).startsWith("access_denied");
      }
      client.send(new JsonObject().put("type", "register").put("address", EVENTS + ".r-1_a"));
      client.send(new JsonObject().put("type", "ping"));
      assertThat(client.next().getString("type")).isEqualTo("pong");
    }
  }

  /** A client of the standard bridge frames over a Vert.x socket. */
  private final class Client implements AutoCloseable {

    private final NetClient net = vertx.createNetClient();
    private final NetSocket socket;
    private final String token;
    private final BlockingQueue<JsonObject> frames = new LinkedBlockingQueue<>();
    private final java.util.concurrent.CompletableFuture<Boolean> closed = new java.util.concurrent.CompletableFuture<>();

    Client() throws Exception {
      this(TOKEN);
    }

    /** @param token sent as the credential of every frame; null: none */
    Client(String token) throws Exception {
      this.token = token;
      socket = net.connect(port, "127.0.0.1").toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
      socket.handler(new FrameParser(parsed -> {
        if (parsed.succeeded()) {
          frames.add(parsed.result());
        }
      }));
      socket.closeHandler(v -> closed.complete(true));
    }

    void send(JsonObject frame) {
      if (token != null && !"ping".equals(frame.getString("type"))) {
        JsonObject headers = frame.getJsonObject("headers", new JsonObject());
        if (!headers.containsKey("authorization")) {
          frame.put("headers", headers.put("authorization", "Bearer " + token));
        }
      }
      FrameHelper.writeFrame(frame, socket);
    }

    /** A frame of arbitrary text (not necessarily JSON). */
    void raw(String text) {
      byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      socket.write(Buffer.buffer().appendInt(bytes.length).appendBytes(bytes));
    }

    JsonObject next() throws InterruptedException {
      JsonObject frame = frames.poll(5, TimeUnit.SECONDS);
      assertThat(frame).as("a frame from the bridge").isNotNull();
      return frame;
    }

    @Override
    public void close() throws Exception {
      socket.close();
      net.close();
    }
  }
}
