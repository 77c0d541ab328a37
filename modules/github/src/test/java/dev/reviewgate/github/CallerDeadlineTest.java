package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Read tools over the bus never wait past their caller's bus timeout ({@code requestTimeoutMs}, or the tool's
 * {@code mcp.toolTimeoutsMs} entry): a wait GitHub asks for that would end later fails at once with 429 naming when
 * to come back, while one that ends in time is waited out. {@code github.maxRateLimitWaitMs} is the shipped minute
 * here, so the caller's deadline is what decides.
 */
class CallerDeadlineTest extends ToolTestBase {

  private static final long PATIENCE_MS = 5_000;
  private static final long LIST_PATIENCE_MS = 2_000;
  private static final String G3 = "/repos/sigmavirus24/github3.py";
  private static final String RATE_LIMITED = "RateLimitHandlerTest__testHandler_Wait";

  @Override
  protected JsonObject overrides() {
    return new JsonObject().put("maxRateLimitWaitMs", 60_000).put("secondaryMinWaitMs", 60_000);
  }

  @Override
  protected JsonObject topLevel() {
    return new JsonObject().put("requestTimeoutMs", PATIENCE_MS)
      .put("mcp", new JsonObject().put("toolTimeoutsMs", new JsonObject().put("github_list_pull_requests", LIST_PATIENCE_MS)));
  }

  private static JsonObject pr873() {
    return new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py").put("pr_number", 873);
  }

  @Test
  void aReadWhosePrimaryLimitResetsAfterTheDeadlineFailsAtOnceNamingTheReset() {
    long reset = System.currentTimeMillis() / 1000 + 40;
    gh.fake.on("GET", G3 + "/pulls/873").reply(
      Fixtures.hub4j(RATE_LIMITED, "2-r_h_t_Wait.json").withHeader("X-RateLimit-Reset", String.valueOf(reset)),
      Fixtures.github3py("PullRequest_create_review_requests", 0));

    long start = System.nanoTime();
    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_GET, pr873(), PATIENCE_MS));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;

    assertThat(failure.code()).isEqualTo(429);
    assertThat(failure.getMessage()).contains("rate limit").contains(Instant.ofEpochSecond(reset).toString())
      .contains("nothing was changed").contains("Try again after " + Instant.ofEpochSecond(reset));
    assertThat(elapsedMs).as("answered well before the %d ms deadline", PATIENCE_MS).isLessThan(PATIENCE_MS / 2);
    assertThat(gh.fake.received()).hasSize(1);
  }

  @Test
  void aReadWhosePrimaryLimitResetsWithinTheDeadlineWaitsAndSucceeds() {
    // As recorded: the limit resets 3 s after the answer (rounded down to the second), within the 5 s deadline.
    gh.fake.on("GET", G3 + "/pulls/873").reply(Fixtures.hub4j(RATE_LIMITED, "2-r_h_t_Wait.json"),
      Fixtures.github3py("PullRequest_create_review_requests", 0));

    long start = System.nanoTime();
    JsonObject pr = Await.result(gh.call(Addresses.GITHUB_PR_GET, pr873(), PATIENCE_MS));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;

    assertThat(pr.getInteger("number")).isEqualTo(873);
    assertThat(elapsedMs).as("waited for the reset").isGreaterThanOrEqualTo(1_000);
    assertThat(gh.fake.received().stream().filter(r -> r.uri().equals(G3 + "/pulls/873"))).hasSize(2);
  }

  @Test
  void aToolsOwnTimeoutIsItsDeadline() {
    // 10 s of Retry-After fits the 5 s requestTimeoutMs of no tool, and the list tool's own 2 s even less.
    String list = G3 + "/pulls?state=open&sort=created&direction=desc&per_page=100";
    gh.fake.on("GET", list).reply(FakeGitHub.Reply.json(429, "{\"message\":\"You have exceeded a secondary rate limit.\"}")
      .withHeader("Retry-After", "10"));

    long start = System.nanoTime();
    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_LIST,
      new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py"), LIST_PATIENCE_MS));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;

    assertThat(failure.code()).isEqualTo(429);
    assertThat(failure.getMessage()).contains("wait 10 s").contains("nothing was changed").contains("Try again after");
    assertThat(elapsedMs).isLessThan(LIST_PATIENCE_MS / 2);
  }

  @Test
  void aBackoffAfterAServerErrorThatWouldOutliveTheCallerFailsAtOnce() {
    restartWithBackoff(6_000);
    gh.fake.on("GET", G3 + "/pulls/873").reply(FakeGitHub.Reply.json(502, "{\"message\":\"Server Error\"}"));

    long start = System.nanoTime();
    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_GET, pr873(), PATIENCE_MS));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;

    // The first backoff would be 6 s, past the 5 s deadline: no second try.
    assertThat(failure.code()).isEqualTo(429);
    assertThat(failure.getMessage()).contains("HTTP 502").contains("nothing was changed");
    assertThat(elapsedMs).isLessThan(PATIENCE_MS / 2);
    assertThat(gh.fake.received()).hasSize(1);
  }

  private void restartWithBackoff(long baseDelayMs) {
    Await.result(gh.stop());
    gh = Await.result(GitHubHarness.start(gh.vertx, overrides().put("retryBaseDelayMs", baseDelayMs), true, java.nio.file.Path.of("/"),
      topLevel()));
  }
}
