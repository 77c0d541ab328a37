package dev.reviewgate.forge.http;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;

/**
 * A forge's own rules for one failed attempt: which answers are worth another try and after how long (rate limits,
 * {@code Retry-After}, outages), and the failure text when not. Pure: the clock is a parameter, so waits can be
 * tested exactly. {@link ForgeHttp} does the sending, waiting and deadline-keeping for every forge.
 */
public interface ForgePolicy {

  /** The forge's name in messages, e.g. {@code GitHub}. */
  String forge();

  /**
   * @param attempt retries already made for this request (0 after the first attempt)
   * @param write   whether the request changes state on the forge (never retried after it may have been applied)
   * @param what    the request for messages, e.g. {@code GET /repos/o/r/pulls/1} (never carries a secret)
   */
  Decision afterResponse(int attempt, boolean write, int status, MultiMap headers, Buffer body, long nowMs, String what);

  /** After a connection failure or timeout (no response); {@link OutagePolicy} holds the rule every forge shares. */
  Decision afterNetworkError(int attempt, boolean write, NetworkFailure failure, String what);
}
