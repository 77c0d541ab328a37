package dev.reviewgate.mcp;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One request in progress: who asked (era, version, client capabilities), and the channels back to the client
 * that belong to it: progress, log messages, cancellation. Safe to call from any thread; everything hops onto
 * the request's own context: the event loop it arrived on (a session's requests may arrive on several).
 */
public final class RequestContext {

  /** The tasks extension (SEP-2663), as servers advertise and clients declare it under {@code extensions}. */
  public static final String TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

  private final McpConnection connection;
  private final Object id;
  private final String method;
  private final ProtocolEra era;
  private final String protocolVersion;
  private final JsonObject clientCapabilities;
  private final JsonObject clientInfo;
  private final LogLevel statelessLogLevel;
  private final Object progressToken;
  private final Outbound sink;
  private final Context home;
  private final List<Runnable> cancelHooks = new ArrayList<>();
  private volatile boolean cancelled;
  private volatile boolean waitsForPerson;
  private volatile boolean finished;
  private double lastProgress = Double.NEGATIVE_INFINITY;
  private InputChannel inputs = InputChannel.session();
  private boolean inTask;

  RequestContext(McpConnection connection, Object id, String method, ProtocolEra era, String protocolVersion,
                 JsonObject clientCapabilities, JsonObject clientInfo, LogLevel statelessLogLevel,
                 Object progressToken, Outbound sink) {
    this.connection = connection;
    this.id = id;
    this.method = method;
    this.era = era;
    this.protocolVersion = protocolVersion;
    this.clientCapabilities = clientCapabilities == null ? new JsonObject() : clientCapabilities;
    this.clientInfo = clientInfo;
    this.statelessLogLevel = statelessLogLevel;
    this.progressToken = progressToken;
    this.sink = sink;
    Context current = Vertx.currentContext();
    this.home = current != null && current.isEventLoopContext() ? current : connection.context();
  }

  /** Runs {@code action} on this request's context (at once when already there). */
  void onContext(Runnable action) {
    OnContext.run(home, action);
  }

  /** How this request gets input from the client; set once by the connection (or the task that runs it). */
  void inputs(InputChannel channel) {
    this.inputs = channel;
  }

  /** Marks the context a task's work runs in: {@link #asTask} then runs the work where it is. */
  void runsInTask() {
    this.inTask = true;
  }

  /** Marks a call that may block until a person acts (the tool's catalog entry says so). */
  void waitsForPerson() {
    waitsForPerson = true;
  }

  boolean waitingForPerson() {
    return waitsForPerson;
  }

  public Object id() {
    return id;
  }

  public String method() {
    return method;
  }

  public ProtocolEra era() {
    return era;
  }

  /** The revision this request is served under (negotiated in the session era, from {@code _meta} otherwise). */
  public String protocolVersion() {
    return protocolVersion;
  }

  public JsonObject clientCapabilities() {
    return clientCapabilities;
  }

  /** The client's {@code Implementation} object, or null when it did not say. */
  public JsonObject clientInfo() {
    return clientInfo;
  }

  public Vertx vertx() {
    return connection.server().vertx();
  }

  public boolean cancelled() {
    return cancelled;
  }

  /** Runs {@code hook} once if the client cancels this request (or the transport drops it); at once if it already has. */
  public void onCancel(Runnable hook) {
    onContext(() -> {
      if (cancelled) {
        hook.run();
      } else if (!finished) {
        cancelHooks.add(hook);
      }
    });
  }

  /** True when the client asked for progress ({@code _meta.progressToken}). */
  public boolean wantsProgress() {
    return progressToken != null;
  }

  /**
   * Sends {@code notifications/progress} when the client asked for it; values are forced to increase, as the
   * protocol requires. Nothing is sent once the request is finished or cancelled.
   */
  public void progress(double progress, Double total, String message) {
    if (progressToken == null) {
      return;
    }
    onContext(() -> {
      if (finished || cancelled) {
        return;
      }
      double value = progress > lastProgress ? progress : Math.nextUp(lastProgress);
      lastProgress = value;
      JsonObject params = new JsonObject().put("progressToken", progressToken).put("progress", value);
      if (total != null) {
        params.put("total", total);
      }
      if (message != null) {
        params.put("message", message);
      }
      sink.send(JsonRpc.notification("notifications/progress", params));
    });
  }

  /**
   * Sends {@code notifications/message} if the client asked for this level: in the session era through
   * {@code logging/setLevel}, in the stateless era through this request's {@code io.modelcontextprotocol/logLevel}.
   * A client that asked for nothing gets nothing.
   */
  public void log(LogLevel level, String logger, Object data) {
    onContext(() -> {
      LogLevel threshold = era == ProtocolEra.STATELESS ? statelessLogLevel : connection.sessionLogLevel();
      if (threshold == null || level.compareTo(threshold) < 0 || finished || cancelled) {
        return;
      }
      JsonObject params = new JsonObject().put("level", level.wireName()).put("data", data);
      if (logger != null) {
        params.put("logger", logger);
      }
      sink.send(JsonRpc.notification("notifications/message", params));
    });
  }

  /**
   * Sends a request to the client (session era only: sampling, elicitation, roots) and completes with its result.
   * Fails with {@link JsonRpcException} when the client answers with an error or the era has no server requests.
   */
  public Future<JsonObject> requestClient(String clientMethod, JsonObject params) {
    if (era != ProtocolEra.SESSION) {
      return Future.failedFuture(new JsonRpcException(JsonRpc.INVALID_REQUEST,
        "the server cannot send " + clientMethod + " to a client in the stateless era"));
    }
    Promise<JsonObject> answer = Promise.promise();
    onContext(() -> connection.requestClient(clientMethod, params, sink).onComplete(answer));
    return answer.future();
  }

  /** Whether the client declared the capability an input request of {@code method} needs (see {@link InputRequests}). */
  public boolean canAsk(String method) {
    return clientCapabilities.containsKey(InputRequests.capabilityOf(method));
  }

  /**
   * Asks the client's user or model for one input ({@link InputRequests}) and completes with the answer, in any
   * era: a server-to-client request in a session, an {@code input_required} round trip in 2026-07-28 (the handler
   * then runs again from the top when the client retries, and this completes at once with the answer it brought),
   * a task parked in {@code input_required} when the request runs as a task. Fails with a missing-capability error
   * when the client did not declare what the request needs.
   */
  public Future<JsonObject> ask(String key, JsonObject inputRequest) {
    return askAll(new JsonObject().put(key, inputRequest)).map(answers -> answers.getJsonObject(key));
  }

  /** {@link #ask} for several inputs at once; the client may answer them together. */
  public Future<JsonObject> askAll(JsonObject requests) {
    for (String key : requests.fieldNames()) {
      String method = requests.getJsonObject(key).getString("method");
      if (!canAsk(method)) {
        String capability = InputRequests.capabilityOf(method);
        return Future.failedFuture(new JsonRpcException(JsonRpc.MISSING_REQUIRED_CLIENT_CAPABILITY,
          "Missing required client capability: " + this.method + " needs to send " + method + ", and the client did not "
            + "declare \"" + capability + "\" in its capabilities",
          new JsonObject().put("requiredCapabilities", new JsonObject().put(capability, new JsonObject()))));
      }
    }
    return inputs.ask(this, requests);
  }

  /** Whether the client negotiated the tasks extension for this request (per request in 2026-07-28). */
  public boolean tasksNegotiated() {
    return clientCapabilities.getValue("extensions") instanceof JsonObject extensions
      && extensions.containsKey(TASKS_EXTENSION);
  }

  /**
   * Runs {@code work} as a task when the client negotiated the tasks extension: the request then ends at once with
   * a {@code CreateTaskResult}, and the work's result (or error) is kept for {@code tasks/get}. Without the
   * extension the work runs here and its result is the request's. The work gets the context it runs in.
   */
  public Future<JsonObject> asTask(Function<RequestContext, Future<JsonObject>> work) {
    if (inTask || !tasksNegotiated()) {
      return work.apply(this);
    }
    return Future.succeededFuture(connection.server().tasks().start(this, work));
  }

  /** Whether this is a task's work, whose result is kept for {@code tasks/get} rather than written out once. */
  boolean inTask() {
    return inTask;
  }

  /** A context for work that outlives this request (a task): same client, its own cancellation, no stream back. */
  RequestContext detached() {
    RequestContext detached = new RequestContext(connection, id, method, era, protocolVersion, clientCapabilities,
      clientInfo, null, null, Outbound.NONE);
    detached.inTask = true;
    return detached;
  }

  McpConnection connection() {
    return connection;
  }

  void cancel() {
    if (cancelled || finished) {
      return;
    }
    cancelled = true;
    for (Runnable hook : cancelHooks) {
      try {
        hook.run();
      } catch (RuntimeException e) {
        McpConnection.LOG.log(java.util.logging.Level.WARNING, "cancel hook of " + method + " failed", e);
      }
    }
    cancelHooks.clear();
  }

  void finish() {
    finished = true;
    cancelHooks.clear();
  }
}
