package dev.reviewgate.core.bus;

import dev.reviewgate.core.Addresses;
import io.vertx.core.MultiMap;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;

/**
 * What a front-end tells a backend about one call besides its arguments, carried in event-bus message headers so
 * that argument validation never sees it:
 * <ul>
 *   <li>{@link Addresses#CALL_ID_HEADER}: names the call. When the caller abandons it (MCP cancellation, a closed
 *   stream) it publishes {@code {"callId": id}} on {@link Addresses#CANCEL}; a backend with long work pending for
 *   that call stops it and fails the request with {@link dev.reviewgate.core.Failure#CONFLICT}, keeping no side
 *   effect of the cancelled part (for a review wait: the feedback stays queued).</li>
 *   <li>{@value #PROGRESS_HEADER}: an address the caller listens on. While the call is pending the backend may send
 *   {@code {"progress": n, "message": text}} there, n increasing; a front-end forwards these as MCP
 *   {@code notifications/progress} for the client's progress token.</li>
 * </ul>
 * Both are invented by the caller, unique per call, and work the same in a cluster.
 * {@link Addresses#TASK_HEADER} ({@code acceptsTask}): the caller can take a durable task instead of a held reply.
 * {@value #REPLY_BY_HEADER} ({@code replyBy}, epoch ms, 0 when unknown): when the caller stops listening (its send
 * timeout); a reply after that is lost, so a backend holding something it must not lose (queued feedback) ends the
 * call before then instead of handing it out.
 * {@value #UTF8_TEXT_HEADER} ({@code acceptsUtf8Text}): the caller writes replies with the MCP transports' encoder,
 * which knows {@link dev.reviewgate.core.json.Utf8Text}; a backend may then answer a large text as its bytes.
 * {@value #TEXT_STREAM_HEADER} ({@code acceptsTextStream}): the caller also writes the reply out at once, once, and
 * keeps nothing of it, so a backend may answer before a large text is made and hand it over as it comes
 * ({@link dev.reviewgate.core.json.TextStream}). Both only within one process: a clustered backend ignores them.
 */
public record CallContext(String callId, String progressAddress, boolean acceptsTask, long replyBy, boolean acceptsUtf8Text,
                          boolean acceptsTextStream) {

  public static final String REPLY_BY_HEADER = "reviewgate-reply-by";

  public static final String UTF8_TEXT_HEADER = "reviewgate-utf8-text";

  public static final String TEXT_STREAM_HEADER = "reviewgate-text-stream";

  public CallContext(String callId, String progressAddress, boolean acceptsTask, long replyBy, boolean acceptsUtf8Text) {
    this(callId, progressAddress, acceptsTask, replyBy, acceptsUtf8Text, false);
  }

  public CallContext(String callId, String progressAddress) {
    this(callId, progressAddress, false);
  }

  public CallContext(String callId, String progressAddress, boolean acceptsTask) {
    this(callId, progressAddress, acceptsTask, 0, false);
  }

  public static final String PROGRESS_HEADER = "reviewgate-progress-address";

  public static final CallContext NONE = new CallContext(null, null);

  public static CallContext from(MultiMap headers) {
    if (headers == null || headers.isEmpty()) {
      return NONE;
    }
    long replyBy;
    try {
      replyBy = headers.get(REPLY_BY_HEADER) == null ? 0 : Long.parseLong(headers.get(REPLY_BY_HEADER));
    } catch (NumberFormatException e) {
      replyBy = 0;
    }
    return new CallContext(headers.get(Addresses.CALL_ID_HEADER), headers.get(PROGRESS_HEADER),
      "true".equals(headers.get(Addresses.TASK_HEADER)), replyBy, "true".equals(headers.get(UTF8_TEXT_HEADER)),
      "true".equals(headers.get(TEXT_STREAM_HEADER)));
  }

  /** Adds this context's headers to delivery options (for callers), and when the caller stops listening. */
  public DeliveryOptions applyTo(DeliveryOptions options) {
    stampReplyBy(options);
    if (callId != null) {
      options.addHeader(Addresses.CALL_ID_HEADER, callId);
    }
    if (progressAddress != null) {
      options.addHeader(PROGRESS_HEADER, progressAddress);
    }
    if (acceptsTask) {
      options.addHeader(Addresses.TASK_HEADER, "true");
    }
    if (acceptsUtf8Text) {
      options.addHeader(UTF8_TEXT_HEADER, "true");
    }
    if (acceptsTextStream) {
      options.addHeader(TEXT_STREAM_HEADER, "true");
    }
    return options;
  }

  /** Says in {@code options} when a caller with its send timeout stops listening ({@value #REPLY_BY_HEADER}). */
  public static DeliveryOptions stampReplyBy(DeliveryOptions options) {
    if (options.getHeaders() == null || options.getHeaders().get(REPLY_BY_HEADER) == null) {
      options.addHeader(REPLY_BY_HEADER, Long.toString(System.currentTimeMillis() + options.getSendTimeout()));
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
