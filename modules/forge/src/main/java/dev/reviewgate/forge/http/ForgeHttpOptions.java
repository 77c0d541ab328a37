package dev.reviewgate.forge.http;

import io.vertx.core.json.JsonObject;

/**
 * The HTTP settings every forge section ({@code github}, {@code ado}, {@code gitlab}) declares, read and checked in one
 * place. Every default lives in {@code config/reviewgate.json}.
 *
 * @param timeoutMs          per-request timeout (and connect timeout)
 * @param maxRetries         retries after 5xx, network errors and rate limits
 * @param retryBaseDelayMs   backoff unit for 5xx and network errors: waits are base × attempt² (and the first wait of
 *                           a rate limit that names no time, doubled per attempt)
 * @param maxRateLimitWaitMs longest wait for a rate-limit reset or {@code Retry-After}; beyond it the call fails fast
 * @param maxConcurrentReads reads in flight at once
 * @param etagCacheEntries   conditional-request cache size (entries)
 * @param etagCacheMaxBytes  conditional-request cache size (bytes of bodies)
 */
public record ForgeHttpOptions(long timeoutMs, int maxRetries, long retryBaseDelayMs, long maxRateLimitWaitMs,
                               int maxConcurrentReads, int etagCacheEntries, long etagCacheMaxBytes) {

  /**
   * @param sectionName the section's name in error texts, e.g. {@code gitlab}
   * @throws IllegalArgumentException naming the key when one is missing, not a whole number, or out of range
   */
  public static ForgeHttpOptions from(String sectionName, JsonObject section) {
    ConfigNumbers numbers = new ConfigNumbers(sectionName, section);
    return new ForgeHttpOptions(numbers.longAtLeast("timeoutMs", 1), numbers.intAtLeast("maxRetries", 0),
      numbers.longAtLeast("retryBaseDelayMs", 0), numbers.longAtLeast("maxRateLimitWaitMs", 0),
      numbers.intAtLeast("maxConcurrentReads", 1), numbers.intAtLeast("etagCacheEntries", 0),
      numbers.longAtLeast("etagCacheMaxBytes", 0));
  }
}
