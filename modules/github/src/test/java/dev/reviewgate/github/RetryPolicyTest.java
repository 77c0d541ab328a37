package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.forge.http.Decision;
import dev.reviewgate.forge.http.NetworkFailure;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The computed waits, with the shipped defaults and header values as GitHub recorded them. */
class RetryPolicyTest {

  private static final String WHAT = "GET /repos/o/r";
  private final GitHubOptions options = GitHubOptions.from(ReviewgateConfig.defaults().section("github"), Map.<String, String>of()::get);
  private final RetryPolicy policy = new RetryPolicy(options);
  // Date of the recorded secondary-limit answer: Thu, 06 Feb 2020 18:33:37 GMT
  private final long now = ZonedDateTime.parse("Thu, 06 Feb 2020 18:33:37 GMT", DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();

  private static MultiMap headers(String... nameValues) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    for (int i = 0; i < nameValues.length; i += 2) {
      headers.add(nameValues[i], nameValues[i + 1]);
    }
    return headers;
  }

  @Test
  void serverErrorsBackOffOneFourNineSecondsThenGiveUp() {
    assertThat(policy.afterMessage(0, false, 502, headers(), null, now, WHAT).waitMs()).isEqualTo(1_000);
    assertThat(policy.afterMessage(1, false, 503, headers(), null, now, WHAT).waitMs()).isEqualTo(4_000);
    assertThat(policy.afterMessage(2, false, 500, headers(), null, now, WHAT).waitMs()).isEqualTo(9_000);
    Decision last = policy.afterMessage(3, false, 500, headers(), null, now, WHAT);
    assertThat(last.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(last.failure().code()).isEqualTo(502);
  }

  @Test
  void answersThatARetryCannotChangeAreDelivered() {
    for (int status : new int[] {400, 401, 403, 404, 410, 422, 451}) {
      assertThat(policy.afterMessage(0, false, status, headers("x-ratelimit-remaining", "4000"), "Must have push access to repository",
        now, WHAT).kind()).as("HTTP " + status).isEqualTo(Decision.Kind.DELIVER);
    }
  }

  @Test
  void retryAfterInSecondsAsRecorded() {
    Decision d = policy.afterMessage(0, false, 429, headers("Retry-After", "8"),
      "You have exceeded a secondary rate limit. Please wait a few minutes before you try again", now, WHAT);
    assertThat(d.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(d.waitMs()).isEqualTo(8_000);
  }

  @Test
  void retryAfterAsAnHttpDateAsRecorded() {
    Decision d = policy.afterMessage(0, false, 429, headers("Retry-After", "Thu, 06 Feb 2020 18:33:45 GMT"), null, now, WHAT);
    assertThat(d.waitMs()).isEqualTo(8_000);
  }

  @Test
  void aForbiddenWithRetryAfterIsASecondaryLimit() {
    Decision d = policy.afterMessage(0, false, 403, headers("Retry-After", "2", "X-RateLimit-Remaining", "4000"),
      "Must have push access to repository", now, WHAT);
    assertThat(d.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(d.waitMs()).isEqualTo(2_000);
  }

  @Test
  void aSecondaryLimitNamedOnlyInTheMessageIsRecognised() {
    Decision d = policy.afterMessage(0, false, 403, headers(),
      "You have exceeded a secondary rate limit. Please wait a few minutes before you try again", now, WHAT);
    assertThat(d.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(d.waitMs()).isEqualTo(60_000);
  }

  @Test
  void withoutRetryAfterTheWaitIsAtLeastAMinuteThenDoublesAndIsBounded() {
    assertThat(policy.afterMessage(0, false, 429, headers(), null, now, WHAT).waitMs()).isEqualTo(60_000);
    GitHubOptions patient = GitHubOptions.from(ReviewgateConfig.defaults().section("github").copy().put("maxRateLimitWaitMs", 600_000),
      Map.<String, String>of()::get);
    RetryPolicy longer = new RetryPolicy(patient);
    assertThat(longer.afterMessage(1, false, 429, headers(), null, now, WHAT).waitMs()).isEqualTo(120_000);
    assertThat(longer.afterMessage(2, false, 429, headers(), null, now, WHAT).waitMs()).isEqualTo(240_000);
    assertThat(longer.afterMessage(3, false, 429, headers(), null, now, WHAT).kind()).isEqualTo(Decision.Kind.FAIL);
    // With the default maximum of one minute, the second wait is already too long: fail with the time to come back.
    Decision d = policy.afterMessage(1, false, 429, headers(), null, now, WHAT);
    assertThat(d.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(d.failure().code()).isEqualTo(429);
    assertThat(d.failure().getMessage()).contains("120 s").contains(Instant.ofEpochMilli(now + 120_000).toString());
  }

  @Test
  void primaryLimitWaitsExactlyUntilTheResetOrFailsFastNamingIt() {
    long resetSeconds = now / 1000 + 30;
    Decision wait = policy.afterMessage(0, false, 403, headers("X-RateLimit-Remaining", "0", "X-RateLimit-Reset",
      String.valueOf(resetSeconds), "X-RateLimit-Limit", "5000"), "API rate limit exceeded", now, WHAT);
    assertThat(wait.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(wait.waitMs()).isEqualTo(resetSeconds * 1000 - now);

    long later = now / 1000 + 3600;
    Decision fail = policy.afterMessage(0, false, 429, headers("x-ratelimit-remaining", "0", "x-ratelimit-reset",
      String.valueOf(later)), null, now, WHAT);
    assertThat(fail.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(fail.failure().getMessage()).contains(Instant.ofEpochSecond(later).toString()).contains("GITHUB_TOKEN");
  }

  @Test
  void networkErrorsRetryReadsButNeverWrites() {
    assertThat(policy.afterNetworkError(0, false, NetworkFailure.BROKEN, WHAT).waitMs()).isEqualTo(1_000);
    assertThat(policy.afterNetworkError(3, false, NetworkFailure.TIMED_OUT, WHAT).failure().code()).isEqualTo(504);
    Decision write = policy.afterNetworkError(0, true, NetworkFailure.BROKEN, "PUT /repos/o/r/pulls/1/merge");
    assertThat(write.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(write.failure().getMessage()).contains("may or may not have been applied");
  }

  @Test
  void unreadableRetryAfterFallsBackToTheMinimum() {
    assertThat(RetryPolicy.retryAfterMs("soon", now)).isNull();
    assertThat(RetryPolicy.retryAfterMs(null, now)).isNull();
    assertThat(new JsonObject().put("w", policy.afterMessage(0, false, 429, headers("Retry-After", "soon"), null, now, WHAT).waitMs())
      .getLong("w")).isEqualTo(60_000);
  }

  @Test
  void anUnreachableGitHubGetsOneQuickRetryForAReadAndNoneForAWrite() {
    Decision first = policy.afterNetworkError(0, false, NetworkFailure.UNREACHABLE, WHAT);
    assertThat(first.kind()).isEqualTo(Decision.Kind.RETRY);
    assertThat(first.waitMs()).isLessThanOrEqualTo(200);
    Decision second = policy.afterNetworkError(1, false, NetworkFailure.UNREACHABLE, WHAT);
    assertThat(second.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(second.failure().getMessage()).contains("could not reach GitHub", "2 attempts", "github.apiUrl");
    Decision write = policy.afterNetworkError(0, true, NetworkFailure.UNREACHABLE, "POST /repos/o/r/pulls/1/reviews");
    assertThat(write.kind()).isEqualTo(Decision.Kind.FAIL);
    assertThat(write.failure().getMessage()).contains("nothing was sent");
  }
}
