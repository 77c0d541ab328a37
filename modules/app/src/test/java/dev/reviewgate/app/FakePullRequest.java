package dev.reviewgate.app;

import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;

/** The routes a fake GitHub needs for pr_review to post a review on one pull request between two commits. */
final class FakePullRequest {

  private FakePullRequest() {
  }

  /**
   * Serves pull request {@code number} of {@code repoPath} ({@code /repos/owner/name}) from {@code base} to
   * {@code head} with {@code diff}, no reviews yet, and answers a posted review with {@code postedReview}.
   */
  static void reviewable(FakeGitHub github, String repoPath, int number, String base, String head, String diff,
                         String postedReview) {
    String pull = repoPath + "/pulls/" + number;
    github.on("GET", pull).reply(FakeGitHub.Reply.json(200, new JsonObject().put("number", number)
      .put("head", new JsonObject().put("sha", head)).put("base", new JsonObject().put("sha", base)).encode()));
    github.on("GET", repoPath + "/compare/" + base + "..." + head).accept("application/vnd.github.diff")
      .reply(FakeGitHub.Reply.of(200, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/vnd.github.diff"),
        Buffer.buffer(diff)));
    github.on("GET", pull + "/reviews?per_page=100").reply(FakeGitHub.Reply.json(200, "[]"));
    github.on("POST", pull + "/reviews").reply(FakeGitHub.Reply.json(200, postedReview));
  }
}
