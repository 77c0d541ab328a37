package dev.reviewgate.http.bridge.websocket;

import dev.reviewgate.core.bus.BusExposure;
import dev.reviewgate.core.catalog.Exposure;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.core.security.Credentials;
import dev.reviewgate.http.security.RequestGuard;
import dev.reviewgate.http.bridge.CallerHeaders;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.bridge.BridgeEventType;
import io.vertx.ext.web.handler.sockjs.BridgeEvent;
import io.vertx.ext.web.handler.sockjs.SockJSSocket;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one admission step of the WebSocket bridge: every event is judged here, for the caller the {@link RequestGuard}
 * established when its socket opened and within the {@link SocketBounds}. A socket opens only with a caller and within
 * the socket caps; a request (send, publish, register) is read only once the socket's client has read its output; a
 * send is let through only to a tool its caller may call, with a reply address, stamped with the caller; a publish to a
 * tool is refused; an address no caller may use is left to the bridge's own list (which answers
 * {@code access_denied}).
 *
 * <p>A refusal is answered here with {@code {type: "err", body: "rejected", failureCode: 403, message}}, the message
 * saying why and what to do (vertx-web's own refusal frame says only {@code rejected}); the refused event is then left
 * uncompleted, as vertx-web holds nothing for a send or publish until it is let through.
 */
final class WebSocketAdmission {

  private final ToolCatalog catalog;
  private final Credentials credentials;
  private final SocketBounds bounds;
  private final Set<String> anyCaller;
  private final Map<SockJSSocket, Caller> callers = new ConcurrentHashMap<>();
  private final Map<Caller, Set<String>> permitted = new ConcurrentHashMap<>();

  WebSocketAdmission(ToolCatalog catalog, Credentials credentials, SocketBounds bounds) {
    this.catalog = catalog;
    this.credentials = credentials;
    this.bounds = bounds;
    this.anyCaller = BusExposure.inbound(catalog, Set.of(Exposure.BRIDGE));
  }

  /** True: the event goes on (and is completed by whoever comes after); false: it was refused here. */
  Future<Boolean> admit(BridgeEvent event) {
    SockJSSocket socket = event.socket();
    switch (event.type()) {
      case SOCKET_CREATED -> {
        Caller caller = socket.routingContext() == null ? null : socket.routingContext().get(RequestGuard.CALLER);
        // No caller: never reached past the guard. Over the socket caps: refused before it is counted.
        if (caller == null || !bounds.opened(caller)) {
          event.complete(false);
          return Future.succeededFuture(false);
        }
        callers.put(socket, caller);
        return Future.succeededFuture(true);
      }
      case SOCKET_CLOSED -> {
        Caller caller = callers.remove(socket);
        if (caller != null) {
          bounds.closed(socket, caller);
        }
        return Future.succeededFuture(true);
      }
      case SEND, PUBLISH -> {
        return bounds.whenDrained(socket).map(drained -> permits(event));
      }
      case REGISTER -> {
        return bounds.whenDrained(socket).map(true);
      }
      case RECEIVE -> {
        bounds.writing(socket);
        return Future.succeededFuture(true);
      }
      default -> {
        return Future.succeededFuture(true);
      }
    }
  }

  /** Judges a send or publish; stamps the caller on what it lets through, answers what it refuses. */
  private boolean permits(BridgeEvent event) {
    JsonObject raw = event.getRawMessage();
    String address = raw == null ? null : raw.getString("address");
    if (address == null || !anyCaller.contains(address)) {
      return true;
    }
    Caller caller = callers.get(event.socket());
    String refusal = refusal(event.type(), address, caller, raw);
    if (refusal != null) {
      event.socket().write(new JsonObject().put("type", "err").put("body", "rejected").put("failureCode", 403)
        .put("message", refusal).toBuffer());
      return false;
    }
    raw.put("headers", CallerHeaders.forBus(raw.getValue("headers"), caller));
    event.setRawMessage(raw);
    return true;
  }

  /** Why the caller may not do this, in words it can act on; null when it may. */
  private String refusal(BridgeEventType type, String address, Caller caller, JsonObject raw) {
    if (caller == null || !inbound(caller).contains(address)) {
      boolean personOnly = catalog.byAddress(address).map(Tool::personOnly).orElse(false);
      String holder = caller == null ? "this socket" : "this credential (" + caller.wire() + ")";
      return address + " is not open to " + holder + ": " + (personOnly
        ? "only the person may call it, from the dashboard after 'reviewgate open'"
        : "a service credential needs the tool in its services.<name>.allow list");
    }
    if (type != BridgeEventType.SEND) {
      return address + " is a tool: call it with a send that has a replyAddress; a publish to a tool is refused";
    }
    if (!(raw.getValue("replyAddress") instanceof String)) {
      return address + " is a tool: a send to it needs a replyAddress to receive its answer";
    }
    return null;
  }

  private Set<String> inbound(Caller caller) {
    return permitted.computeIfAbsent(caller, c -> BusExposure.inbound(catalog, Set.of(Exposure.BRIDGE), c, credentials.grants(c)));
  }
}
