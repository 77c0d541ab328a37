package dev.reviewgate.forge.http;

import dev.reviewgate.core.ToolException;

/**
 * What every forge does about an outage, the same for GitHub and Azure DevOps: a read that met a 5xx or a network
 * error is tried again after {@code backoffMs} (base × attempt², from the forge's policy) until {@code maxRetries};
 * a write never is, because the forge may have applied it, and its caller is told to check before repeating it.
 *
 * @param forge     the forge's name in messages, e.g. {@code GitHub}
 * @param url       the API base the client reaches
 * @param urlKey    the configuration key of that base, e.g. {@code github.apiUrl}
 * @param timeoutMs the per-request timeout
 */
public record Outages(String forge, String url, String urlKey, int maxRetries, long timeoutMs) {

  /** After a 5xx answer. */
  public Decision afterServerError(int attempt, boolean write, int status, String what, long backoffMs) {
    if (write) {
      return Decision.deliver();
    }
    if (attempt >= maxRetries) {
      return Decision.fail(ToolException.upstream(forge + " kept failing with HTTP " + status + " for " + what + " ("
        + (attempt + 1) + " attempts); " + forge + " may be degraded — try again in a few minutes"));
    }
    return Decision.retry(backoffMs, forge + " failed with HTTP " + status + " and the next try is due");
  }

  /** After a connection failure or timeout (no answer). */
  public Decision afterNetworkError(int attempt, boolean write, boolean timedOut, String what, long backoffMs) {
    if (write || attempt >= maxRetries) {
      String text = (timedOut ? forge + " did not answer within " + timeoutMs + " ms" : "could not reach " + forge + " at " + url)
        + " for " + what + (write ? "; the change may or may not have been applied — check the pull request before repeating it"
        : " (" + (attempt + 1) + " attempts); check the network or " + urlKey);
      return Decision.fail(timedOut ? ToolException.timedOut(text) : ToolException.upstream(text));
    }
    return Decision.retry(backoffMs, forge + (timedOut ? " did not answer" : " could not be reached") + " and the next try is due");
  }
}
