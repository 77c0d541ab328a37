package dev.reviewgate.mcp;

import dev.reviewgate.core.json.JsonErrors;
import dev.reviewgate.core.json.TextStream;
import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One client connection to an {@link McpServer}: a stdio process, an HTTP session (session era), or a single
 * HTTP request (stateless era). It checks every message against JSON-RPC 2.0, decides the request's era, and
 * dispatches it; session-era state (negotiated version, log level) lives here.
 *
 * <h2>How a transport uses it</h2>
 * <ul>
 *   <li>{@link #handle(String, Outbound)} for each inbound message (a stdio line, an HTTP POST body). The future
 *       completes with the JSON-RPC response to send, or with {@code null} when nothing must be sent
 *       (notifications, responses to server requests, cancelled requests). It never fails.</li>
 *   <li>The {@link Outbound} given to {@code handle} receives that request's notifications (progress, log
 *       messages) and server-to-client requests, before the response; the one given to
 *       {@link McpServer#connect(Outbound)} receives the rest. Over stdio both are stdout.</li>
 *   <li>{@link #cancel(Object)} when the transport learns a request is abandoned (stateless HTTP: the response
 *       stream closed); {@code notifications/cancelled} does the same from the client side. The request's
 *       future then completes with {@code null} and no further message about it is sent.</li>
 *   <li>{@link #close()} when the connection ends (stdio EOF, HTTP session deleted): cancels what is in flight.</li>
 * </ul>
 * All state is confined to one Vert.x context; the methods may be called from any thread.
 */
public final class McpConnection {

  static final Logger LOG = Logger.getLogger(McpConnection.class.getName());

  public static final String META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
  public static final String META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
  public static final String META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
  public static final String META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";
  public static final String META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

  private final McpServer server;
  private final Context context;
  private final Outbound outbound;
  // A session's requests may come on several event loops at once (HTTP connections on different loops): what the
  // connection keeps across requests is safe from any of them; what one request has stays on its own loop.
  private final Map<Object, InFlight> inFlight = new ConcurrentHashMap<>();
  private final Map<String, Promise<JsonObject>> awaitingClient = new ConcurrentHashMap<>();
  private final AtomicLong nextServerRequestId = new AtomicLong();
  private volatile String sessionVersion;
  private volatile JsonObject sessionClientInfo;
  private volatile JsonObject sessionCapabilities;
  private volatile LogLevel sessionLogLevel;
  private volatile boolean closed;
  private volatile boolean repliesApart;

  private record InFlight(RequestContext request, Promise<JsonObject> reply) {
    boolean waitsForPerson() {
      return request.waitingForPerson();
    }
  }

  McpConnection(McpServer server, Context context, Outbound outbound) {
    this.server = server;
    this.context = context;
    this.outbound = outbound;
  }

  /** Handles one raw message; request-scoped notifications go to the connection's {@link Outbound}. */
  public Future<JsonObject> handle(String text) {
    return handle(text, outbound);
  }

  /** Handles one raw message (exactly one JSON value); see the class comment. */
  public Future<JsonObject> handle(String text, Outbound requestSink) {
    Object parsed;
    try {
      parsed = Json.decodeValue(text);
    } catch (DecodeException e) {
      return Future.succeededFuture(JsonRpc.error(null, JsonRpc.PARSE_ERROR,
        "Parse error: the message is not valid JSON (" + JsonErrors.reason(e) + "). Send one JSON-RPC object per line.", null));
    }
    if (parsed instanceof JsonArray) {
      return Future.succeededFuture(JsonRpc.error(null, JsonRpc.INVALID_REQUEST,
        "Invalid Request: batches (JSON arrays) are not supported; MCP removed them in 2025-06-18. Send each message on its own.", null));
    }
    if (!(parsed instanceof JsonObject message)) {
      return Future.succeededFuture(JsonRpc.error(null, JsonRpc.INVALID_REQUEST,
        "Invalid Request: a message must be a JSON object with \"jsonrpc\": \"2.0\" and a \"method\".", null));
    }
    return handle(message, requestSink);
  }

  /** Handles one parsed message; see the class comment. */
  public Future<JsonObject> handle(JsonObject message, Outbound requestSink) {
    Promise<JsonObject> reply = Promise.promise();
    onLoop(() -> {
      try {
        dispatch(message, requestSink == null ? outbound : requestSink, reply);
      } catch (RuntimeException e) {
        LOG.log(Level.SEVERE, "unexpected failure handling a message", e);
        reply.tryComplete(JsonRpc.error(readableId(message), JsonRpc.INTERNAL_ERROR, "Internal error; the server log has the details.", null));
      }
    });
    return reply.future();
  }

  /** Abandons an in-flight request: its cancel hooks run, its future completes with null, nothing more is sent for it. */
  public void cancel(Object requestId) {
    InFlight entry = inFlight.remove(idKey(requestId));
    if (entry != null) {
      entry.request().onContext(() -> {
        entry.request().cancel();
        entry.reply().tryComplete(null);
      });
    }
  }

  /**
   * The client's input ended (stdio EOF): calls that wait for a person end at once, each with an error reply the
   * client can still read, so that a wait never keeps the process (and its dashboard port) alive for nobody.
   * Other requests may still finish; {@link #endInFlight(String)} ends what is left.
   */
  public void endOfInput() {
    endWhere(InFlight::waitsForPerson, server.catalog().guide().waitEndedByEndOfInput());
  }

  /** Ends every request still in flight with an error reply saying {@code why} (their work is cancelled). */
  public void endInFlight(String why) {
    endWhere(entry -> true, why);
  }

  private void endWhere(java.util.function.Predicate<InFlight> which, String why) {
    for (Map.Entry<Object, InFlight> entry : new ArrayList<>(inFlight.entrySet())) {
      InFlight call = entry.getValue();
      if (which.test(call) && inFlight.remove(entry.getKey(), call)) {
        call.request().onContext(() -> {
          call.request().cancel();
          call.reply().tryComplete(JsonRpc.error(call.request().id(), JsonRpc.REQUEST_CANCELLED, why, null));
        });
      }
    }
  }

  /** Ends the connection: cancels everything in flight and fails pending server-to-client requests. */
  public void close() {
    closed = true;
    for (Object id : new ArrayList<>(inFlight.keySet())) {
      cancel(id);
    }
    for (String id : new ArrayList<>(awaitingClient.keySet())) {
      Promise<JsonObject> waiting = awaitingClient.remove(id);
      if (waiting != null) {
        waiting.tryFail(new JsonRpcException(JsonRpc.INTERNAL_ERROR, "the connection closed"));
      }
    }
  }

  /**
   * Says that this connection's transport writes each reply apart from the others (an HTTP response of its own), so
   * that one may go out while it is still being made ({@link dev.reviewgate.core.json.TextStream}). Not over stdio:
   * there a line that starts before its diff is made holds every line behind it until the diff ends (three small
   * calls sent 150 ms after a 23 MB range were answered after it, at 0.7–1.1 s instead of 0.17–0.21 s), and a
   * client reads the line whole anyway.
   */
  public McpConnection writesRepliesApart() {
    repliesApart = true;
    return this;
  }

  boolean repliesApart() {
    return repliesApart;
  }

  McpServer server() {
    return server;
  }

  LogLevel sessionLogLevel() {
    return sessionLogLevel;
  }

  void setSessionLogLevel(LogLevel level) {
    sessionLogLevel = level;
  }

  /** The connection's own context: where work starts that comes from no event loop (a worker, a plain thread). */
  Context context() {
    return context;
  }

  /** Runs {@code action} here when on an event loop (each request stays on its connection's loop), else on the connection's context. */
  private void onLoop(Runnable action) {
    Context current = io.vertx.core.Vertx.currentContext();
    if (current == context || current != null && current.isEventLoopContext()) {
      action.run();
    } else {
      context.runOnContext(v -> action.run());
    }
  }

  // ---- dispatch -------------------------------------------------------------------------------------------

  private void dispatch(JsonObject message, Outbound sink, Promise<JsonObject> reply) {
    Object readableId = readableId(message);
    if (!JsonRpc.VERSION.equals(message.getValue("jsonrpc"))) {
      reply.complete(JsonRpc.error(readableId, JsonRpc.INVALID_REQUEST,
        "Invalid Request: \"jsonrpc\" must be the string \"2.0\".", null));
      return;
    }
    if (!message.containsKey("method")) {
      if (JsonRpc.isResponse(message) && readableId != null) {
        answerFromClient(readableId, message);
        reply.complete(null);
      } else {
        reply.complete(JsonRpc.error(readableId, JsonRpc.INVALID_REQUEST,
          "Invalid Request: a request needs a \"method\" string (and an \"id\" unless it is a notification).", null));
      }
      return;
    }
    if (!(message.getValue("method") instanceof String method)) {
      reply.complete(JsonRpc.error(readableId, JsonRpc.INVALID_REQUEST, "Invalid Request: \"method\" must be a string.", null));
      return;
    }
    Object params = message.getValue("params");
    if (params != null && !(params instanceof JsonObject) && !(params instanceof JsonArray)) {
      reply.complete(JsonRpc.error(readableId, JsonRpc.INVALID_REQUEST,
        "Invalid Request: \"params\" must be an object of named parameters.", null));
      return;
    }
    if (!message.containsKey("id")) {
      notification(method, params instanceof JsonObject object ? object : new JsonObject());
      reply.complete(null);
      return;
    }
    Object id = message.getValue("id");
    if (readableId == null) {
      reply.complete(JsonRpc.error(null, JsonRpc.INVALID_REQUEST,
        "Invalid Request: \"id\" must be a string or an integer (MCP does not allow null).", null));
      return;
    }
    if (method.startsWith("notifications/")) {
      reply.complete(JsonRpc.error(id, JsonRpc.INVALID_REQUEST,
        "Invalid Request: " + method + " is a notification; send it without an \"id\" (notifications get no response).", null));
      return;
    }
    if (params instanceof JsonArray) {
      reply.complete(JsonRpc.error(id, JsonRpc.INVALID_PARAMS,
        "Invalid params: " + method + " takes an object of named parameters, not an array.", null));
      return;
    }
    if (inFlight.containsKey(idKey(id))) {
      reply.complete(JsonRpc.error(id, JsonRpc.INVALID_REQUEST,
        "Invalid Request: id " + Json.encode(id) + " is already used by a request in progress; use a new id.", null));
      return;
    }
    request(id, method, params == null ? new JsonObject() : (JsonObject) params, sink, reply);
  }

  private void request(Object id, String method, JsonObject params, Outbound sink, Promise<JsonObject> reply) {
    RequestContext request;
    try {
      request = context(id, method, params, sink);
    } catch (JsonRpcException e) {
      reply.complete(JsonRpc.error(id, e.code(), e.getMessage(), e.data()));
      return;
    }
    if (closed) {
      reply.complete(JsonRpc.error(id, JsonRpc.INTERNAL_ERROR, "the connection is closing; send the request again on a new connection", null));
      return;
    }
    if ("tools/call".equals(method) && params.getValue("name") instanceof String tool
      && server.catalog().byName(tool).map(Tool::waitsForPerson).orElse(false)) {
      request.waitsForPerson();
    }
    try {
      request.inputs(inputsOf(request, params));
    } catch (JsonRpcException e) {
      reply.complete(JsonRpc.error(id, e.code(), e.getMessage(), e.data()));
      return;
    }
    InFlight entry = new InFlight(request, reply);
    if (inFlight.putIfAbsent(idKey(id), entry) != null) {
      reply.complete(JsonRpc.error(id, JsonRpc.INVALID_REQUEST,
        "Invalid Request: id " + Json.encode(id) + " is already used by a request in progress; use a new id.", null));
      return;
    }
    Future<JsonObject> result;
    try {
      result = server.route(this, request, params);
    } catch (RuntimeException e) {
      result = Future.failedFuture(e);
    }
    result.onComplete(done -> request.onContext(() -> {
      inFlight.remove(idKey(id), entry);
      boolean wasCancelled = request.cancelled();
      request.finish();
      if (wasCancelled) {
        if (done.succeeded()) {
          TextStream.within(done.result()).forEach(TextStream::abandon); // nobody writes it: its producer stops
        }
        reply.tryComplete(null);
      } else if (done.succeeded()) {
        reply.tryComplete(JsonRpc.result(id, server.decorate(request, done.result() == null ? new JsonObject() : done.result())));
      } else if (done.cause() instanceof InputRequired asking) {
        reply.tryComplete(JsonRpc.result(id, server.decorate(request, asking.toResult())));
      } else if (done.cause() instanceof JsonRpcException rpc) {
        reply.tryComplete(JsonRpc.error(id, rpc.code(), rpc.getMessage(), rpc.data()));
      } else {
        LOG.log(Level.SEVERE, "request " + method + " failed unexpectedly", done.cause());
        reply.tryComplete(JsonRpc.error(id, JsonRpc.INTERNAL_ERROR,
          "Internal error in " + method + "; the server log has the details. Retry once; if it persists, report it.", null));
      }
    }));
  }

  /** Methods that may answer {@code input_required} (SEP-2322), and the param naming what they are about. */
  private static final Map<String, String> ASKING_METHODS = Map.of("tools/call", "name", "prompts/get", "name",
    "resources/read", "uri");

  /**
   * Where the request's {@link RequestContext#ask} gets answers: server-to-client requests in a session; in
   * 2026-07-28 the {@code inputResponses} of the request and the answers of earlier rounds in its verified
   * {@code requestState}.
   */
  private InputChannel inputsOf(RequestContext request, JsonObject params) {
    if (request.era() == ProtocolEra.SESSION) {
      return InputChannel.session();
    }
    String nameParam = ASKING_METHODS.get(request.method());
    String name = nameParam == null || !(params.getValue(nameParam) instanceof String n) ? null : n;
    JsonObject answers = new JsonObject();
    if (nameParam != null && params.containsKey("requestState")) {
      if (!(params.getValue("requestState") instanceof String state)) {
        throw JsonRpcException.invalidParams("Invalid params: \"requestState\" must be the string an input_required "
          + "result gave, sent back unchanged.");
      }
      answers.mergeIn(server.requestStates().open(state, request.method(), name));
    }
    if (nameParam != null && params.containsKey("inputResponses")) {
      if (!(params.getValue("inputResponses") instanceof JsonObject responses)) {
        throw JsonRpcException.invalidParams("Invalid params: \"inputResponses\" must be an object of answers keyed "
          + "as the inputRequests of the input_required result.");
      }
      for (String key : responses.fieldNames()) {
        if (!(responses.getValue(key) instanceof JsonObject)) {
          throw JsonRpcException.invalidParams("Invalid params: inputResponses[\"" + key + "\"] must be the result "
            + "object of the input request it answers (e.g. {\"action\": \"accept\", \"content\": {...}}).");
        }
      }
      answers.mergeIn(responses);
    }
    return InputChannel.stateless(answers, server.requestStates(), request.method(), name);
  }

  /** Decides the era of a request and checks its {@code _meta}. */
  private RequestContext context(Object id, String method, JsonObject params, Outbound sink) {
    Object metaValue = params.getValue("_meta");
    if (metaValue != null && !(metaValue instanceof JsonObject)) {
      throw JsonRpcException.invalidParams("Invalid params: \"_meta\" must be an object.");
    }
    JsonObject meta = metaValue == null ? new JsonObject() : (JsonObject) metaValue;
    Object progressToken = meta.getValue("progressToken");
    if (progressToken != null && !(progressToken instanceof String) && !(progressToken instanceof Number)) {
      throw JsonRpcException.invalidParams("Invalid params: _meta.progressToken must be a string or a number.");
    }
    if (method.equals("initialize")) {
      return new RequestContext(this, id, method, ProtocolEra.SESSION, null, null, null, null, progressToken, sink);
    }
    if (meta.containsKey(META_PROTOCOL_VERSION)) {
      Object version = meta.getValue(META_PROTOCOL_VERSION);
      if (sessionVersion != null && sessionVersion.equals(version)) {
        return sessionContext(id, method, progressToken, sink);
      }
      if (!(version instanceof String text) || !ProtocolVersions.STATELESS.contains(text)) {
        throw new JsonRpcException(JsonRpc.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
          new JsonObject().put("supported", ProtocolVersions.allAsJson()).put("requested", version));
      }
      if (!(meta.getValue(META_CLIENT_CAPABILITIES) instanceof JsonObject capabilities)) {
        throw JsonRpcException.invalidParams("Invalid params: _meta[\"" + META_CLIENT_CAPABILITIES
          + "\"] is required with a protocol version in _meta (an object; {} when the client declares none).");
      }
      Object clientInfo = meta.getValue(META_CLIENT_INFO);
      LogLevel logLevel = null;
      if (meta.containsKey(META_LOG_LEVEL)) {
        logLevel = LogLevel.parse(meta.getValue(META_LOG_LEVEL)).orElseThrow(() -> JsonRpcException.invalidParams(
          "Invalid params: _meta[\"" + META_LOG_LEVEL + "\"] must be one of debug, info, notice, warning, error, critical, alert, emergency."));
      }
      return new RequestContext(this, id, method, ProtocolEra.STATELESS, text, capabilities,
        clientInfo instanceof JsonObject info ? info : null, logLevel, progressToken, sink);
    }
    if (sessionVersion != null || method.equals("ping")) {
      return sessionContext(id, method, progressToken, sink);
    }
    if (method.equals("server/discover")) {
      // The stdio probe of dual-era clients; answer it even without _meta.
      return new RequestContext(this, id, method, ProtocolEra.STATELESS, ProtocolVersions.STATELESS.get(0),
        null, null, null, progressToken, sink);
    }
    throw JsonRpcException.invalidParams("Invalid params: " + method + " carries no _meta[\"" + META_PROTOCOL_VERSION
      + "\"] and no session is open. Either put the protocol version (" + String.join(", ", ProtocolVersions.STATELESS)
      + ") and \"" + META_CLIENT_CAPABILITIES + "\" in params._meta, or send initialize first (versions "
      + String.join(", ", ProtocolVersions.SESSION) + ").");
  }

  private RequestContext sessionContext(Object id, String method, Object progressToken, Outbound sink) {
    return new RequestContext(this, id, method, ProtocolEra.SESSION,
      sessionVersion == null ? ProtocolVersions.SESSION.get(0) : sessionVersion,
      sessionCapabilities, sessionClientInfo, null, progressToken, sink);
  }

  /** Called by the server's {@code initialize} handler: opens (or reopens) the session on this connection. */
  void openSession(String version, JsonObject clientInfo, JsonObject capabilities) {
    sessionVersion = version;
    sessionClientInfo = clientInfo;
    sessionCapabilities = capabilities;
    sessionLogLevel = null;
  }

  private void notification(String method, JsonObject params) {
    switch (method) {
      case "notifications/cancelled" -> {
        Object requestId = params.getValue("requestId");
        if (requestId != null) {
          LOG.fine(() -> "client cancelled request " + requestId + ": " + params.getValue("reason"));
          cancel(requestId);
        }
      }
      default -> LOG.fine(() -> "ignored notification " + method);
    }
  }

  // ---- server-to-client requests --------------------------------------------------------------------------

  /** Sends a request to the client on {@code sink}; call on the asking request's context ({@link RequestContext}). */
  Future<JsonObject> requestClient(String method, JsonObject params, Outbound sink) {
    if (closed) {
      return Future.failedFuture(new JsonRpcException(JsonRpc.INTERNAL_ERROR, "the connection closed"));
    }
    Promise<JsonObject> answer = Promise.promise();
    String id = "reviewgate-" + nextServerRequestId.incrementAndGet();
    awaitingClient.put(id, answer);
    // A person answers an elicitation (e.g. approves a draft review): that takes longer than a machine's answer.
    long timeoutMs = InputRequests.ELICITATION.equals(method) ? server.options().elicitationTimeoutMs()
      : server.options().toolTimeouts().defaultMs();
    long timer = server.vertx().setTimer(timeoutMs, t -> {
      Promise<JsonObject> late = awaitingClient.remove(id);
      if (late != null) {
        late.tryFail(new JsonRpcException(JsonRpc.INTERNAL_ERROR, "the client did not answer " + method + " in time"));
      }
    });
    answer.future().onComplete(done -> server.vertx().cancelTimer(timer));
    sink.send(JsonRpc.request(id, method, params));
    return answer.future();
  }

  private void answerFromClient(Object id, JsonObject message) {
    Promise<JsonObject> waiting = id instanceof String key ? awaitingClient.remove(key) : null;
    if (waiting == null) {
      LOG.fine(() -> "ignored a response to unknown request " + id);
      return;
    }
    if (message.getValue("error") instanceof JsonObject error) {
      waiting.tryFail(new JsonRpcException(error.getInteger("code", JsonRpc.INTERNAL_ERROR),
        error.getString("message", "the client reported an error"), error.getValue("data")));
    } else {
      waiting.tryComplete(message.getValue("result") instanceof JsonObject result ? result : new JsonObject());
    }
  }

  // ---- ids ------------------------------------------------------------------------------------------------

  /** The id if it is a usable request id (string or integer), else null. */
  private static Object readableId(JsonObject message) {
    Object id = message.getValue("id");
    if (id instanceof String) {
      return id;
    }
    if (id instanceof Integer || id instanceof Long || id instanceof java.math.BigInteger) {
      return id;
    }
    return null;
  }

  /** Map key for an id: integers of different Java types are the same JSON id. */
  private static Object idKey(Object id) {
    return id instanceof Number number && !(id instanceof Double) && !(id instanceof Float) ? (Object) number.longValue() : id;
  }

}
