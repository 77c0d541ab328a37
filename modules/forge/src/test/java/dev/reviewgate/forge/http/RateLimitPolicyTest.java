package dev.reviewgate.forge.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The rate-limit rule Azure DevOps and GitLab share (and GitHub's secondary limit): its waits, exactly, and its failures. */
class RateLimitPolicyTest {

  private static final String WHAT = "GET /projects/7/merge_requests/3/diffs";
  private static final RateLimitPolicy.Signals SIGNALS = new RateLimitPolicy.Signals("rate limit", "ratelimit-reset",
    "x-ratelimit-resource", "ask for less");

  /** The gitlab section's defaults: 3 retries, 500 ms base, 30 s longest rate-limit wait. */
  private final ForgeHttpOptions http = ForgeHttpOptions.from("gitlab", ReviewgateConfig.defaults().section("gitlab"));
  private final RateLimitPolicy policy = new RateLimitPolicy(new ForgeSite("GitLab", "https://gitlab.example/api/v4",
    "gitlab.apiUrl"), http, SIGNALS);
  private final long now = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();

  private static MultiMap headers(String... nameValues) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    for (int i = 0; i < nameValues.length; i += 2) {
      headers.add(nameValues[i], nameValues[i + 1]);
    }
    return headers;
  }

  private Decision after(int attempt, int status, MultiMap headers) {
    return policy.afterResponse(attempt, false, status, headers, Buffer.buffer(), now, WHAT);
  }

  @Test
  void a429WithRetryAfterWaitsExactlyThatLong() {
    Decision seconds = after(0, 429, headers("Retry-After", "7"));
    assertThat(seconds.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(seconds.waitMs()).isEqualTo(7_000);
    assertThat(seconds.why()).isEqualTo("GitLab asks to wait 7 s (rate limit)");
    Decision date = after(0, 429, headers("Retry-After", "Tue, 01 Dec 2026 10:00:12 GMT", "RateLimit-Reset",
      Long.toString(now / 1000 + 25)));
    assertThat(date.waitMs()).as("Retry-After wins over the reset header").isEqualTo(12_000);
  }

  @Test
  void withoutRetryAfterTheResetHeaderSaysUntilWhen() {
    Decision d = after(1, 429, headers("RateLimit-Reset", Long.toString(now / 1000 + 20)));
    assertThat(d.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(d.waitMs()).isEqualTo(20_000);
  }

  @Test
  void withNeitherHeaderTheFirstWaitIsTheBaseDoubledPerAttempt() {
    assertThat(after(0, 429, headers()).waitMs()).isEqualTo(500);
    assertThat(after(1, 429, headers()).waitMs()).isEqualTo(1_000);
    assertThat(after(2, 429, headers()).waitMs()).isEqualTo(2_000);
  }

  @Test
  void aWaitBeyondMaxRateLimitWaitMsIsABusyErrorNamingTheForgeAndWhenToComeBack() {
    Decision d = after(0, 429, headers("Retry-After", "31", "X-RateLimit-Resource", "ATCPU"));
    assertThat(d.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(d.failure().code()).isEqualTo(429);
    assertThat(d.failure().getMessage())
      .startsWith("GitLab is limiting requests (rate limit, HTTP 429, ATCPU) for " + WHAT)
      .contains("wait 31 s", Instant.ofEpochMilli(now + 31_000).toString(), "ask for less");
  }

  @Test
  void theLastAttemptFailsEvenWithAShortWait() {
    Decision d = after(http.maxRetries(), 429, headers("Retry-After", "1"));
    assertThat(d.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(d.failure().code()).isEqualTo(429);
  }

  @Test
  void a503WithRetryAfterIsALimitAndWithoutItAnOutage() {
    assertThat(after(0, 503, headers("Retry-After", "3")).waitMs()).isEqualTo(3_000);
    Decision outage = after(0, 503, headers());
    assertThat(outage.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(outage.why()).contains("HTTP 503");
  }

  @Test
  void otherAnswersAreTheCallers() {
    for (int status : new int[] {400, 401, 403, 404, 409, 422}) {
      assertThat(after(0, status, headers("Retry-After", "3")).kind()).as("HTTP %d", status).isEqualTo(Decision.Kind.DELIVER);
    }
  }
}
