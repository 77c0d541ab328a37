package dev.reviewgate.http.bridge.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Credentials;
import dev.reviewgate.core.testing.BridgeFloodClient;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The TCP bridge's bounds over real sockets, with small limits so that each is reached quickly: what a client that
 * misbehaves gets (an {@code err} frame saying which limit, then a closed connection, or simply not being read), and
 * that the bridge's buffered bytes come back to zero once it is gone.
 */
@Timeout(60)
class TcpBridgeBoundsTest {

  private static final String TOKEN = "s3cret";
  private static final String TOOL = "reviewgate.git.resolve";
  private static final int BIG_REPLY_CHARS = 256 * 1024;

  private Vertx vertx;
  private TcpBridge bridge;
  private int port;
  private final AtomicInteger calls = new AtomicInteger();
  private final List<Socket> sockets = new ArrayList<>();

  /** Small bounds: 512-byte frames before authentication, 1-3 s deadlines, a few connections and calls. */
  private static TcpBridge.Bounds small() {
    return new TcpBridge.Bounds(512, 3_000, 1_000, 5_000, 6, 3, 2, 4, 64, 512 * 1024, 8L * 1024 * 1024, 1_000, 16 * 1024);
  }

  private void start(TcpBridge.Bounds bounds) throws Exception {
    vertx = Vertx.vertx();
    vertx.eventBus().<JsonObject>consumer(TOOL, message -> {
      calls.incrementAndGet();
      int size = message.body().getInteger("size", 0);
      message.reply(new JsonObject().put("sha", "abc").put("padding", "x".repeat(size)));
    }).completion().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    TcpBridge.Options options = TcpBridge.Options.from(ReviewgateConfig.defaults().section("busBridge"))
      .with(0, 64 * 1024, 5_000, 4).withBounds(bounds);
    bridge = new TcpBridge(vertx, options, ToolCatalog.standard(), Credentials.from(TOKEN, new JsonObject(), Map.of()));
    port = bridge.listen().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() throws Exception {
    for (Socket socket : sockets) {
      socket.close();
    }
    if (vertx != null) {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void beforeACredentialOnlyASmallFrameIsReadAndALargerDeclarationClosesTheConnectionUnread() throws Exception {
    start(small());
    Socket anonymous = connect();
    DataOutputStream out = new DataOutputStream(anonymous.getOutputStream());
    out.writeInt(1024 * 1024); // a 1 MiB frame is announced; none of it follows
    out.write("{\"type\":".getBytes(StandardCharsets.UTF_8));
    out.flush();
    JsonObject refused = readFrame(anonymous);
    assertThat(refused.getInteger("failureCode")).isEqualTo(413);
    assertThat(refused.getString("message")).contains("1048576 bytes").contains("busBridge.maxFrameBytesBeforeAuth")
      .contains("ping");
    assertClosed(anonymous);

    // The same size is read once a small frame carried the credential.
    Socket service = connect();
    write(service, ping(TOKEN));
    assertThat(readFrame(service).getString("type")).isEqualTo("pong");
    write(service, send(TOOL, new JsonObject().put("note", "y".repeat(2_000))));
    assertThat(readFrame(service).getString("type")).isEqualTo("message");
    waitFor(() -> bridge.bufferedBytes() == 0, "buffered bytes back to zero");
  }

  @Test
  void aPingWithAWrongCredentialIsRefusedAndDoesNotAuthenticate() throws Exception {
    start(small());
    Socket socket = connect();
    write(socket, ping("wrong"));
    assertThat(readFrame(socket).getString("message")).startsWith("access_denied");
    write(socket, new JsonObject().put("type", "ping"));
    JsonObject pong = readFrame(socket);
    assertThat(pong.getString("type")).as(pong.encode()).isEqualTo("pong");
    // still unauthenticated: the auth deadline closes it
    JsonObject closing = readFrame(socket);
    assertThat(closing.getString("message")).contains("busBridge.authTimeoutMs");
    assertClosed(socket);
  }

  @Test
  void aFrameTrickledByteByByteIsDroppedAtItsDeadline() throws Exception {
    start(small());
    Socket socket = connect();
    write(socket, ping(TOKEN));
    assertThat(readFrame(socket).getString("type")).isEqualTo("pong");
    byte[] frame = frameBytes(send(TOOL, new JsonObject().put("pad", "z".repeat(40))));
    assertThat(frame.length).isGreaterThanOrEqualTo(111);
    long started = System.nanoTime();
    OutputTrickle trickle = new OutputTrickle(socket, frame, 50);
    JsonObject dropped = readFrame(socket);
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    assertThat(dropped.getInteger("failureCode")).isEqualTo(504);
    assertThat(dropped.getString("message")).contains("busBridge.frameTimeoutMs");
    assertThat(tookMs).as("dropped at the 1 s deadline, well before the %d bytes were all sent", frame.length)
      .isLessThan(frame.length * 50L);
    assertClosed(socket);
    assertThat(trickle.sentBytes()).isLessThan(frame.length);
    assertThat(calls.get()).isZero();
  }

  @Test
  void aSilentConnectionIsClosedAtTheAuthDeadlineAndAnAuthenticatedOneAtTheIdleDeadline() throws Exception {
    start(small());
    Socket silent = connect();
    Socket idle = connect();
    write(idle, ping(TOKEN));
    assertThat(readFrame(idle).getString("type")).isEqualTo("pong");
    assertThat(readFrame(silent).getString("message")).startsWith("access_denied").contains("busBridge.authTimeoutMs");
    assertClosed(silent);
    assertClosed(idle);
    waitFor(() -> bridge.connections() == 0, "no connection left");
  }

  @Test
  void connectionsAreCappedPerCredentialAndTheOldestUnauthenticatedMakesRoom() throws Exception {
    start(small());
    Socket first = authenticated();
    Socket second = authenticated();
    Socket third = connect();
    write(third, ping(TOKEN));
    JsonObject refused = readFrame(third);
    assertThat(refused.getInteger("failureCode")).isEqualTo(429);
    assertThat(refused.getString("message")).contains("busBridge.maxConnectionsPerCredential");
    assertClosed(third);

    // three silent connections fill the unauthenticated places; a fourth closes the oldest
    Socket oldest = connect();
    waitFor(() -> bridge.connections() == 3, "the oldest silent connection counted");
    connect();
    connect();
    waitFor(() -> bridge.connections() == 5, "three silent connections counted");
    connect();
    assertThat(readFrame(oldest).getString("message")).contains("busBridge.maxUnauthenticatedConnections");
    assertClosed(oldest);
    write(first, send(TOOL, new JsonObject()));
    assertThat(readFrame(first).getString("type")).isEqualTo("message");
    write(second, send(TOOL, new JsonObject()));
    assertThat(readFrame(second).getString("type")).isEqualTo("message");
  }

  @Test
  void aClientThatNeverReadsIsNoLongerReadThenClosedAndOthersAreStillAnswered() throws Exception {
    start(small());
    Socket greedy = authenticated();
    greedy.setReceiveBufferSize(64 * 1024);
    // Writes on another thread: once the bridge stops reading, this client's own writes block, as they should.
    int requests = 400;
    Thread writer = new Thread(() -> {
      try {
        DataOutputStream out = new DataOutputStream(greedy.getOutputStream());
        for (int i = 0; i < requests; i++) {
          byte[] frame = frameBytes(send(TOOL, new JsonObject().put("size", BIG_REPLY_CHARS)));
          out.write(frame);
        }
        out.flush();
      } catch (IOException closedByTheBridge) {
        // expected once the stall deadline closed the connection
      }
    }, "greedy-writer");
    writer.setDaemon(true);
    writer.start();

    Socket polite = authenticated();
    waitFor(() -> calls.get() >= 8, "some of the greedy client's calls served");
    long asked = System.nanoTime();
    write(polite, send(TOOL, new JsonObject().put("size", 10)));
    assertThat(readFrame(polite).getString("type")).isEqualTo("message");
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked)).isLessThan(2_000);

    // The greedy client is closed at the stall deadline; what it was sent is freed.
    writer.join(20_000);
    assertThat(writer.isAlive()).as("the greedy writer was stopped by the closed connection").isFalse();
    assertThat(calls.get()).as("far fewer calls served than asked: the bridge stopped reading")
      .isLessThan(requests / 2);
    waitFor(() -> bridge.bufferedBytes() == 0, "buffered bytes back to zero");
    Socket later = authenticated(); // the polite one may have reached its idle deadline meanwhile
    write(later, send(TOOL, new JsonObject()));
    assertThat(readFrame(later).getString("type")).isEqualTo("message");
  }

  @Test
  void aFrameWaitsForRoomInTheSharedBudgetInsteadOfBeingBuffered() throws Exception {
    // room for one 48 KiB frame at a time
    start(new TcpBridge.Bounds(512, 5_000, 5_000, 10_000, 6, 3, 4, 4, 64, 512 * 1024, 60 * 1024, 5_000, 16 * 1024));
    Socket holder = authenticated();
    Socket waiter = authenticated();
    byte[] first = frameBytes(send(TOOL, new JsonObject().put("pad", "a".repeat(48 * 1024))));
    byte[] second = frameBytes(send(TOOL, new JsonObject().put("pad", "b".repeat(48 * 1024))));
    holder.getOutputStream().write(first, 0, first.length / 2);
    holder.getOutputStream().flush();
    waitFor(() -> bridge.bufferedBytes() >= 48 * 1024, "the first frame's room reserved");
    waiter.getOutputStream().write(second);
    waiter.getOutputStream().flush();
    Thread.sleep(300);
    assertThat(bridge.bufferedBytes()).as("the second frame is not read while the first holds the room")
      .isLessThan(2L * 48 * 1024);
    assertThat(calls.get()).isZero();
    holder.getOutputStream().write(first, first.length / 2, first.length - first.length / 2);
    holder.getOutputStream().flush();
    assertThat(readFrame(holder).getString("type")).isEqualTo("message");
    assertThat(readFrame(waiter).getString("type")).isEqualTo("message");
    assertThat(calls.get()).isEqualTo(2);
    waitFor(() -> bridge.bufferedBytes() == 0, "buffered bytes back to zero");
  }

  // --- a blocking client of the bridge's frames ---

  private Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(10_000);
    sockets.add(socket);
    return socket;
  }

  private Socket authenticated() throws IOException {
    Socket socket = connect();
    write(socket, ping(TOKEN));
    assertThat(readFrame(socket).getString("type")).isEqualTo("pong");
    return socket;
  }

  private static JsonObject ping(String token) {
    return new JsonObject().put("type", "ping").put("headers", new JsonObject().put("authorization", "Bearer " + token));
  }

  private static JsonObject send(String address, JsonObject body) {
    return new JsonObject().put("type", "send").put("address", address).put("replyAddress", "r")
      .put("headers", new JsonObject().put("authorization", "Bearer " + TOKEN)).put("body", body);
  }

  private static byte[] frameBytes(JsonObject frame) {
    return BridgeFloodClient.frame(frame);
  }

  private static void write(Socket socket, JsonObject frame) throws IOException {
    socket.getOutputStream().write(frameBytes(frame));
    socket.getOutputStream().flush();
  }

  private static JsonObject readFrame(Socket socket) throws IOException {
    return BridgeFloodClient.readFrame(socket);
  }

  /** The bridge closed the connection: reading ends (end of stream or reset) within the socket timeout. */
  private static void assertClosed(Socket socket) throws IOException {
    try {
      int read = socket.getInputStream().read();
      assertThat(read).as("end of stream").isEqualTo(-1);
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the bridge did not close the connection", e);
    } catch (EOFException | java.net.SocketException reset) {
      // closed with unread input: a reset is a close too
    }
  }

  private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
    for (int i = 0; i < 200 && !condition.getAsBoolean(); i++) {
      Thread.sleep(50);
    }
    assertThat(condition.getAsBoolean()).as(what).isTrue();
  }

  /** Sends a frame one byte at a time on its own thread, stopping when the connection is closed. */
  private static final class OutputTrickle {

    private final AtomicInteger sent = new AtomicInteger();

    OutputTrickle(Socket socket, byte[] bytes, long pauseMs) {
      Thread thread = new Thread(() -> {
        try {
          for (byte b : bytes) {
            socket.getOutputStream().write(b);
            socket.getOutputStream().flush();
            sent.incrementAndGet();
            Thread.sleep(pauseMs);
          }
        } catch (IOException | InterruptedException stopped) {
          // the bridge closed the connection
        }
      }, "trickle");
      thread.setDaemon(true);
      thread.start();
    }

    int sentBytes() {
      return sent.get();
    }
  }
}
