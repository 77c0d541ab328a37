package dev.reviewgate.mcp.transport.http;

import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.net.ClientSlots;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.metrics.CallMetrics;
import dev.reviewgate.mcp.JsonRpc;
import dev.reviewgate.mcp.McpConnection;
import dev.reviewgate.mcp.McpServer;
import dev.reviewgate.mcp.OnContext;
import dev.reviewgate.mcp.Outbound;
import dev.reviewgate.mcp.ProtocolEra;
import dev.reviewgate.mcp.ProtocolVersions;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.logging.Logger;

/**
 * MCP Streamable HTTP on one endpoint, for both protocol eras, over the transport-independent {@link McpServer}.
 *
 * <h2>2025-06-18 / 2025-11-25 (sessions)</h2>
 * {@code initialize} opens a session and its id comes back in {@code Mcp-Session-Id}; every later message must
 * carry it (missing: 400; unknown or expired: 404). POST answers with JSON, or with an SSE stream as soon as the
 * request has something to say before its result (progress, log messages, requests to the client). SSE events have
 * ids and are kept, so GET with {@code Last-Event-ID} resumes a dropped stream; a dropped stream does not cancel
 * the request. GET without it opens the stream for messages not tied to a request; DELETE ends the session.
 *
 * <h2>2026-07-28 (stateless)</h2>
 * POST only (GET, DELETE: 405). {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} must agree
 * with the body (else 400, -32020); each request is its own connection, answered with JSON or a request-scoped SSE
 * stream (progress, then the result); closing that stream cancels the work. {@code Mcp-Session-Id} and
 * {@code Last-Event-ID} are ignored.
 *
 * <p>Shared by the server's event loops (each HTTP connection is on one of them): a stateless request is handled
 * whole on its connection's loop; a session's requests meet its connection on the session's home loop
 * ({@link HttpSession}).
 */
public final class HttpTransport implements Handler<RoutingContext> {

  private static final Logger LOG = Logger.getLogger(HttpTransport.class.getName());

  static final String SESSION_HEADER = "Mcp-Session-Id";
  static final String VERSION_HEADER = "MCP-Protocol-Version";

  private final Vertx vertx;
  private final McpServer server;
  private final HttpTransportOptions options;
  private final Map<String, HttpSession> sessions = new ConcurrentHashMap<>();
  private final SecureRandom random = new SecureRandom();
  private final long sweeper;
  private final long keepAlive;
  private final JsonBody.Encoders encoders;

  public HttpTransport(Vertx vertx, McpServer server, HttpTransportOptions options) {
    this.vertx = vertx;
    this.server = server;
    this.options = options;
    this.sweeper = vertx.setPeriodic(Math.max(100, Math.min(options.sessionIdleMs() / 4, 30_000)), id -> expireIdle());
    this.keepAlive = vertx.setPeriodic(options.sseKeepAliveMs(),
      id -> sessions.values().forEach(session -> session.onHome(session::keepAlive)));
    // As many encoders as cores: encoding is CPU work, and a client that stops reading holds one only until its stall limit.
    this.encoders = new JsonBody.Encoders(vertx, Math.max(2, Runtime.getRuntime().availableProcessors()),
      options.responseWriteStallMs());
  }

  /** Stops the timers and closes every session (server shutdown). */
  public void close() {
    vertx.cancelTimer(sweeper);
    vertx.cancelTimer(keepAlive);
    encoders.close();
    sessions.values().forEach(HttpSession::close);
    sessions.clear();
  }

  @Override
  public void handle(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    HttpMethod method = request.method();
    if (method == HttpMethod.POST) {
      post(ctx);
    } else if (method == HttpMethod.GET) {
      get(ctx);
    } else if (method == HttpMethod.DELETE) {
      delete(ctx);
    } else {
      ctx.response().putHeader("Allow", "GET, POST, DELETE");
      error(ctx.response(), 405, null, JsonRpc.INVALID_REQUEST, "Method not allowed: use POST (and GET or DELETE with a session)", null);
    }
  }

  /** Exactly {@code application/json}, parameters (such as {@code charset}) allowed: {@code application/jsonx} is not JSON. */
  static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    int semicolon = contentType.indexOf(';');
    String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
    return type.equalsIgnoreCase("application/json");
  }

  // ---- POST ---------------------------------------------------------------------------------------------------

  private void post(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    HttpServerResponse response = ctx.response();
    Accept accept = Accept.parse(request.getHeader("Accept"));
    if (!accept.json() && !accept.sse()) {
      error(response, 406, null, JsonRpc.INVALID_REQUEST,
        "Not Acceptable: send 'Accept: application/json, text/event-stream' (MCP answers in one of them)", null);
      return;
    }
    if (!isJson(request.getHeader("Content-Type"))) {
      error(response, 415, null, JsonRpc.INVALID_REQUEST, "Unsupported Media Type: send the JSON-RPC message as 'Content-Type: application/json'", null);
      return;
    }
    Object parsed;
    try {
      parsed = Json.decodeValue(ctx.body().buffer() == null ? io.vertx.core.buffer.Buffer.buffer() : ctx.body().buffer());
    } catch (DecodeException e) {
      error(response, 400, null, JsonRpc.PARSE_ERROR, "Parse error: the body is not valid JSON", null);
      return;
    }
    if (parsed instanceof JsonArray) {
      error(response, 400, null, JsonRpc.INVALID_REQUEST,
        "Invalid Request: batches (JSON arrays) are not supported since 2025-06-18; send one message per POST", null);
      return;
    }
    if (!(parsed instanceof JsonObject message)) {
      error(response, 400, null, JsonRpc.INVALID_REQUEST, "Invalid Request: the body must be one JSON-RPC message object", null);
      return;
    }
    if (waitsForPerson(message) && !movedToLongLived(ctx)) {
      return;
    }
    if (RequestEra.of(request.getHeader(VERSION_HEADER), message) == ProtocolEra.STATELESS) {
      StatelessRules.check(request, message, server.catalog()).ifPresentOrElse(
        problem -> error(response, 400, message.getValue("id"), problem.code(), problem.message(), problem.data()),
        () -> postStateless(ctx, message, accept));
    } else {
      postSession(ctx, message, accept);
    }
  }

  private void postStateless(RoutingContext ctx, JsonObject message, Accept accept) {
    if ("initialize".equals(message.getValue("method")) && JsonRpc.isRequest(message)) {
      // The HTTP era is decided by the header: a 2026-07-28 request cannot open a session.
      error(ctx.response(), 404, message.getValue("id"), JsonRpc.METHOD_NOT_FOUND,
        "Method not found: initialize was removed in 2026-07-28; call server/discover, and send _meta with every request", null);
      return;
    }
    McpConnection connection = server.connect(Outbound.NONE).writesRepliesApart();
    Object id = message.getValue("id");
    HttpServerResponse response = ctx.response();
    ResponseChannel channel = new ResponseChannel(response, accept, null, 0, false, encoders);
    CallMetrics.Sample sample = sample(message);
    if (JsonRpc.isRequest(message)) {
      // Closing the response stream is how a 2026-07-28 client cancels.
      response.closeHandler(v -> {
        if (!channel.finished()) {
          connection.cancel(id);
          stop(sample, "cancelled");
        }
      });
    }
    connection.handle(message, channel).onComplete(done -> {
      JsonObject reply = done.succeeded() ? done.result() : null;
      if (reply == null) {
        channel.accepted();
      } else {
        stop(sample, reply, ctx);
        channel.finish(reply, statelessStatus(reply));
      }
      connection.close();
    });
  }

  private void postSession(RoutingContext ctx, JsonObject message, Accept accept) {
    HttpServerRequest request = ctx.request();
    HttpServerResponse response = ctx.response();
    String headerVersion = trim(request.getHeader(VERSION_HEADER));
    if (headerVersion != null && !RequestEra.SESSION_HEADER_VERSIONS.contains(headerVersion)) {
      error(response, 400, message.getValue("id"), JsonRpc.INVALID_REQUEST, "Bad Request: unsupported " + VERSION_HEADER
        + " '" + headerVersion + "'; this server speaks " + String.join(", ", ProtocolVersions.ALL), null);
      return;
    }
    HttpSession session;
    boolean opening = "initialize".equals(message.getValue("method"));
    if (opening) {
      String client = ctx.get(ClientSlots.CLIENT, "unknown");
      if (sessionsOf(client) >= options.maxSessionsPerClient() && !evictOne(s -> s.client().equals(client))) {
        response.putHeader("Retry-After", "5");
        error(response, 429, message.getValue("id"), JsonRpc.INTERNAL_ERROR, "too many open sessions from this client "
          + "(http.maxSessionsPerClient = " + options.maxSessionsPerClient() + "), each with a call or stream in "
          + "progress; end some with DELETE or retry later", null);
        return;
      }
      if (sessions.size() >= options.maxSessions() && !evictOne(s -> true)) {
        response.putHeader("Retry-After", "5");
        error(response, 503, message.getValue("id"), JsonRpc.INTERNAL_ERROR,
          "too many open sessions (http.maxSessions), each with a call or stream in progress; retry later", null);
        return;
      }
      session = new HttpSession(newSessionId(), client, server, options, encoders);
    } else {
      String sessionId = trim(request.getHeader(SESSION_HEADER));
      if (sessionId == null) {
        error(response, 400, message.getValue("id"), JsonRpc.INVALID_REQUEST, "Bad Request: " + SESSION_HEADER
          + " header missing; send initialize first and repeat the session id it returns on every request", null);
        return;
      }
      session = sessions.get(sessionId);
      if (session == null) {
        error(response, 404, message.getValue("id"), JsonRpc.INVALID_REQUEST,
          "Session not found: it ended or expired; start a new one with initialize", null);
        return;
      }
      session.touch();
    }
    // The session's connection answers on its home loop; the HTTP side of the answer goes on on this request's own.
    Context here = Vertx.currentContext();
    if (!JsonRpc.isRequest(message)) {
      session.connection().handle(message, null).onComplete(done -> OnContext.run(here, () -> {
        JsonObject reply = done.succeeded() ? done.result() : null;
        if (reply == null) {
          response.setStatusCode(202).end();
        } else {
          error(response, 400, reply.getValue("id"), reply.getJsonObject("error").getInteger("code"),
            reply.getJsonObject("error").getString("message"), null);
        }
      }));
      return;
    }
    ResponseChannel channel = new ResponseChannel(response, accept, session::newStream, options.sseRetryMs(),
      session.primes(), encoders);
    CallMetrics.Sample sample = sample(message);
    HttpSession current = session;
    current.started();
    session.connection().handle(message, channel).onComplete(done -> OnContext.run(here, () -> {
      current.ended();
      JsonObject reply = done.succeeded() ? done.result() : null;
      if (reply == null) {
        channel.accepted();
        return;
      }
      stop(sample, reply, ctx);
      if (opening) {
        if (reply.containsKey("result")) {
          current.version(reply.getJsonObject("result").getString("protocolVersion"));
          sessions.put(current.id(), current);
          response.putHeader(SESSION_HEADER, current.id());
        } else {
          current.close();
        }
      }
      if (!opening) {
        current.touch();
      }
      channel.finish(reply, 200);
    }));
  }

  // ---- GET and DELETE -------------------------------------------------------------------------------------------

  private void get(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    HttpServerResponse response = ctx.response();
    if (RequestEra.statelessHeader(request.getHeader(VERSION_HEADER))) {
      response.putHeader("Allow", "POST");
      error(response, 405, null, JsonRpc.INVALID_REQUEST, "Method not allowed: 2026-07-28 is POST only", null);
      return;
    }
    if (!Accept.parse(request.getHeader("Accept")).sse()) {
      error(response, 406, null, JsonRpc.INVALID_REQUEST, "Not Acceptable: GET opens an event stream; send 'Accept: text/event-stream'", null);
      return;
    }
    HttpSession session = session(ctx);
    if (session != null) {
      // A session's streams are written on its home loop, where its connection sends what is not tied to a request.
      session.onHome(() -> attachStream(session, request, response));
    }
  }

  private void attachStream(HttpSession session, HttpServerRequest request, HttpServerResponse response) {
    if (response.closed()) {
      return;
    }
    String lastEventId = trim(request.getHeader("Last-Event-ID"));
    if (lastEventId != null) {
      int dash = lastEventId.lastIndexOf('-');
      SseStream stream = dash < 0 ? null : session.stream(lastEventId.substring(0, dash)).orElse(null);
      long number = dash < 0 ? -1 : parseLong(lastEventId.substring(dash + 1));
      if (stream == null || number < 0) {
        error(response, 404, null, JsonRpc.INVALID_REQUEST, "Unknown Last-Event-ID '" + lastEventId
          + "': the stream is no longer kept; repeat the request instead", null);
        return;
      }
      stream.attach(response, options.sseRetryMs(), false);
      if (!stream.replayAfter(number)) {
        stream.close();
        return;
      }
      if (stream.complete()) {
        stream.close();
      }
      return;
    }
    SseStream standalone = session.standalone();
    if (standalone.attached()) {
      error(response, 409, null, JsonRpc.INVALID_REQUEST, "Conflict: this session already has an open GET stream", null);
      return;
    }
    standalone.attach(response, options.sseRetryMs(), session.primes());
    standalone.replayAfter(0);
  }

  private void delete(RoutingContext ctx) {
    HttpServerResponse response = ctx.response();
    if (RequestEra.statelessHeader(ctx.request().getHeader(VERSION_HEADER))) {
      response.putHeader("Allow", "POST");
      error(response, 405, null, JsonRpc.INVALID_REQUEST, "Method not allowed: 2026-07-28 has no sessions to delete", null);
      return;
    }
    HttpSession session = session(ctx);
    if (session == null) {
      return;
    }
    sessions.remove(session.id());
    session.close();
    response.setStatusCode(200).end();
  }

  /** The session named by the request, or null after answering 400 / 404. */
  private HttpSession session(RoutingContext ctx) {
    String sessionId = trim(ctx.request().getHeader(SESSION_HEADER));
    if (sessionId == null) {
      error(ctx.response(), 400, null, JsonRpc.INVALID_REQUEST, "Bad Request: " + SESSION_HEADER + " header missing", null);
      return null;
    }
    HttpSession session = sessions.get(sessionId);
    if (session == null) {
      error(ctx.response(), 404, null, JsonRpc.INVALID_REQUEST, "Session not found: it ended or expired; start a new one with initialize", null);
      return null;
    }
    session.touch();
    return session;
  }

  private long sessionsOf(String client) {
    return sessions.values().stream().filter(session -> session.client().equals(client)).count();
  }

  /**
   * Makes room for a new session at a cap: ends one of {@code among} with nothing in progress, one never used
   * after its initialize first, else the least recently used. A client that opens sessions in a loop thus meets
   * its own cap and pushes out only its own ones, never a session with a running call. False when every such
   * session is busy.
   */
  private boolean evictOne(Predicate<HttpSession> among) {
    Comparator<HttpSession> victimOrder = Comparator.comparing(HttpSession::used).thenComparingLong(HttpSession::lastUsed);
    Optional<HttpSession> victim = sessions.values().stream().filter(among).filter(session -> !session.busy()).min(victimOrder);
    victim.ifPresent(session -> {
      sessions.remove(session.id());
      session.close();
      LOG.fine(() -> "session cap reached: ended " + (session.used() ? "the least recently used" : "a never used") + " session");
    });
    return victim.isPresent();
  }

  private void expireIdle() {
    sessions.values().removeIf(session -> {
      if (session.idleLongerThan(options.sessionIdleMs()) && !session.busy()) {
        session.close();
        return true;
      }
      return false;
    });
  }

  // ---- helpers --------------------------------------------------------------------------------------------------

  /** HTTP status of a 2026-07-28 answer: protocol errors are HTTP errors too. */
  static int statelessStatus(JsonObject reply) {
    JsonObject error = reply.getJsonObject("error");
    if (error == null) {
      return 200;
    }
    return switch (error.getInteger("code", 0)) {
      case JsonRpc.METHOD_NOT_FOUND -> 404;
      case JsonRpc.PARSE_ERROR, JsonRpc.INVALID_REQUEST, JsonRpc.INVALID_PARAMS, JsonRpc.HEADER_MISMATCH,
        JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY, JsonRpc.UNSUPPORTED_PROTOCOL_VERSION -> 400;
      case JsonRpc.INTERNAL_ERROR -> 500;
      default -> 200;
    };
  }

  /** A call that may wait for a person for minutes (catalog {@code waitsForPerson}). */
  private boolean waitsForPerson(JsonObject message) {
    return "tools/call".equals(message.getValue("method")) && message.getValue("params") instanceof JsonObject params
      && params.getValue("name") instanceof String name
      && server.catalog().byName(name).map(Tool::waitsForPerson).orElse(false);
  }

  /**
   * Moves a wait for a person out of the client's requests in flight into the server's pool of long-lived work, so
   * that agents waiting on reviews never lock out their own (or anyone's) other calls. False when refused (the
   * refusal has been sent).
   */
  private static boolean movedToLongLived(RoutingContext ctx) {
    BooleanSupplier move = ctx.get(ClientSlots.LONG_LIVED);
    return move == null || move.getAsBoolean();
  }

  /** A timer for tools/call requests (per tool, front-end "http"); null for other methods. */
  private CallMetrics.Sample sample(JsonObject message) {
    if (!"tools/call".equals(message.getValue("method"))) {
      return null;
    }
    JsonObject params = message.getValue("params") instanceof JsonObject p ? p : new JsonObject();
    String tool = params.getValue("name") instanceof String name
      ? server.catalog().byName(name).map(Tool::name).orElse("unknown") : "unknown";
    return CallMetrics.start("http", tool);
  }

  /**
   * Records a call once its reply is handed over; a reply whose text is still being made (a streamed diff) once its
   * body has ended, so the timer says when the client had all of it.
   */
  private static void stop(CallMetrics.Sample sample, JsonObject reply, RoutingContext ctx) {
    String outcome = outcome(reply);
    if (sample != null && !TextStream.within(reply).isEmpty()) {
      ctx.addEndHandler(ended -> sample.stop(outcome));
    } else {
      stop(sample, outcome);
    }
  }

  private static void stop(CallMetrics.Sample sample, String outcome) {
    if (sample != null) {
      sample.stop(outcome);
    }
  }

  private static String outcome(JsonObject reply) {
    if (reply.containsKey("error")) {
      return "rpc_error";
    }
    JsonObject result = reply.getJsonObject("result");
    return result != null && result.getBoolean("isError", false) ? "error" : "ok";
  }

  private String newSessionId() {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  static void error(HttpServerResponse response, int status, Object id, int code, String message, Object data) {
    if (response.ended() || response.headWritten()) {
      return;
    }
    JsonObject body = JsonRpc.error(id instanceof String || id instanceof Number ? id : null, code, message, data);
    response.setStatusCode(status).putHeader("Content-Type", "application/json").end(body.encode());
  }

  static String trim(String header) {
    if (header == null) {
      return null;
    }
    String value = header.trim();
    return value.isEmpty() ? null : value;
  }

  private static long parseLong(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
