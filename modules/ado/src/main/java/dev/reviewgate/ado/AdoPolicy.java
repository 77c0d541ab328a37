package dev.reviewgate.ado;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.http.Decision;
import dev.reviewgate.forge.http.ForgeHttp;
import dev.reviewgate.forge.http.OutagePolicy;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;

/**
 * Azure DevOps' rules for another try: throttling (429, TF400733) waits for {@code Retry-After} (or
 * {@code X-RateLimit-Reset}) when that is within {@code maxRateLimitWaitMs}; 5xx and network errors follow
 * {@link OutagePolicy}, the rule every forge shares; everything else is the caller's answer.
 */
final class AdoPolicy extends OutagePolicy {

  private final AdoOptions options;

  AdoPolicy(AdoOptions options) {
    super("Azure DevOps", options.orgUrl(), "ado.orgUrl", options.maxRetries(), options.timeoutMs(), options.retryBaseDelayMs());
    this.options = options;
  }

  @Override
  public Decision afterResponse(int attempt, boolean write, int status, MultiMap headers, Buffer body, long nowMs, String what) {
    if (status == 429 || (status == 503 && headers.get("retry-after") != null)) {
      Long wait = ForgeHttp.retryAfterMs(headers.get("retry-after"), nowMs);
      if (wait == null) {
        long reset = ForgeHttp.parseLong(headers.get("x-ratelimit-reset")) * 1000L;
        wait = reset > 0 ? Math.max(0, reset - nowMs) : options.retryBaseDelayMs() << Math.min(attempt, 20);
      }
      if (wait > options.maxRateLimitWaitMs() || attempt >= maxRetries()) {
        return Decision.fail(ToolException.busy("Azure DevOps is throttling requests (HTTP " + status
          + (headers.get("x-ratelimit-resource") == null ? "" : ", " + headers.get("x-ratelimit-resource"))
          + ") for " + what + "; it asks to wait " + (wait + 999) / 1000 + " s (until " + Instant.ofEpochMilli(nowMs + wait)
          + "). Try again after that, or ask for less (include_diffs=false, include globs, a smaller top)."));
      }
      return Decision.retry(wait, "Azure DevOps asks to wait " + (wait + 999) / 1000 + " s (throttling)");
    }
    if (status >= 500) {
      return afterServerError(attempt, write, status, what);
    }
    return Decision.deliver();
  }
}
