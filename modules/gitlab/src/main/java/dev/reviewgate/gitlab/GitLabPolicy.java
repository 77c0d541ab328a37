package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.http.Decision;
import dev.reviewgate.forge.http.ForgeHttp;
import dev.reviewgate.forge.http.OutagePolicy;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;

/**
 * GitLab's rules for another try: a rate limit (429) waits for {@code Retry-After} (else {@code RateLimit-Reset},
 * epoch seconds) when that is within {@code maxRateLimitWaitMs}; 5xx and network errors follow {@link OutagePolicy},
 * the rule every forge shares; everything else is the caller's answer.
 */
final class GitLabPolicy extends OutagePolicy {

  private final GitLabOptions options;

  GitLabPolicy(GitLabOptions options) {
    super("GitLab", options.apiBase(), "gitlab.apiUrl", options.maxRetries(), options.timeoutMs(), options.retryBaseDelayMs());
    this.options = options;
  }

  @Override
  public Decision afterResponse(int attempt, boolean write, int status, MultiMap headers, Buffer body, long nowMs, String what) {
    if (status == 429) {
      Long wait = ForgeHttp.retryAfterMs(headers.get("retry-after"), nowMs);
      if (wait == null) {
        long reset = ForgeHttp.parseLong(headers.get("ratelimit-reset")) * 1000L;
        wait = reset > 0 ? Math.max(0, reset - nowMs) : options.retryBaseDelayMs() << Math.min(attempt, 20);
      }
      if (wait > options.maxRateLimitWaitMs() || attempt >= maxRetries()) {
        return Decision.fail(ToolException.busy("GitLab is rate limiting requests (HTTP 429) for " + what + "; it asks to wait "
          + (wait + 999) / 1000 + " s (until " + Instant.ofEpochMilli(nowMs + wait) + "). Try again after that, or ask for "
          + "less (include_diffs=false, include globs, a smaller top)."));
      }
      return Decision.retry(wait, "GitLab asks to wait " + (wait + 999) / 1000 + " s (rate limit)");
    }
    if (status >= 500) {
      return afterServerError(attempt, write, status, what);
    }
    return Decision.deliver();
  }
}
