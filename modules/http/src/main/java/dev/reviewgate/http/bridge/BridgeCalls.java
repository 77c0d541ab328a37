package dev.reviewgate.http.bridge;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.CallContext;
import dev.reviewgate.core.bus.CancelSignals;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The calls one bridge connection has in flight, by the reply address the client chose. Each call gets a call id and
 * the time its bridge stops waiting ({@link CallContext#REPLY_BY_HEADER}), so that a backend holding something it must
 * not lose (a person's queued feedback) never hands it to a call nobody will read; when the connection closes, every
 * call still in flight is abandoned ({@link CancelSignals#abandon}), so a review wait of a client that went away ends
 * at once and the feedback stays queued for whoever waits next.
 *
 * <p>Bounded: beyond {@link #MAX_TRACKED} the oldest call is forgotten (its reply-by still protects it). Confined to
 * the connection's context.
 */
public final class BridgeCalls {

  static final int MAX_TRACKED = 256;

  private final Map<String, String> byReplyAddress = new LinkedHashMap<>(16, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
      return size() > MAX_TRACKED;
    }
  };

  /**
   * Starts tracking a call that will be answered at {@code replyAddress} and returns the headers the bridge adds to it
   * on the bus: its call id and when the bridge stops waiting, {@code replyTimeoutMs} from now.
   */
  public synchronized JsonObject start(String replyAddress, long replyTimeoutMs) {
    String callId = "bridge-" + UUID.randomUUID();
    byReplyAddress.put(replyAddress, callId);
    return new JsonObject()
      .put(Addresses.CALL_ID_HEADER, callId)
      .put(CallContext.REPLY_BY_HEADER, Long.toString(System.currentTimeMillis() + replyTimeoutMs));
  }

  /** The call answered at {@code replyAddress} got its answer (or failure). */
  public synchronized void finished(String replyAddress) {
    byReplyAddress.remove(replyAddress);
  }

  /** The connection closed: every call still in flight is abandoned. */
  public void abandonAll(Vertx vertx) {
    List<String> open;
    synchronized (this) {
      open = List.copyOf(byReplyAddress.values());
      byReplyAddress.clear();
    }
    open.forEach(callId -> CancelSignals.abandon(vertx, callId));
  }
}
