package dev.reviewgate.core.net;

/**
 * What the HTTP server's per-client limits leave on a request for the endpoint behind them (names of
 * {@code RoutingContext} data), so that an endpoint which learns more about a request from its body can tell them.
 */
public final class ClientSlots {

  /** The key the limits count the request's client by (a String: an address, a local process or user). */
  public static final String CLIENT = "reviewgate.client";

  /**
   * A {@code java.util.function.BooleanSupplier} that moves the request from the pool of requests in flight to the
   * pool of long-lived work (streams and waits for a person), so that it no longer counts against the client's
   * requests. False when that pool is full; the refusal has then been sent.
   */
  public static final String LONG_LIVED = "reviewgate.longLived";

  private ClientSlots() {
  }
}
