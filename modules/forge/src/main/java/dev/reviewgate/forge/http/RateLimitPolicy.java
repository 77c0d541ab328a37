package dev.reviewgate.forge.http;

import dev.reviewgate.core.ToolException;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;

/**
 * The rate-limit rule forges share: a limited answer (429, or 503 with {@code Retry-After}) waits for
 * {@code Retry-After} (seconds or an HTTP date), else until the forge's reset header (epoch seconds), else a first
 * wait doubled per attempt; a wait beyond {@code maxRateLimitWaitMs}, or past {@code maxRetries}, fails at once as
 * busy (429) naming the forge and when to come back. 5xx and network errors follow {@link OutagePolicy}; everything
 * else is the caller's answer. A forge with more rules (GitHub's primary limit) extends it and calls
 * {@link #limited} where its own signals say the limit is this one.
 */
public class RateLimitPolicy extends OutagePolicy {

  /**
   * How one forge says it is limiting requests.
   *
   * @param limit        the limit's name in messages, e.g. {@code throttling} or {@code rate limit}
   * @param resetHeader  the header carrying the epoch second the limit resets at, read without {@code Retry-After};
   *                     null when the forge sends none
   * @param detailHeader a header naming what is limited, added to the failure text (Azure DevOps'
   *                     {@code X-RateLimit-Resource}); null for none
   * @param hint         what the caller may do besides waiting, e.g. {@code slow down}
   */
  public record Signals(String limit, String resetHeader, String detailHeader, String hint) {
  }

  private final Signals signals;
  private final long firstWaitMs;

  /** The rule with {@code retryBaseDelayMs} as the first wait of a limit that names no time. */
  public RateLimitPolicy(ForgeSite site, ForgeHttpOptions http, Signals signals) {
    this(site, http, signals, http.retryBaseDelayMs());
  }

  /** @param firstWaitMs the first wait of a limit that names no time (doubled on each further attempt) */
  protected RateLimitPolicy(ForgeSite site, ForgeHttpOptions http, Signals signals, long firstWaitMs) {
    super(site, http);
    this.signals = signals;
    this.firstWaitMs = firstWaitMs;
  }

  @Override
  public Decision afterResponse(int attempt, boolean write, int status, MultiMap headers, Buffer body, long nowMs, String what) {
    if (status == 429 || (status == 503 && headers.get("retry-after") != null)) {
      return limited(attempt, status, headers, nowMs, what);
    }
    if (status >= 500) {
      return afterServerError(attempt, write, status, what);
    }
    return Decision.deliver();
  }

  /** The decision after an answer that says requests are being limited. */
  protected final Decision limited(int attempt, int status, MultiMap headers, long nowMs, String what) {
    Long waitMs = ForgeHttp.retryAfterMs(headers.get("retry-after"), nowMs);
    if (waitMs == null) {
      long resetMs = signals.resetHeader() == null ? 0 : ForgeHttp.parseLong(headers.get(signals.resetHeader())) * 1000L;
      waitMs = resetMs > 0 ? Math.max(0, resetMs - nowMs) : firstWaitMs << Math.min(attempt, 20);
    }
    String wait = "wait " + (waitMs + 999) / 1000 + " s";
    if (waitMs > http.maxRateLimitWaitMs() || attempt >= http.maxRetries()) {
      String detail = signals.detailHeader() == null ? null : headers.get(signals.detailHeader());
      return Decision.fail(ToolException.busy(site.forge() + " is limiting requests (" + signals.limit() + ", HTTP " + status
        + (detail == null ? "" : ", " + detail) + ") for " + what + "; it asks to " + wait + " (until "
        + Instant.ofEpochMilli(nowMs + waitMs) + "). Try again after that, or " + signals.hint() + "."));
    }
    return Decision.retry(waitMs, site.forge() + " asks to " + wait + " (" + signals.limit() + ")");
  }
}
