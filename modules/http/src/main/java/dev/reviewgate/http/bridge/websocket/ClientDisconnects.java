package dev.reviewgate.http.bridge.websocket;

import io.vertx.core.http.HttpClosedException;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A browser tab closed without a WebSocket close frame is ordinary client behaviour, yet vertx-web's SockJS bridge
 * logs every such socket as SEVERE with a stack trace, burying what an operator must act on. This lowers exactly
 * those records (the socket was closed or reset by the peer) to FINE; every other bridge failure keeps its level.
 */
final class ClientDisconnects {

  /** Held strongly: java.util.logging keeps loggers only weakly, and a collected logger would lose the filter. */
  private static final Logger BRIDGE = Logger.getLogger("io.vertx.ext.web.handler.sockjs.impl.EventBusBridgeImpl");

  static {
    BRIDGE.setFilter(record -> {
      if (isDisconnect(record.getThrown())) {
        record.setLevel(Level.FINE);
        return BRIDGE.isLoggable(Level.FINE);
      }
      return true;
    });
  }

  private ClientDisconnects() {
  }

  /** Installs the filter (once per process; idempotent). */
  static void quiet() {
    // the static initializer did the work
  }

  static boolean isDisconnect(Throwable thrown) {
    return thrown instanceof HttpClosedException
      || (thrown instanceof IOException io && io.getMessage() != null
        && (io.getMessage().contains("Connection reset") || io.getMessage().contains("Broken pipe")));
  }
}
