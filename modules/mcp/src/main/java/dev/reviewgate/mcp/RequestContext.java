package dev.reviewgate.mcp;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * One request in progress: who asked (era, version, client capabilities), and the channels back to the client
 * that belong to it: progress, log messages, cancellation. Safe to call from any thread; everything hops onto
 * the connection's context.
 */
public final class RequestContext {

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
  private final List<Runnable> cancelHooks = new ArrayList<>();
  private volatile boolean cancelled;
  private volatile boolean waitsForPerson;
  private volatile boolean finished;
  private double lastProgress = Double.NEGATIVE_INFINITY;

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
    connection.onContext(() -> {
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
    connection.onContext(() -> {
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
    connection.onContext(() -> {
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
    return connection.requestClient(clientMethod, params, sink);
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
