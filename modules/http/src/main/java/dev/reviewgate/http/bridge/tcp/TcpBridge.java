package dev.reviewgate.http.bridge.tcp;

import dev.reviewgate.core.json.JsonErrors;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusExposure;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.ReadOnlyResend;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.core.security.Credentials;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.json.DecodeException;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.http.bridge.CallerHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The event bus for services that are not on the JVM, over TCP, in the frames of Vert.x's TCP event-bus bridge: a
 * 4-byte big-endian length, then that many bytes of JSON {@code {type, address, replyAddress, headers, body}}. Every
 * frame but {@code ping} carries a bearer credential in {@code headers.authorization}: the per-user token (or
 * {@code REVIEWGATE_TOKEN}) or a configured service's; the frame acts for that service ({@link Caller}). A ping may
 * carry one too: a small first frame that authenticates the connection before larger ones are read. The exposure
 * rules are the WebSocket bridge's ({@link BusExposure}): {@code send} with a reply address only to the tools the
 * service may call, never {@code publish} to a tool, {@code register} only to event addresses. What reaches the bus
 * carries the service's caller header and none of the client's {@code reviewgate-*} headers.
 *
 * <p>Written on a plain {@link NetServer} rather than with {@code vertx-tcp-eventbus-bridge}'s server, which drops a
 * frame that is not JSON without a word, closes the socket on an unknown type, has no frame-size limit and lets a
 * client pick the message codec: here each of those is a clear {@code err} frame, and the connection stays usable.
 * Failures of a call come back as {@code {type: "err", failureCode, failureType, message}} with the codes and texts of
 * every other front-end.
 *
 * <p>Each connection is held to the {@link Bounds} by a {@link TcpBridgeConnection}, and all together to a shared
 * {@link TcpBridgeBudget}, so that no sequence of client input grows the server's memory past them.
 */
public final class TcpBridge {

  /**
   * The {@code busBridge} section of the configuration.
   *
   * @param port -1 when the bridge is off, 0 to pick a free port
   */
  public record Options(String host, int port, int maxFrameBytes, long replyTimeoutMs, int maxRegistrationsPerSocket,
                        Bounds bounds) {

    public static Options from(JsonObject section) {
      return new Options(require(section, "host").toString(),
        ((Number) require(section, "port")).intValue(),
        ((Number) require(section, "maxFrameBytes")).intValue(),
        ((Number) require(section, "replyTimeoutMs")).longValue(),
        ((Number) require(section, "maxRegistrationsPerSocket")).intValue(),
        Bounds.from(section));
    }

    public boolean enabled() {
      return port >= 0;
    }

    /** The same options with other bounds (tests). */
    public Options withBounds(Bounds newBounds) {
      return new Options(host, port, maxFrameBytes, replyTimeoutMs, maxRegistrationsPerSocket, newBounds);
    }

    /** The same options listening elsewhere, with another frame limit (tests). */
    public Options with(int newPort, int newMaxFrameBytes, long newReplyTimeoutMs, int newMaxRegistrations) {
      return new Options(host, newPort, newMaxFrameBytes, newReplyTimeoutMs, newMaxRegistrations, bounds);
    }
  }

  /**
   * What no client may exceed, from the {@code busBridge} section (config/README.md explains each).
   *
   * @param maxFrameBytesBeforeAuth       the longest frame read before one has carried a valid credential
   * @param authTimeoutMs                 a connection must present a credential this soon after connecting
   * @param frameTimeoutMs                a frame must be complete this soon after its first byte
   * @param idleTimeoutMs                 a connection that sends nothing (not even a ping) this long is closed
   * @param maxConnections                connections at once
   * @param maxUnauthenticatedConnections of which not yet authenticated (the oldest is dropped for a newer one)
   * @param maxConnectionsPerCredential   connections one credential may hold
   * @param maxInFlightPerConnection      calls one connection may have waiting for replies (then it is not read)
   * @param maxInFlight                   calls all connections may have waiting
   * @param maxQueuedBytesPerConnection   output not yet taken by a client before it is no longer read
   * @param maxBufferedBytes              frames being read plus output not yet taken, all connections together
   * @param writeStallTimeoutMs           a client whose output stays over its limit this long is closed
   * @param readChunkBytes                the most one read from a socket takes (the socket's receive buffer): what a
   *                                      paused connection may still hold in the server is a few such chunks
   */
  public record Bounds(int maxFrameBytesBeforeAuth, long authTimeoutMs, long frameTimeoutMs, long idleTimeoutMs,
                       int maxConnections, int maxUnauthenticatedConnections, int maxConnectionsPerCredential,
                       int maxInFlightPerConnection, int maxInFlight, long maxQueuedBytesPerConnection,
                       long maxBufferedBytes, long writeStallTimeoutMs, int readChunkBytes) {

    public static Bounds from(JsonObject section) {
      return new Bounds(((Number) require(section, "maxFrameBytesBeforeAuth")).intValue(),
        ((Number) require(section, "authTimeoutMs")).longValue(),
        ((Number) require(section, "frameTimeoutMs")).longValue(),
        ((Number) require(section, "idleTimeoutMs")).longValue(),
        ((Number) require(section, "maxConnections")).intValue(),
        ((Number) require(section, "maxUnauthenticatedConnections")).intValue(),
        ((Number) require(section, "maxConnectionsPerCredential")).intValue(),
        ((Number) require(section, "maxInFlightPerConnection")).intValue(),
        ((Number) require(section, "maxInFlight")).intValue(),
        ((Number) require(section, "maxQueuedBytesPerConnection")).longValue(),
        ((Number) require(section, "maxBufferedBytes")).longValue(),
        ((Number) require(section, "writeStallTimeoutMs")).longValue(),
        ((Number) require(section, "readChunkBytes")).intValue());
    }
  }

  private static Object require(JsonObject section, String key) {
    return ReviewgateConfig.require(section, "busBridge", key);
  }

  private final Vertx vertx;
  private final Options options;
  private final ToolCatalog catalog;
  private final Credentials credentials;
  private final Map<Caller, Set<String>> inbound = new ConcurrentHashMap<>();
  private final TcpBridgeBudget budget;
  private NetServer server;

  /**
   * @param catalog     the tools; services may call those exposed to the bus or the bridge that name them as callers
   * @param credentials whom each bearer credential names, and what a service's {@code allow} list grants it
   */
  public TcpBridge(Vertx vertx, Options options, ToolCatalog catalog, Credentials credentials) {
    this.vertx = vertx;
    this.options = options;
    this.catalog = catalog;
    this.credentials = credentials;
    this.budget = new TcpBridgeBudget(options.bounds());
  }

  /** Starts listening; the future holds the port (useful with port 0). */
  public Future<Integer> listen() {
    // Idle means nothing read: a client that only listens for events sends a ping now and then.
    server = vertx.createNetServer(new NetServerOptions().setHost(options.host()).setPort(options.port())
      .setReadIdleTimeout((int) options.bounds().idleTimeoutMs()).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
      // Vert.x reads at most this much at a time (a fixed receive allocator), so a paused connection holds little.
      .setReceiveBufferSize(options.bounds().readChunkBytes()));
    server.connectHandler(socket -> new TcpBridgeConnection(vertx, socket, options, budget, this::frame).start());
    return server.listen().map(NetServer::actualPort);
  }

  /** Bytes of frames being read and of output not yet taken by clients, all connections together. */
  long bufferedBytes() {
    return budget.bufferedBytes();
  }

  /** Connections the bridge holds now. */
  int connections() {
    return budget.connections();
  }

  public Future<Void> close() {
    return server == null ? Future.succeededFuture() : server.close();
  }

  private void frame(TcpBridgeConnection socket, Buffer bytes) {
    Map<String, MessageConsumer<Object>> registrations = socket.registrations;
    JsonObject frame;
    try {
      Object value = io.vertx.core.json.Json.decodeValue(bytes);
      if (!(value instanceof JsonObject object)) {
        writeErr(socket, "a frame must hold a JSON object {type, address, ...}; this one holds " + describe(value));
        return;
      }
      frame = object;
    } catch (DecodeException e) {
      writeErr(socket, "the frame is not JSON: " + JsonErrors.reason(e) + "; a frame is a "
        + "4-byte big-endian length followed by that many bytes of UTF-8 JSON");
      return;
    }
    String type = frame.getValue("type") instanceof String t ? t : null;
    JsonObject headers = frame.getValue("headers") instanceof JsonObject h ? h : new JsonObject();
    if ("ping".equals(type)) {
      // A ping may carry the credential: the small first frame a client sends before its large ones.
      String authorization = header(headers, "authorization");
      if (authorization != null) {
        Optional<Caller> pinger = credentials.fromHeader(authorization);
        if (pinger.isEmpty()) {
          writeErr(socket, "access_denied: the ping's headers.authorization is not a credential of this server");
          return;
        }
        if (!socket.authenticated(pinger.get())) {
          return;
        }
      }
      write(socket, new JsonObject().put("type", "pong"));
      return;
    }
    if (type == null || !Set.of("send", "publish", "register", "unregister").contains(type)) {
      writeErr(socket, "unknown frame type " + (type == null ? "(none)" : "'" + type + "'")
        + "; the types are send, publish, register, unregister and ping");
      return;
    }
    String address = frame.getValue("address") instanceof String a ? a : null;
    if (address == null || address.isEmpty()) {
      writeErr(socket, "the " + type + " frame has no address");
      return;
    }
    Optional<Caller> caller = credentials.fromHeader(header(headers, "authorization"));
    if (caller.isEmpty()) {
      writeErr(socket, "access_denied: this bridge needs headers.authorization = 'Bearer <token>' in every "
        + type + " frame: the output of 'reviewgate token' (or the server's REVIEWGATE_TOKEN), or a service's own "
        + "token from the services section of the configuration");
      return;
    }
    if (!socket.authenticated(caller.get())) {
      return;
    }
    switch (type) {
      case "send", "publish" -> {
        if (!inbound(caller.get()).contains(address)) {
          writeErr(socket, "access_denied: the service '" + caller.get().name() + "' may not " + type + " to '"
            + address + "'; 'reviewgate tools --json' lists each tool's address, exposure and callers, and a "
            + "service's allow list in the configuration may grant it an agent's tool");
          return;
        }
        if (type.equals("publish") || !(frame.getValue("replyAddress") instanceof String replyAddress)) {
          writeErr(socket, "access_denied: a tool is called with send and a replyAddress, never by " + type
            + (type.equals("publish") ? "" : " without a replyAddress") + "; its answer or failure comes back there");
          return;
        }
        call(socket, address, replyAddress, frame.getValue("body"), delivery(headers, caller.get()));
      }
      case "register" -> {
        if (!BusExposure.outbound(address)) {
          writeErr(socket, "access_denied: services may register only for event addresses "
            + "(reviewgate.<area>.events...), not '" + address + "'");
        } else if (!registrations.containsKey(address)) {
          if (registrations.size() >= options.maxRegistrationsPerSocket()) {
            writeErr(socket, "too many registrations on this connection (busBridge.maxRegistrationsPerSocket = "
              + options.maxRegistrationsPerSocket() + "); unregister one first");
            return;
          }
          registrations.put(address, vertx.eventBus().consumer(address, message -> write(socket, message(message))));
        }
      }
      default -> {
        MessageConsumer<Object> consumer = registrations.remove(address);
        if (consumer == null) {
          writeErr(socket, "not registered for '" + address + "'");
        } else {
          consumer.unregister();
        }
      }
    }
  }

  private void call(TcpBridgeConnection socket, String address, String replyAddress, Object body, DeliveryOptions delivery) {
    socket.callStarted();
    socket.calls.start(replyAddress, delivery.getSendTimeout())
      .forEach(header -> delivery.addHeader(header.getKey(), (String) header.getValue()));
    // Only JSON objects reach a tool (its endpoint refuses the rest with 400): read-only ones may be sent twice.
    Optional<Tool> tool = catalog.byAddress(address);
    Future<Object> answered = tool.isPresent() && body instanceof JsonObject arguments
      ? ReadOnlyResend.request(vertx, tool.get(), arguments, delivery).map(Object.class::cast)
      : vertx.eventBus().request(address, body, delivery).map(Message::body);
    answered.onComplete(done -> {
      socket.calls.finished(replyAddress);
      if (done.succeeded()) {
        write(socket, new JsonObject().put("type", "message").put("address", replyAddress)
          .put("headers", new JsonObject()).put("body", done.result()).put("send", true));
      } else {
        ToolException failure = BusRequests.toToolException(address, done.cause());
        String failureType = done.cause() instanceof ReplyException reply ? reply.failureType().name()
          : failure.code() == Failure.TIMED_OUT ? "TIMEOUT" : failure.code() == Failure.UNAVAILABLE ? "NO_HANDLERS" : "RECIPIENT_FAILURE";
        write(socket, new JsonObject().put("type", "err").put("address", replyAddress).put("sourceAddress", address)
          .put("failureCode", failure.code()).put("failureType", failureType).put("message", failure.getMessage()));
      }
      socket.callEnded();
    });
  }

  /** The tool addresses {@code caller} may send to. */
  private Set<String> inbound(Caller caller) {
    return inbound.computeIfAbsent(caller, c -> BusExposure.inbound(catalog, Set.of(Exposure.BUS, Exposure.BRIDGE), c,
      credentials.grants(c)));
  }

  /**
   * The frame's headers for the bus ({@link CallerHeaders}: the caller's stamp, none of the client's reserved ones);
   * a {@code timeout} header may only shorten the wait.
   */
  private DeliveryOptions delivery(JsonObject headers, Caller caller) {
    DeliveryOptions delivery = new DeliveryOptions().setSendTimeout(options.replyTimeoutMs());
    Object timeout = headers.getValue("timeout");
    if (timeout instanceof Number n && n.longValue() > 0) {
      delivery.setSendTimeout(Math.min(n.longValue(), options.replyTimeoutMs()));
    }
    CallerHeaders.forBus(headers, caller).forEach(entry -> delivery.addHeader(entry.getKey(), (String) entry.getValue()));
    return delivery;
  }

  private static JsonObject message(Message<Object> message) {
    JsonObject headers = new JsonObject();
    message.headers().forEach(header -> headers.put(header.getKey(), header.getValue()));
    return new JsonObject().put("type", "message").put("address", message.address()).put("headers", headers)
      .put("body", message.body()).put("send", message.isSend());
  }

  private static String header(JsonObject headers, String name) {
    for (Map.Entry<String, Object> entry : headers) {
      if (entry.getKey().equalsIgnoreCase(name) && entry.getValue() instanceof String value) {
        return value;
      }
    }
    return null;
  }

  private static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    return value instanceof String ? "a string" : value instanceof Number ? "a number"
      : value instanceof Boolean ? "a boolean" : "an array";
  }

  private static void writeErr(TcpBridgeConnection socket, String text) {
    socket.writeErr(text.startsWith("access_denied") ? Failure.NOT_ALLOWED : Failure.INVALID_ARGUMENTS, text);
  }

  private static void write(TcpBridgeConnection socket, JsonObject frame) {
    socket.write(frame);
  }
}
