package dev.reviewgate.http.bridge;

import dev.reviewgate.core.bus.BusExposure;
import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.metrics.CallMetrics;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.bridge.BridgeEventType;
import io.vertx.ext.bridge.PermittedOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.sockjs.BridgeEvent;
import io.vertx.ext.web.handler.sockjs.SockJSBridgeOptions;
import io.vertx.ext.web.handler.sockjs.SockJSHandler;
import io.vertx.ext.web.handler.sockjs.SockJSHandlerOptions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The event-bus bridge for dashboards and scripts at {@code /eventbus/*}: SockJS (every transport, including raw
 * WebSocket at {@code /eventbus/websocket}). Inbound, a client may send only to the addresses of catalog tools
 * marked for the bridge; outbound, it may receive only event addresses ({@code reviewgate.<area>.events…}).
 * Nothing else passes either way. Arguments are validated by the tool's endpoint, as for every front-end.
 */
public final class BridgeRoutes {

  /** Calls being timed at once, at most; beyond it calls still work but are not timed (bounded memory). */
  private static final int MAX_PENDING_SAMPLES = 10_000;

  private BridgeRoutes() {
  }

  public static Router create(Vertx vertx, ToolCatalog catalog, BridgeLimits limits) {
    ClientDisconnects.quiet();
    SockJSBridgeOptions bridge = new SockJSBridgeOptions()
      .setReplyTimeout(limits.replyTimeoutMs())
      .setPingTimeout(limits.pingTimeoutMs())
      .setMaxHandlersPerSocket(limits.maxHandlersPerSocket())
      .addOutboundPermitted(new PermittedOptions().setAddressRegex(BusExposure.OUTBOUND_REGEX));
    for (String address : BusExposure.inbound(catalog, Set.of(Exposure.BRIDGE))) {
      bridge.addInboundPermitted(new PermittedOptions().setAddress(address));
    }
    SockJSHandlerOptions sockJs = new SockJSHandlerOptions().setRegisterWriteHandler(false);
    Map<String, CallMetrics.Sample> pending = new ConcurrentHashMap<>();
    return SockJSHandler.create(vertx, sockJs).bridge(bridge, event -> observe(catalog, pending, event));
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
