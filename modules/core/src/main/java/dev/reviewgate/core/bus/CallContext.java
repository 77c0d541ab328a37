package dev.reviewgate.core.bus;

import io.vertx.core.MultiMap;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;

/**
 * What a front-end tells a backend about one call besides its arguments, carried in event-bus message headers so
 * that argument validation never sees it:
 * <ul>
 *   <li>{@value #PROGRESS_HEADER}: an address the caller listens on. While the call is pending, the backend may send
 *   it {@code {"progress": n, "message": text}} with n increasing (and {@code "total"} when known). A front-end maps
 *   these to MCP {@code notifications/progress} for the client's progress token.</li>
 *   <li>{@value #CANCEL_HEADER}: an address the backend listens on while the call is pending. Any message sent there
 *   cancels the call; the backend then fails the request with {@link dev.reviewgate.core.Failure#CONFLICT} and keeps
 *   no side effect of the cancelled part (for a review wait: the feedback stays queued).</li>
 * </ul>
 * Both addresses are invented by the caller (unique per call) and work the same in a cluster.
 */
public record CallContext(String progressAddress, String cancelAddress) {

  public static final String PROGRESS_HEADER = "reviewgate-progress-address";
  public static final String CANCEL_HEADER = "reviewgate-cancel-address";

  public static final CallContext NONE = new CallContext(null, null);

  public static CallContext from(MultiMap headers) {
    if (headers == null || headers.isEmpty()) {
      return NONE;
    }
    return new CallContext(headers.get(PROGRESS_HEADER), headers.get(CANCEL_HEADER));
  }

  /** Adds this context's headers to delivery options (for callers). */
  public DeliveryOptions applyTo(DeliveryOptions options) {
    if (progressAddress != null) {
      options.addHeader(PROGRESS_HEADER, progressAddress);
    }
    if (cancelAddress != null) {
      options.addHeader(CANCEL_HEADER, cancelAddress);
    }
    return options;
  }

  public boolean wantsProgress() {
    return progressAddress != null;
  }

  /** The body of one progress message. */
  public static JsonObject progress(long progress, String message) {
    return new JsonObject().put("progress", progress).put("message", message);
  }
}
