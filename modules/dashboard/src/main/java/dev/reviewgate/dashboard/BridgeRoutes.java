package dev.reviewgate.dashboard;

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
import java.util.logging.Logger;

/**
 * The event-bus bridge for dashboards and scripts at {@code /eventbus/*}: SockJS (every transport, including raw
 * WebSocket at {@code /eventbus/websocket}). Inbound, a client may send only to the addresses of catalog tools
 * marked for the bridge; outbound, it may receive only event addresses ({@code reviewgate.<area>.events…}).
 * Nothing else passes either way. Arguments are validated by the tool's endpoint, as for every front-end.
 */
public final class BridgeRoutes {

  /** Event addresses only: {@code reviewgate.review.events} and {@code reviewgate.review.events.<id>}. */
  public static final String OUTBOUND_REGEX = "reviewgate\\..*\\.events.*";

  private static final Logger LOG = Logger.getLogger(BridgeRoutes.class.getName());

  private BridgeRoutes() {
  }

  public static Router create(Vertx vertx, ToolCatalog catalog, HttpOptions options) {
    SockJSBridgeOptions bridge = new SockJSBridgeOptions()
      .setReplyTimeout(options.bridgeReplyTimeoutMs())
      .setPingTimeout(options.bridgePingTimeoutMs())
      .setMaxHandlersPerSocket(options.bridgeMaxHandlersPerSocket())
      .addOutboundPermitted(new PermittedOptions().setAddressRegex(OUTBOUND_REGEX));
    for (Tool tool : catalog.tools(Exposure.BRIDGE)) {
      bridge.addInboundPermitted(new PermittedOptions().setAddress(tool.address()));
    }
    SockJSHandlerOptions sockJs = new SockJSHandlerOptions().setRegisterWriteHandler(false);
    return SockJSHandler.create(vertx, sockJs).bridge(bridge, event -> observe(catalog, event));
  }

  /** Counts calls per tool for /metrics; the permission checks themselves are the bridge's own. */
  private static void observe(ToolCatalog catalog, BridgeEvent event) {
    if (event.type() == BridgeEventType.SEND && event.getRawMessage() != null) {
      JsonObject raw = event.getRawMessage();
      String tool = catalog.byAddress(raw.getString("address", "")).map(Tool::name).orElse("unknown");
      CallMetrics.start("bridge", tool).stop("sent");
    } else if (event.type() == BridgeEventType.SOCKET_ERROR) {
      LOG.fine("bridge socket error");
    }
    event.complete(true);
  }
}
