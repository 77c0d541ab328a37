package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client's fault handling against the fake GitHub: retries, rate limits, conditional requests, timeouts, bounds. */
@ExtendWith(VertxExtension.class)
@Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
class GitHubClientTest {

  private static final String REPO = "/repos/hub4j-test-org/temp-testHandler_Wait";
  private static final String PR = "/repos/sigmavirus24/github3.py/pulls/235";

  private Vertx vertx;
  private FakeGitHub fake;
  private GitHubClient client;

  @BeforeEach
  void start(Vertx vertx) {
    this.vertx = vertx;
    fake = Await.result(FakeGitHub.start(vertx));
    client = client(new JsonObject());
  }

  @AfterEach
  void stop() {
    client.close();
    Await.result(fake.stop());
  }

  private GitHubClient client(JsonObject overrides) {
    return client(overrides, Long.MAX_VALUE);
  }

  /** @param patienceMs how long from now the caller waits ({@link GitHubClient#until(long)}) */
  private GitHubClient client(JsonObject overrides, long patienceMs) {
    if (client != null) {
      client.close();
    }
    GitHubClient shared = new GitHubClient(vertx, GitHubOptions.from(GitHubHarness.testSection(fake.url(), overrides),
      Map.of(GitHubHarness.TOKEN_ENV, GitHubHarness.TOKEN)::get));
    client = patienceMs == Long.MAX_VALUE ? shared : shared.until(System.currentTimeMillis() + patienceMs);
    return client;
  }

  private static FakeGitHub.Reply recordedPull() {
    return Fixtures.github3py("PullRequest_diff", 0);
  }

  @Test
  void serverErrorsAreRetriedWithBackoffUntilAnAnswer() {
    fake.on("GET", PR).reply(FakeGitHub.Reply.json(502, "{\"message\":\"Server Error\"}"),
      FakeGitHub.Reply.json(503, "{\"message\":\"Service Unavailable\"}"), recordedPull());

    GitHubResponse response = Await.result(client.get(PR, GitHubClient.JSON));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().getInteger("number")).isEqualTo(235);
    assertThat(fake.received()).hasSize(3);
  }

  @Test
  void serverErrorRetriesAreBounded() {
    fake.on("GET", PR).reply(FakeGitHub.Reply.json(500, "{\"message\":\"Server Error\"}"));
    ToolException failure = Await.failure(client.get(PR, GitHubClient.JSON));
    assertThat(failure.code()).isEqualTo(502);
    assertThat(failure.getMessage()).contains("HTTP 500").contains("4 attempts");
    assertThat(fake.received()).hasSize(1 + client.options().http().maxRetries());
  }

  @ParameterizedTest
  @ValueSource(ints = {400, 401, 403, 404, 410, 422})
  void clientErrorsAreAnsweredAtOnceNeverRetried(int status) {
    fake.on("GET", PR).reply(FakeGitHub.Reply.json(status, "{\"message\":\"refused\"}"));
    GitHubResponse response = Await.result(client.get(PR, GitHubClient.JSON));
    assertThat(response.status()).isEqualTo(status);
    assertThat(fake.received()).hasSize(1);
  }

  @Test
  void theRecordedNotFoundIsNotRetriedAndBecomesANotFound() {
    ToolException failure = Await.failure(client.getJson("/repos/o/r/pulls/1", "pull request o/r#1"));
    assertThat(failure.code()).isEqualTo(404);
    assertThat(failure.getMessage()).contains("pull request o/r#1 not found");
    assertThat(fake.received()).hasSize(1);
  }

  @Test
  void writesAreNotRetriedOnServerErrorsBecauseGitHubMayHaveAppliedThem() {
    fake.on("PUT", PR + "/merge").reply(FakeGitHub.Reply.json(502, "{\"message\":\"Server Error\"}"), Fixtures.openapi("pulls__merge", "200"));
    GitHubResponse response = Await.result(client.write(HttpMethod.PUT, PR + "/merge", new JsonObject(), "merge"));
    assertThat(response.status()).isEqualTo(502);
    assertThat(fake.received()).hasSize(1);
  }

  @Test
  void primaryRateLimitWaitsUntilTheReset() {
    long reset = Instant.now().getEpochSecond() + 1;
    // Recorded: reset 3 s ahead; here 1 s, so the test does not sleep longer than it must.
    fake.on("GET", REPO).reply(
      Fixtures.hub4j("RateLimitHandlerTest__testHandler_Wait", "2-r_h_t_Wait.json").withHeader("X-RateLimit-Reset", String.valueOf(reset)),
      Fixtures.hub4j("RateLimitHandlerTest__testHandler_Wait", "3-r_h_t_Wait.json"));

    GitHubResponse response = Await.result(client.get(REPO, GitHubClient.JSON));

    assertThat(response.status()).isEqualTo(200);
    assertThat(fake.received()).hasSize(2);
    assertThat(fake.received().get(1).atMs()).isGreaterThanOrEqualTo(reset * 1000 - 50);
  }

  @Test
  void primaryRateLimitFailsFastNamingTheResetWhenItIsTooFarAway() {
    long reset = Instant.now().getEpochSecond() + 3600;
    fake.on("GET", REPO).reply(
      Fixtures.hub4j("RateLimitHandlerTest__testHandler_Wait", "2-r_h_t_Wait.json").withHeader("X-RateLimit-Reset", String.valueOf(reset)));

    ToolException failure = Await.failure(client.get(REPO, GitHubClient.JSON));

    assertThat(failure.code()).isEqualTo(429);
    assertThat(failure.getMessage()).contains("rate limit exhausted").contains(Instant.ofEpochSecond(reset).toString()).contains("5000");
    assertThat(fake.received()).hasSize(1);
  }

  @Test
  void secondaryLimitWithRetryAfterSecondsIsHonoured() {
    // Recorded Retry-After: 2 (on a 403 that is not a primary limit); shortened to 1 s.
    fake.on("GET", REPO).reply(Fixtures.hub4j("AbuseLimitHandlerTest__testHandler_Wait", "2-r_h_t_fail.json").withHeader("Retry-After", "1"),
      Fixtures.hub4j("AbuseLimitHandlerTest__testHandler_Wait", "3-r_h_t_fail.json"));

    GitHubResponse response = Await.result(client.get(REPO, GitHubClient.JSON));

    assertThat(response.status()).isEqualTo(200);
    assertThat(fake.received().get(1).atMs() - fake.received().get(0).atMs()).isGreaterThanOrEqualTo(950);
  }

  @Test
  void secondaryLimitWithRetryAfterAsAnHttpDateIsHonoured() {
    String scenario = "AbuseLimitHandlerTest__testHandler_Wait_Secondary_Limits_Too_Many_Requests_Date_Retry_After";
    String path = "/repos/hub4j-test-org/temp-testHandler_Wait_Secondary_Limits_Too_Many_Requests_Date_Retry_After";
    Instant at = Instant.now().plusSeconds(2);
    fake.on("GET", path).reply(Fixtures.hub4j(scenario, "2-r_h_t_fail.json")
        .withHeader("Retry-After", DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC).format(at)),
      Fixtures.hub4j(scenario, "3-r_h_t_fail.json"));

    GitHubResponse response = Await.result(client.get(path, GitHubClient.JSON));

    assertThat(response.status()).isEqualTo(200);
    // The date has whole seconds: the retry comes no earlier than that second.
    assertThat(fake.received().get(1).atMs()).isGreaterThanOrEqualTo(at.getEpochSecond() * 1000 - 50);
  }

  @Test
  void secondaryLimitWithoutRetryAfterWaitsTheConfiguredMinimum() {
    String scenario = "AbuseLimitHandlerTest__testHandler_Wait_Secondary_Limits_Too_Many_Requests_No_Retry_After";
    String path = "/repos/hub4j-test-org/temp-testHandler_Wait_Secondary_Limits_Too_Many_Requests_No_Retry_After";
    client(new JsonObject().put("secondaryMinWaitMs", 300));
    fake.on("GET", path).reply(Fixtures.hub4j(scenario, "2-r_h_t_fail.json"), Fixtures.hub4j(scenario, "3-r_h_t_fail.json"));

    GitHubResponse response = Await.result(client.get(path, GitHubClient.JSON));

    assertThat(response.status()).isEqualTo(200);
    assertThat(fake.received().get(1).atMs() - fake.received().get(0).atMs()).isGreaterThanOrEqualTo(290);
  }

  @Test
  void secondaryLimitLongerThanTheMaximumWaitFailsFast() {
    // The recorded Retry-After: 8 (seconds), unchanged, against a 5 s maximum.
    String scenario = "AbuseLimitHandlerTest__testHandler_Wait_Secondary_Limits_Too_Many_Requests";
    String path = "/repos/hub4j-test-org/temp-testHandler_Wait_Secondary_Limits_Too_Many_Requests";
    fake.on("GET", path).reply(Fixtures.hub4j(scenario, "2-r_h_t_fail.json"));

    ToolException failure = Await.failure(client.get(path, GitHubClient.JSON));

    assertThat(failure.code()).isEqualTo(429);
    assertThat(failure.getMessage()).contains("secondary rate limit").contains("8 s");
    assertThat(fake.received()).hasSize(1);
  }

  @Test
  void anEtagIsSentBackAndA304ServesTheCachedBody() {
    FakeGitHub.Reply first = recordedPull();
    fake.on("GET", PR).reply(first, Fixtures.github3py("Branch_latest_sha", 2));

    GitHubResponse fresh = Await.result(client.get(PR, GitHubClient.JSON));
    GitHubResponse cached = Await.result(client.get(PR, GitHubClient.JSON));

    assertThat(fresh.fromCache()).isFalse();
    assertThat(cached.fromCache()).isTrue();
    assertThat(cached.status()).isEqualTo(200);
    assertThat(cached.body()).isEqualTo(fresh.body());
    assertThat(fake.received().get(0).headers().contains("If-None-Match")).isFalse();
    assertThat(fake.received().get(1).headers().get("If-None-Match")).isEqualTo(first.headers().get("etag"));
  }

  @Test
  void aDroppedConnectionIsRetried() {
    fake.on("GET", PR).reply(FakeGitHub.Reply.hangUp(), recordedPull());
    GitHubResponse response = Await.result(client.get(PR, GitHubClient.JSON));
    assertThat(response.status()).isEqualTo(200);
    assertThat(fake.received()).hasSize(2);
  }

  @Test
  void aSilentServerTimesOutBoundedly() {
    client(new JsonObject().put("timeoutMs", 200).put("maxRetries", 1));
    fake.on("GET", PR).reply(FakeGitHub.Reply.silence());

    ToolException failure = Await.failure(client.get(PR, GitHubClient.JSON));

    assertThat(failure.code()).isEqualTo(504);
    assertThat(failure.getMessage()).contains("did not answer within 200 ms");
    assertThat(fake.received()).hasSize(2);
  }

  @Test
  void writesAreSerialisedAndSpaced() {
    client(new JsonObject().put("writeSpacingMs", 200));
    fake.on("PUT", PR + "/merge").reply(Fixtures.openapi("pulls__merge", "200").delayed(100));

    List<Future<GitHubResponse>> writes = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      writes.add(client.write(HttpMethod.PUT, PR + "/merge", new JsonObject().put("n", i), "merge"));
    }
    Await.result(Future.all(writes));

    List<FakeGitHub.Received> received = fake.received();
    assertThat(fake.maxInFlight()).isEqualTo(1);
    for (int i = 1; i < received.size(); i++) {
      assertThat(new JsonObject(received.get(i).body()).getInteger("n")).isEqualTo(i);
      // the previous write took 100 ms to answer, then 200 ms of spacing
      assertThat(received.get(i).atMs() - received.get(i - 1).atMs()).isGreaterThanOrEqualTo(290);
    }
  }

  @Test
  void aWriteIsNeverSentAfterItsCallerStoppedWaiting() {
    client(new JsonObject(), 1_000);
    // A secondary limit asking for 3 s, longer than the 1 s the caller of this write waits.
    fake.on("PUT", PR + "/merge").reply(FakeGitHub.Reply.json(429, "{\"message\":\"You have exceeded a secondary rate limit.\"}")
      .withHeader("Retry-After", "3"), Fixtures.openapi("pulls__merge", "200"));

    ToolException failure = Await.failure(client.write(HttpMethod.PUT, PR + "/merge", new JsonObject(), "merge"));

    assertThat(failure.code()).isEqualTo(429);
    assertThat(failure.getMessage()).contains("wait 3 s").contains("nothing was changed");
    assertThat(fake.received()).hasSize(1);
  }

  @Test
  void aWriteQueuedBeyondItsCallersPatienceIsNotSent() {
    client(new JsonObject().put("writeSpacingMs", 1_500), 1_000);
    fake.on("PUT", PR + "/merge").reply(Fixtures.openapi("pulls__merge", "200"));

    Future<GitHubResponse> first = client.write(HttpMethod.PUT, PR + "/merge", new JsonObject(), "merge");
    Future<GitHubResponse> second = client.write(HttpMethod.PUT, PR + "/merge", new JsonObject(), "merge");

    assertThat(Await.result(first).status()).isEqualTo(200);
    assertThat(Await.failure(second).getMessage()).contains("not sent");
    assertThat(fake.received()).hasSize(1);
  }

  @Test
  void concurrentReadsAreBounded() {
    client(new JsonObject().put("maxConcurrentReads", 2));
    fake.on("GET", PR).reply(recordedPull().withoutHeader("etag").delayed(100));

    List<Future<GitHubResponse>> reads = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      reads.add(client.get(PR, GitHubClient.JSON));
    }
    Await.result(Future.all(reads));

    assertThat(fake.received()).hasSize(6);
    assertThat(fake.maxInFlight()).isEqualTo(2);
  }

  @Test
  void aPaginationLinkToAnotherHostIsNotFollowed() {
    fake.on("GET", "/repos/o/r/pulls?per_page=1").reply(FakeGitHub.Reply.json(200, "[{\"number\":1}]")
      .withHeader("link", "<https://elsewhere.example/steal?page=2>; rel=\"next\""));
    ToolException failure = Await.failure(client.getPages("/repos/o/r/pulls?per_page=1", GitHubEndpoints.PULLS, null, 10, 5, "pulls"));
    assertThat(failure.getMessage()).contains("refusing to follow");
    assertThat(fake.received()).hasSize(1);
  }
}
