package dev.reviewgate.http.bridge;

import dev.reviewgate.core.security.Caller;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * The headers a bridge puts on the bus for a client's frame: the client's string headers, less every
 * {@code reviewgate-*} header (call id, progress address, caller: only front doors set those) and the bridge's own
 * ({@code authorization}, {@code timeout}, codec choices), plus the caller the bridge authenticated.
 */
public final class CallerHeaders {

  private static final java.util.Set<String> BRIDGE_OWN = java.util.Set.of("authorization", "timeout", "localonly", "codecname");

  private CallerHeaders() {
  }

  /** @param headers the frame's {@code headers} value (anything a client sent; non-objects count as none) */
  public static JsonObject forBus(Object headers, Caller caller) {
    JsonObject kept = new JsonObject();
    if (headers instanceof JsonObject object) {
      for (Map.Entry<String, Object> entry : object) {
        String name = entry.getKey();
        if (entry.getValue() instanceof String value && !Caller.reserved(name)
          && !BRIDGE_OWN.contains(name.toLowerCase(java.util.Locale.ROOT))) {
          kept.put(name, value);
        }
      }
    }
    return kept.put(Caller.HEADER, caller.wire());
  }
}
