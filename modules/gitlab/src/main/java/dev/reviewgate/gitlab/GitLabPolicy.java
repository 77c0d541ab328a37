package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.http.Decision;
import dev.reviewgate.forge.http.ForgeHttp;
import dev.reviewgate.forge.http.ForgePolicy;
import dev.reviewgate.forge.http.Outages;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;

/**
 * GitLab's rules for another try: a rate limit (429) waits for {@code Retry-After} (else {@code RateLimit-Reset},
 * epoch seconds) when that is within {@code maxRateLimitWaitMs}; 5xx and network errors of reads are retried with
 * {@code retryBaseDelayMs × attempt²}; writes never after they may have been applied; everything else is the
 * caller's answer.
 */
final class GitLabPolicy implements ForgePolicy {

  private final GitLabOptions options;
  private final Outages outages;

  GitLabPolicy(GitLabOptions options) {
    this.options = options;
    this.outages = new Outages("GitLab", options.apiBase(), "gitlab.apiUrl", options.maxRetries(), options.timeoutMs());
  }

  @Override
  public Decision afterResponse(int attempt, boolean write, int status, MultiMap headers, Buffer body, long nowMs, String what) {
    if (status == 429) {
      Long wait = ForgeHttp.retryAfterMs(headers.get("retry-after"), nowMs);
      if (wait == null) {
        long reset = ForgeHttp.parseLong(headers.get("ratelimit-reset")) * 1000L;
        wait = reset > 0 ? Math.max(0, reset - nowMs) : options.retryBaseDelayMs() << Math.min(attempt, 20);
      }
      if (wait > options.maxRateLimitWaitMs() || attempt >= options.maxRetries()) {
        return Decision.fail(ToolException.busy("GitLab is rate limiting requests (HTTP 429) for " + what + "; it asks to wait "
          + (wait + 999) / 1000 + " s (until " + Instant.ofEpochMilli(nowMs + wait) + "). Try again after that, or ask for "
          + "less (include_diffs=false, include globs, a smaller top)."));
      }
      return Decision.retry(wait, "GitLab asks to wait " + (wait + 999) / 1000 + " s (rate limit)");
    }
    if (status >= 500) {
      return outages.afterServerError(attempt, write, status, what, backoff(attempt));
    }
    return Decision.deliver();
  }

  @Override
  public Decision afterNetworkError(int attempt, boolean write, boolean timedOut, String what) {
    return outages.afterNetworkError(attempt, write, timedOut, what, backoff(attempt));
  }

  private long backoff(int attempt) {
    long n = attempt + 1L;
    return options.retryBaseDelayMs() * n * n;
  }
}
