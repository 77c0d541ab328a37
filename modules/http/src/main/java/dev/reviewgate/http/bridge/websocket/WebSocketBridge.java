package dev.reviewgate.http.bridge.websocket;

import dev.reviewgate.core.bus.BusExposure;
import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.metrics.CallMetrics;
import dev.reviewgate.core.security.Credentials;
import dev.reviewgate.http.security.RequestGuard;
import dev.reviewgate.http.bridge.BridgeCalls;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.bridge.BridgeEventType;
import io.vertx.ext.bridge.PermittedOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.sockjs.BridgeEvent;
import io.vertx.ext.web.handler.sockjs.SockJSBridgeOptions;
import io.vertx.ext.web.handler.sockjs.SockJSHandler;
import io.vertx.ext.web.handler.sockjs.SockJSHandlerOptions;
import io.vertx.ext.web.handler.sockjs.SockJSSocket;
import io.vertx.ext.web.handler.sockjs.Transport;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The event-bus bridge for dashboards and scripts at {@code /eventbus/*}: SockJS (every transport, including raw
 * WebSocket at {@code /eventbus/websocket}). Each socket acts for the caller the {@link RequestGuard} established when
 * it opened: the person (the dashboard's login cookie) or a service (a bearer credential). Inbound, a socket may only
 * send, with a reply address, to the tools exposed to the bridge that its caller may call ({@link BusExposure});
 * publishing to a tool is refused. What it sends carries its caller's header and none of the client's
 * {@code reviewgate-*} headers. Outbound, it may receive only event addresses. Arguments are validated by the tool's
 * endpoint, as for every front-end. Every event is judged once, by {@link WebSocketAdmission}.
 */
public final class WebSocketBridge {

  /** Calls being timed at once, at most; beyond it calls still work but are not timed (bounded memory). */
  private static final int MAX_PENDING_SAMPLES = 10_000;

  private WebSocketBridge() {
  }

  public static Router create(Vertx vertx, ToolCatalog catalog, WebSocketBridgeLimits limits, Credentials credentials) {
    ClientDisconnects.quiet();
    SockJSBridgeOptions bridge = new SockJSBridgeOptions()
      .setReplyTimeout(limits.replyTimeoutMs())
      .setPingTimeout(limits.pingTimeoutMs())
      .setMaxHandlersPerSocket(limits.maxHandlersPerSocket())
      .addOutboundPermitted(new PermittedOptions().setAddressRegex(BusExposure.OUTBOUND_REGEX));
    // The bridge's own list is every caller's; each socket is then held to its caller's in the event handler.
    for (String address : BusExposure.inbound(catalog, Set.of(Exposure.BRIDGE))) {
      bridge.addInboundPermitted(new PermittedOptions().setAddress(address));
    }
    // Raw WebSocket and SockJS over WebSocket only: the polling and streaming transports buffer a session's output in
    // the server for as long as its client stays away, which no write-queue check can bound.
    SockJSHandlerOptions sockJs = new SockJSHandlerOptions().setRegisterWriteHandler(false);
    for (Transport transport : List.of(Transport.XHR, Transport.EVENT_SOURCE, Transport.HTML_FILE, Transport.JSON_P)) {
      sockJs.addDisabledTransport(transport.name());
    }
    WebSocketAdmission admission = new WebSocketAdmission(catalog, credentials, new SocketBounds(vertx, limits));
    Map<String, CallMetrics.Sample> pending = new ConcurrentHashMap<>();
    Map<SockJSSocket, BridgeCalls> calls = new ConcurrentHashMap<>();
    return SockJSHandler.create(vertx, sockJs).bridge(bridge, event -> admission.admit(event).onSuccess(go -> {
      if (go) {
        follow(vertx, event, calls, limits.replyTimeoutMs());
        observe(catalog, pending, event);
      }
    }));
  }

  /**
   * Gives each call the socket sends a call id and the time the bridge stops waiting for its reply (the bridge's reply
   * timeout), and abandons the calls still in flight when the socket closes: see {@link BridgeCalls}. Runs after
   * {@link WebSocketAdmission}, on events it let through.
   */
  private static void follow(Vertx vertx, BridgeEvent event, Map<SockJSSocket, BridgeCalls> calls, long replyTimeoutMs) {
    JsonObject raw = event.getRawMessage();
    switch (event.type()) {
      case SEND -> {
        String replyAddress = raw == null ? null : raw.getValue("replyAddress") instanceof String a ? a : null;
        if (replyAddress != null && raw.getValue("headers") instanceof JsonObject headers) {
          headers.mergeIn(calls.computeIfAbsent(event.socket(), s -> new BridgeCalls()).start(replyAddress, replyTimeoutMs));
          event.setRawMessage(raw);
        }
      }
      case RECEIVE -> {
        BridgeCalls open = calls.get(event.socket());
        if (open != null && raw != null) {
          open.finished(raw.getString("address", ""));
        }
      }
      case SOCKET_CLOSED -> {
        BridgeCalls open = calls.remove(event.socket());
        if (open != null) {
          open.abandonAll(vertx);
        }
      }
      default -> {
      }
    }
  }

  /**
   * Times successful calls per tool for /metrics: a SEND with a reply address starts a sample, the reply delivered
   * to that address stops it. The permission checks themselves are the bridge's.
   */
  private static void observe(ToolCatalog catalog, Map<String, CallMetrics.Sample> pending, BridgeEvent event) {
    JsonObject raw = event.getRawMessage();
    if (event.type() == BridgeEventType.SEND && raw != null) {
      String tool = catalog.byAddress(raw.getString("address", "")).map(Tool::name).orElse("unknown");
      String replyAddress = raw.getString("replyAddress");
      if (replyAddress != null && pending.size() < MAX_PENDING_SAMPLES) {
        pending.put(key(event, replyAddress), CallMetrics.start("bridge", tool));
      }
    } else if (event.type() == BridgeEventType.RECEIVE && raw != null) {
      CallMetrics.Sample sample = pending.remove(key(event, raw.getString("address", "")));
      if (sample != null) {
        sample.stop("ok");
      }
    } else if (event.type() == BridgeEventType.SOCKET_CLOSED) {
      // Failed replies reach the client without a RECEIVE event (vertx_eventbus_reply_failures_total counts them);
      // their samples are dropped with the socket.
      String prefix = key(event, "");
      pending.keySet().removeIf(k -> k.startsWith(prefix));
    }
    event.complete(true);
  }

  /** Reply addresses are chosen by clients, so two sockets may use the same one. */
  private static String key(BridgeEvent event, String replyAddress) {
    return System.identityHashCode(event.socket()) + "/" + replyAddress;
  }
}
