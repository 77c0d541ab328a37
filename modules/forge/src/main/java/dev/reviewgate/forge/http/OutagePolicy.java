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

  private final String forge;
  private final String url;
  private final String urlKey;
  private final int maxRetries;
  private final long timeoutMs;
  private final long retryBaseDelayMs;

  /**
   * @param forge     the forge's name in messages, e.g. {@code GitHub}
   * @param url       the API base the client reaches
   * @param urlKey    the configuration key of that base, e.g. {@code github.apiUrl}
   * @param timeoutMs the per-request timeout
   */
  protected OutagePolicy(String forge, String url, String urlKey, int maxRetries, long timeoutMs, long retryBaseDelayMs) {
    this.forge = forge;
    this.url = url;
    this.urlKey = urlKey;
    this.maxRetries = maxRetries;
    this.timeoutMs = timeoutMs;
    this.retryBaseDelayMs = retryBaseDelayMs;
  }

  protected int maxRetries() {
    return maxRetries;
  }

  /** The backoff before retry {@code attempt + 1}: base × (attempt + 1)². */
  protected long backoff(int attempt) {
    long n = attempt + 1L;
    return retryBaseDelayMs * n * n;
  }

  /** After a 5xx answer. */
  protected Decision afterServerError(int attempt, boolean write, int status, String what) {
    if (write) {
      return Decision.deliver();
    }
    if (attempt >= maxRetries) {
      return Decision.fail(ToolException.upstream(forge + " kept failing with HTTP " + status + " for " + what + " ("
        + (attempt + 1) + " attempts); " + forge + " may be degraded — try again in a few minutes"));
    }
    return Decision.retry(backoff(attempt), forge + " failed with HTTP " + status + " and the next try is due");
  }

  @Override
  public final Decision afterNetworkError(int attempt, boolean write, NetworkFailure failure, String what) {
    if (failure == NetworkFailure.UNREACHABLE) {
      if (write || attempt >= Math.min(1, maxRetries)) {
        return Decision.fail(ToolException.upstream("could not reach " + forge + " at " + url + " for " + what
          + " (connection refused or host not found" + (write ? "; nothing was sent" : ", " + (attempt + 1) + " attempts")
          + "); check that " + forge + " is up and that " + urlKey + " is right"));
      }
      return Decision.retry(UNREACHABLE_RETRY_MS, forge + " could not be reached; one quick retry");
    }
    boolean timedOut = failure == NetworkFailure.TIMED_OUT;
    if (write || attempt >= maxRetries) {
      String text = (timedOut ? forge + " did not answer within " + timeoutMs + " ms" : "the connection to " + forge + " at "
        + url + " broke") + " for " + what + (write ? "; the change may or may not have been applied — check the pull "
        + "request before repeating it" : " (" + (attempt + 1) + " attempts); check the network or " + urlKey);
      return Decision.fail(timedOut ? ToolException.timedOut(text) : ToolException.upstream(text));
    }
    return Decision.retry(backoff(attempt), forge + (timedOut ? " did not answer" : " dropped the connection")
      + " and the next try is due");
  }
}
