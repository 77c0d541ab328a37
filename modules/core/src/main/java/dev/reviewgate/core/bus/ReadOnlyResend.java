package dev.reviewgate.core.bus;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.Tool;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Calls to a read-only tool that survive a node that stops answering. In a cluster, a call sent to a node that stalls
 * (a stopped process, a machine under swap) gets no reply and no failure until its deadline. A read-only tool can be
 * asked twice without harm, so when no answer has come within the resend interval a copy is sent to the address
 * again, which reaches another node serving it; the first answer wins and the other copies are abandoned
 * ({@link CancelSignals#abandon}). A copy is also sent at once when one fails with "nothing serves it" or "no answer
 * in time" while time remains. Writes and waits for a person are never sent twice: they go out once, as before.
 *
 * <p>The interval is half of {@code cluster.failureDetectionMs}, set by the launcher when it joins a cluster, so that
 * with two nodes a call has reached the survivor by the time the stalled node is declared dead. Unclustered there is
 * nothing to fail over to and no copy is ever sent.
 */
public final class ReadOnlyResend {

  private static final String MAP = "reviewgate.bus";
  private static final String KEY = "resendAfterMs";
  /** Copies of one call at most, the first included: a bound on the load a stall adds. */
  static final int MAX_COPIES = 4;

  private ReadOnlyResend() {
  }

  /** Sets the resend interval for every front-end of this Vert.x (0: never resend). */
  public static void set(Vertx vertx, long resendAfterMs) {
    vertx.sharedData().<String, Long>getLocalMap(MAP).put(KEY, resendAfterMs);
  }

  static long of(Vertx vertx) {
    Long after = vertx.sharedData().<String, Long>getLocalMap(MAP).get(KEY);
    return after == null ? 0 : after;
  }

  /** Whether calls to {@code tool} may be sent more than once. */
  public static boolean resendable(Tool tool) {
    return tool.annotations().readOnly() && !tool.waitsForPerson();
  }

  /**
   * Requests {@code tool} as {@link BusRequests#request} does, within {@code delivery}'s send timeout, sending copies
   * as described above when the tool is read-only and a resend interval is set.
   */
  public static Future<JsonObject> request(Vertx vertx, Tool tool, JsonObject body, DeliveryOptions delivery) {
    return send(vertx, tool, tool.address(), body, delivery, true);
  }

  /**
   * For a backend passing a call on to {@code address}, another address serving {@code tool}: copies are sent as by
   * {@link #request}, but the ones left over are not abandoned. The call id is the front-end's, and its own copies
   * of the call may be running elsewhere: abandoning them here could fail the front-end's call.
   */
  public static Future<JsonObject> relay(Vertx vertx, Tool tool, String address, JsonObject body, DeliveryOptions delivery) {
    return send(vertx, tool, address, body, delivery, false);
  }

  private static Future<JsonObject> send(Vertx vertx, Tool tool, String address, JsonObject body, DeliveryOptions delivery,
                                         boolean abandonLeftovers) {
    long after = of(vertx);
    if (after <= 0 || !resendable(tool)) {
      return BusRequests.request(vertx.eventBus(), address, body, delivery);
    }
    return new Attempts(vertx, address, body, delivery, after, abandonLeftovers).start();
  }

  /** The copies of one call, on the caller's context. */
  private static final class Attempts {
    private final Vertx vertx;
    private final String address;
    private final JsonObject body;
    private final DeliveryOptions delivery;
    private final long afterMs;
    private final boolean abandonLeftovers;
    private final long deadline;
    private final Promise<JsonObject> answer = Promise.promise();
    private final AtomicInteger sent = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private long timer = -1;

    Attempts(Vertx vertx, String address, JsonObject body, DeliveryOptions delivery, long afterMs, boolean abandonLeftovers) {
      this.vertx = vertx;
      this.address = address;
      this.body = body;
      this.delivery = delivery;
      this.afterMs = afterMs;
      this.abandonLeftovers = abandonLeftovers;
      this.deadline = System.currentTimeMillis() + delivery.getSendTimeout();
    }

    Future<JsonObject> start() {
      send();
      timer = vertx.setPeriodic(afterMs, afterMs, id -> send());
      return answer.future().andThen(done -> {
        vertx.cancelTimer(timer);
        String callId = delivery.getHeaders() == null ? null : delivery.getHeaders().get(Addresses.CALL_ID_HEADER);
        if (abandonLeftovers && sent.get() > 1 && callId != null) {
          CancelSignals.abandon(vertx, callId); // the copies still out there: their work is no longer wanted
        }
      });
    }

    private void send() {
      long remaining = deadline - System.currentTimeMillis();
      if (answer.future().isComplete() || remaining <= 0 || sent.get() >= MAX_COPIES) {
        return;
      }
      sent.incrementAndGet();
      inFlight.incrementAndGet();
      DeliveryOptions copy = new DeliveryOptions(delivery).setSendTimeout(remaining);
      BusRequests.request(vertx.eventBus(), address, body, copy).onComplete(done -> {
        int stillOut = inFlight.decrementAndGet();
        if (done.succeeded()) {
          answer.tryComplete(done.result());
        } else if (!lost(done.cause())) {
          answer.tryFail(done.cause()); // a node answered: its failure is the answer
        } else if (stillOut == 0) {
          send();
          if (inFlight.get() == 0) {
            answer.tryFail(done.cause()); // no time or copies left
          }
        }
      });
    }

    /** Failures that say nothing about the call itself, only that no node answered it. */
    private static boolean lost(Throwable failure) {
      return failure instanceof ToolException tool
        && (tool.code() == Failure.TIMED_OUT || tool.code() == Failure.UNAVAILABLE);
    }
  }
}
