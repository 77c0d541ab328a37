package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.github.GitHubBackendOptions;
import dev.reviewgate.github.GitHubVerticle;
import dev.reviewgate.review.ReviewOptions;
import dev.reviewgate.review.ReviewVerticle;
import dev.reviewgate.review.TempRepo;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The synthetic review loop publishes its outcome: a person's thread and verdict, recorded by the review backend, are
 * posted to the matching pull request on the fake GitHub (real HTTP on loopback) through pr_review, which checks
 * every anchor against the pull request's diff first.
 */
@Timeout(60)
class ReviewPublishTest {

  private static final String REPO = "/repos/octo/shop";

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;
  private Vertx vertx;
  private FakeGitHub github;
  private String base;
  private String head;

  @BeforeEach
  void start() throws Exception {
    String[] shas = new TempRepo(repoDir).greetingChange();
    base = shas[0];
    head = shas[1];
    vertx = Vertx.vertx();
    github = await(FakeGitHub.start(vertx));
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
      .put("github", new JsonObject().put("apiUrl", github.url()).put("tokenEnv", "TEST_GH_TOKEN").put("writeSpacingMs", 0))
      .put("review", new JsonObject().put("storageDir", storeDir.toString())));
    await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, repoDir), ToolCatalog.standard())));
    await(vertx.deployVerticle(new ReviewVerticle(ReviewOptions.from(config, repoDir), ToolCatalog.standard())));
    Map<String, String> env = Map.of("TEST_GH_TOKEN", "ghp_test");
    await(vertx.deployVerticle(new GitHubVerticle(GitHubBackendOptions.from(config, env::get, Path.of("/")), ToolCatalog.standard())));
    await(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(config), ToolCatalog.standard())));
    String diff = new TempRepo(repoDir).git("diff", base, head);
    FakePullRequest.reviewable(github, REPO, 5, base, head, diff, "{\"id\": 7, \"html_url\": \"https://github.com/r\"}");
  }

  @AfterEach
  void stop() throws Exception {
    Stop.all(github, vertx);
  }

  @Test
  void aCompletedReviewIsPostedWithThePersonsThreadsAndVerdict() throws Exception {
    String id = call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "Greet by name").put("commit_range", base + ".." + head)
      .put("wait", false)).getString("review_id");
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("file", "src/App.java").put("line", 9).put("side", "new")
      .put("body", "Should the name come from the configuration?"));
    JsonObject publishArgs = new JsonObject().put("review_id", id).put("owner", "octo").put("repo", "shop").put("pr_number", 5);
    ToolException early = failure(Addresses.REVIEW_PUBLISH, publishArgs);
    assertThat(early.code()).isEqualTo(409);
    assertThat(early.getMessage()).contains("not complete yet");
    call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "request_changes").put("notes", "Read it from config."));

    JsonObject published = call(Addresses.REVIEW_PUBLISH, publishArgs);
    assertThat(published.getBoolean("posted")).isTrue();
    assertThat(published.getString("verdict")).isEqualTo("request_changes");
    assertThat(published.getInteger("published_comments")).isEqualTo(1);
    JsonObject sent = new JsonObject(github.received("POST", REPO + "/pulls/5/reviews").get(0).body());
    assertThat(sent.getString("event")).isEqualTo("REQUEST_CHANGES");
    assertThat(sent.getString("commit_id")).isEqualTo(head);
    assertThat(sent.getString("body")).startsWith("Read it from config.");
    JsonObject comment = sent.getJsonArray("comments").getJsonObject(0);
    assertThat(comment.getString("path")).isEqualTo("src/App.java");
    assertThat(comment.getInteger("line")).isEqualTo(9);
    assertThat(comment.getString("side")).isEqualTo("RIGHT");
    assertThat(comment.getString("body")).isEqualTo("Should the name come from the configuration?");
  }

  private JsonObject call(String address, JsonObject args) throws Exception {
    return await(BusRequests.request(vertx.eventBus(), address, args, Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(30_000))));
  }

  private ToolException failure(String address, JsonObject args) throws Exception {
    try {
      call(address, args);
      throw new AssertionError("expected a failure from " + address);
    } catch (ToolException e) {
      return e;
    }
  }

  private static <T> T await(Future<T> future) throws Exception {
    try {
      return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }
}
