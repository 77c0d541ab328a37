package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The token is used (the fake sees it) but never appears in a result, an error, or any log record at any level,
 * through successes, GitHub refusals, retries, rate limits and network failures.
 */
class TokenSecrecyTest extends ToolTestBase {

  private final List<String> logged = new ArrayList<>();
  private final Handler capture = new Handler() {
    private final SimpleFormatter formatter = new SimpleFormatter();

    @Override
    public void publish(LogRecord record) {
      StringBuilder text = new StringBuilder(formatter.format(record)).append(record.getMessage());
      if (record.getParameters() != null) {
        for (Object p : record.getParameters()) {
          text.append(' ').append(p);
        }
      }
      if (record.getThrown() != null) {
        StringWriter trace = new StringWriter();
        record.getThrown().printStackTrace(new PrintWriter(trace));
        text.append(trace);
      }
      synchronized (logged) {
        logged.add(text.toString());
      }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
  };
  private final Logger root = Logger.getLogger("");
  private Level rootLevel;

  @BeforeEach
  void captureEverything() {
    rootLevel = root.getLevel();
    root.setLevel(Level.ALL);
    Logger.getLogger("dev.reviewgate").setLevel(Level.ALL);
    capture.setLevel(Level.ALL);
    root.addHandler(capture);
  }

  @AfterEach
  void release() {
    root.removeHandler(capture);
    root.setLevel(rootLevel);
    Logger.getLogger("dev.reviewgate").setLevel(null);
  }

  @Test
  void theTokenNeverLeaves(Vertx vertx) {
    String hub = "/repos/hub4j-test-org/github-api";
    gh.fake.on("GET", hub + "/pulls/309").reply(FakeGitHub.Reply.json(502, "{\"message\":\"Server Error\"}"),
      Fixtures.hub4j("GHPullRequestTest__mergeCommitSHA", "7-r_h_g_pulls_309.json"));
    gh.fake.on("PUT", hub + "/pulls/309/merge").reply(Fixtures.openapi("pulls__merge", "405"));
    gh.fake.on("GET", hub + "/pulls/1").reply(FakeGitHub.Reply.json(401, "{\"message\":\"Bad credentials\"}"));
    gh.fake.on("GET", hub + "/pulls/2").reply(FakeGitHub.Reply.hangUp());
    gh.fake.on("GET", hub + "/pulls/3").reply(Fixtures.hub4j("RateLimitHandlerTest__testHandler_Wait", "2-r_h_t_Wait.json")
      .withHeader("X-RateLimit-Reset", String.valueOf(System.currentTimeMillis() / 1000 + 7200)));
    gh.fake.on("POST", "/graphql").reply(Fixtures.hub4j("GHPullRequestTest__enablePullRequestAutoMergeFailure", "5-graphql.json"));
    gh.fake.on("GET", hub + "/pulls/486").reply(Fixtures.hub4jFile("GHPullRequestTest__markReadyForReview", "6-r_h_g_pulls_486.json", 200));

    List<String> answers = new ArrayList<>();
    JsonObject repo = new JsonObject().put("owner", "hub4j-test-org").put("repo", "github-api");
    answers.add(outcome(gh.call(Addresses.GITHUB_PR_GET, repo.copy().put("pr_number", 309))));
    answers.add(outcome(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, repo.copy().put("pr_number", 309).put("action", "merge"))));
    answers.add(outcome(gh.call(Addresses.GITHUB_PR_GET, repo.copy().put("pr_number", 1))));
    answers.add(outcome(gh.call(Addresses.GITHUB_PR_DIFF, repo.copy().put("pr_number", 2))));
    answers.add(outcome(gh.call(Addresses.GITHUB_PR_LIST, repo.copy().put("include_status", false))));
    answers.add(outcome(gh.call(Addresses.GITHUB_PR_GET, repo.copy().put("pr_number", 3))));
    answers.add(outcome(gh.call(Addresses.GITHUB_PR_UPDATE_STATE, repo.copy().put("pr_number", 486).put("action", "convert_to_draft"))));
    answers.add(gh.options.toString());

    assertThat(gh.fake.received()).isNotEmpty()
      .allSatisfy(r -> assertThat(r.headers().get("Authorization")).isEqualTo("Bearer " + GitHubHarness.TOKEN));
    assertThat(answers).hasSize(8).allSatisfy(a -> assertThat(a).isNotBlank().doesNotContain(GitHubHarness.TOKEN));
    assertThat(answers.get(2)).contains("401").contains("Bad credentials");
    synchronized (logged) {
      assertThat(logged).isNotEmpty().allSatisfy(line -> assertThat(line).doesNotContain(GitHubHarness.TOKEN));
    }
  }

  private static String outcome(Future<JsonObject> call) {
    try {
      return Await.result(call).encode();
    } catch (RuntimeException e) {
      return e.toString();
    }
  }
}
