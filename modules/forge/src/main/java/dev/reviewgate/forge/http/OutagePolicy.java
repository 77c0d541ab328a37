package dev.reviewgate.forge.http;

import dev.reviewgate.core.ToolException;

/**
 * The part of a forge's retry rules that is the same for every forge: what to do about an outage. A read that met a
 * 5xx or a broken or timed-out connection is tried again after {@code retryBaseDelayMs × attempt²} until
 * {@code maxRetries}; a write never is, because the forge may have applied it, and its caller is told to check before
 * repeating it. A forge that cannot be reached at all (connection refused, host name not found) gets one quick retry
 * for a read and none for a write: backing off does not bring a stopped server or a mistyped URL back, and the caller
 * should hear which setting to check in under a second, not after the whole backoff. A forge's own rules (rate limits,
 * throttling) are its subclass's {@link #afterResponse}.
 */
public abstract class OutagePolicy implements ForgePolicy {

  /** The wait before the one retry of an unreachable forge: a proxy or a local forge restarting in that instant. */
  static final long UNREACHABLE_RETRY_MS = 200;

  protected final ForgeSite site;
  protected final ForgeHttpOptions http;

  protected OutagePolicy(ForgeSite site, ForgeHttpOptions http) {
    this.site = site;
    this.http = http;
  }

  /** The backoff before retry {@code attempt + 1}: base × (attempt + 1)². */
  protected long backoff(int attempt) {
    long n = attempt + 1L;
    return http.retryBaseDelayMs() * n * n;
  }

  /** After a 5xx answer. */
  protected Decision afterServerError(int attempt, boolean write, int status, String what) {
    if (write) {
      return Decision.deliver();
    }
    if (attempt >= http.maxRetries()) {
      return Decision.fail(ToolException.upstream(site.forge() + " kept failing with HTTP " + status + " for " + what + " ("
        + (attempt + 1) + " attempts); " + site.forge() + " may be degraded — try again in a few minutes"));
    }
    return Decision.retry(backoff(attempt), site.forge() + " failed with HTTP " + status + " and the next try is due");
  }

  @Override
  public final Decision afterNetworkError(int attempt, boolean write, NetworkFailure failure, String what) {
    if (failure == NetworkFailure.UNREACHABLE) {
      if (write || attempt >= Math.min(1, http.maxRetries())) {
        return Decision.fail(ToolException.upstream("could not reach " + site.forge() + " at " + site.url() + " for " + what
          + " (connection refused or host not found" + (write ? "; nothing was sent" : ", " + (attempt + 1) + " attempts")
          + "); check that " + site.forge() + " is up and that " + site.urlKey() + " is right"));
      }
      return Decision.retry(UNREACHABLE_RETRY_MS, site.forge() + " could not be reached; one quick retry");
    }
    boolean timedOut = failure == NetworkFailure.TIMED_OUT;
    if (write || attempt >= http.maxRetries()) {
      String text = (timedOut ? site.forge() + " did not answer within " + http.timeoutMs() + " ms"
        : "the connection to " + site.forge() + " at " + site.url() + " broke") + " for " + what
        + (write ? "; the change may or may not have been applied — check the pull request before repeating it"
        : " (" + (attempt + 1) + " attempts); check the network or " + site.urlKey());
      return Decision.fail(timedOut ? ToolException.timedOut(text) : ToolException.upstream(text));
    }
    return Decision.retry(backoff(attempt), site.forge() + (timedOut ? " did not answer" : " dropped the connection")
      + " and the next try is due");
  }

  @Override
  public final String forge() {
    return site.forge();
  }
}
