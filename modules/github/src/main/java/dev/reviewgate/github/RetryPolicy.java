package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.http.Decision;
import dev.reviewgate.forge.http.ForgeHttp;
import dev.reviewgate.forge.http.ForgeSite;
import dev.reviewgate.forge.http.OutagePolicy;
import dev.reviewgate.forge.http.RateLimitPolicy;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;
import java.util.Locale;

/**
 * GitHub's rules for another try, modelled on octokit's retry and throttling plugins:
 * <ul>
 *   <li>primary rate limit (403/429 with {@code x-ratelimit-remaining: 0}): wait until {@code x-ratelimit-reset}
 *       when that is within {@code maxRateLimitWaitMs}, else fail at once naming the reset time;</li>
 *   <li>secondary rate limit (403/429 with {@code retry-after}, or a message saying so, or any other 429): the rule
 *       every forge shares ({@link RateLimitPolicy}), with {@code secondaryMinWaitMs} as the first wait without
 *       {@code retry-after};</li>
 *   <li>5xx and network errors: {@link OutagePolicy};</li>
 *   <li>anything else (400, 401, plain 403, 404, 410, 422, …) is the caller's answer: never retried.</li>
 * </ul>
 */
public final class RetryPolicy extends RateLimitPolicy {

  private static final Signals SECONDARY = new Signals("secondary rate limit", null, null, "slow down");

  private final GitHubOptions options;

  public RetryPolicy(GitHubOptions options) {
    super(new ForgeSite("GitHub", options.apiUrl(), "github.apiUrl"), options.http(), SECONDARY, options.secondaryMinWaitMs());
    this.options = options;
  }

  @Override
  public Decision afterResponse(int attempt, boolean write, int status, MultiMap headers, Buffer body, long nowMs, String what) {
    return afterMessage(attempt, write, status, headers, GitHubResponse.message(body), nowMs, what);
  }

  /**
   * @param attempt retries already made for this request (0 after the first attempt)
   * @param write whether the request changes state on GitHub
   * @param what the request for messages, e.g. {@code GET /repos/o/r/pulls/1} (never carries the token)
   * @param message GitHub's {@code message} field, or {@code null}
   */
  public Decision afterMessage(int attempt, boolean write, int status, MultiMap headers, String message, long nowMs, String what) {
    if (status == 403 || status == 429) {
      if ("0".equals(headers.get("x-ratelimit-remaining"))) {
        return primaryLimit(attempt, headers, nowMs, what);
      }
      if (status == 429 || headers.get("retry-after") != null || mentionsSecondaryLimit(message)) {
        return limited(attempt, status, headers, nowMs, what);
      }
      return Decision.deliver();
    }
    if (status >= 500) {
      return afterServerError(attempt, write, status, what);
    }
    return Decision.deliver();
  }

  private Decision primaryLimit(int attempt, MultiMap headers, long nowMs, String what) {
    long resetMs = ForgeHttp.parseLong(headers.get("x-ratelimit-reset")) * 1000L;
    long waitMs = resetMs > 0 ? resetMs - nowMs : options.secondaryMinWaitMs();
    String limit = "GitHub API rate limit exhausted" + (headers.get("x-ratelimit-limit") == null ? ""
      : " (" + headers.get("x-ratelimit-limit") + " requests/hour)");
    if (waitMs > http.maxRateLimitWaitMs() || attempt >= http.maxRetries()) {
      String resetText = resetMs > 0 ? Instant.ofEpochMilli(resetMs) + " (in " + Math.max(0, (waitMs + 999) / 1000) + " s)" : "an unknown time";
      return Decision.fail(ToolException.busy(limit + " for " + what + "; it resets at " + resetText + ". Try again after that"
        + (options.hasToken() ? "." : ", or set a token (GITHUB_TOKEN) for a much higher limit.")));
    }
    return Decision.retry(waitMs, resetMs > 0 ? limit + "; it resets at " + Instant.ofEpochMilli(resetMs) : limit);
  }

  static Long retryAfterMs(String value, long nowMs) {
    return ForgeHttp.retryAfterMs(value, nowMs);
  }

  private static boolean mentionsSecondaryLimit(String message) {
    if (message == null) {
      return false;
    }
    String m = message.toLowerCase(Locale.ROOT);
    return m.contains("secondary rate limit") || m.contains("abuse");
  }
}
