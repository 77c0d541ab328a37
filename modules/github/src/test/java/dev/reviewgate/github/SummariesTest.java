package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.forge.json.Fields;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummariesTest {

  private static Fields review(String login, String state) {
    return fields(new JsonObject().put("user", new JsonObject().put("login", login)).put("state", state));
  }

  private static Fields fields(JsonObject json) {
    return Fields.of(GitHubEndpoints.REVIEWS, json);
  }

  @Test
  void linkedIssuesReadEveryClosingKeywordInAnyCaseOnceEach() {
    assertThat(Summaries.linkedIssues("Closes #10")).containsExactly(10);
    assertThat(Summaries.linkedIssues("Fixes #10\nCloses #20")).containsExactly(10, 20);
    assertThat(Summaries.linkedIssues("Resolves #10 and also Closes #10")).containsExactly(10);
    assertThat(Summaries.linkedIssues("CLOSES #5, close #7, fixed #8, resolved: #9")).containsExactly(5, 7, 8, 9);
    assertThat(Summaries.linkedIssues("enclose #3 prefix #4 See #6")).isEmpty();
    assertThat(Summaries.linkedIssues(null)).isEmpty();
    assertThat(Summaries.linkedIssues("")).isEmpty();
  }

  @Test
  void reviewsKeepTheLatestStatePerAuthor() {
    Summaries.Reviews summary = Summaries.reviews(List.of(review("a", "COMMENTED"), review("b", "CHANGES_REQUESTED"),
      review("a", "APPROVED"), fields(new JsonObject().putNull("user").put("state", "COMMENTED")),
      fields(new JsonObject().put("state", "APPROVED"))));
    // Two reviews by deleted accounts (no user): no author to group them by, so each counts.
    assertThat(summary).isEqualTo(new Summaries.Reviews(2, 1, 1, List.of(new Summaries.Review("b", "CHANGES_REQUESTED"),
      new Summaries.Review("a", "APPROVED"), new Summaries.Review(null, "COMMENTED"), new Summaries.Review(null, "APPROVED"))));
    assertThat(summary.unknownAuthors()).isEqualTo(2);
    assertThat(GitHubJson.reviews(summary, true)).isEqualTo(new JsonObject().put("approved", 2).put("changesRequested", 1)
      .put("pending", 1).put("total", 4).put("details", new JsonArray()
        .add(new JsonObject().put("login", "b").put("state", "CHANGES_REQUESTED"))
        .add(new JsonObject().put("login", "a").put("state", "APPROVED"))
        .add(new JsonObject().putNull("login").put("state", "COMMENTED"))
        .add(new JsonObject().putNull("login").put("state", "APPROVED"))));
    assertThat(GitHubJson.reviews(summary, false).containsKey("details")).isFalse();
    assertThat(Summaries.reviews(List.of()).latest()).isEmpty();
  }

  @Test
  void checksCombineRunsAndStatuses() {
    List<Fields> runs = List.of(
      fields(new JsonObject().put("status", "completed").put("conclusion", "success")),
      fields(new JsonObject().put("status", "completed").put("conclusion", "skipped")),
      fields(new JsonObject().put("status", "completed").put("conclusion", "timed_out")),
      fields(new JsonObject().put("status", "in_progress").putNull("conclusion")));
    List<Fields> statuses = List.of(fields(new JsonObject().put("state", "error")), fields(new JsonObject().put("state", "pending")));
    assertThat(Summaries.checks(runs, statuses)).isEqualTo(new Summaries.Checks("FAILURE", 2, 2, 2, 6));
    assertThat(GitHubJson.checks(Summaries.checks(runs, statuses))).isEqualTo(new JsonObject()
      .put("overall", "FAILURE").put("success", 2).put("failure", 2).put("pending", 2).put("total", 6));
    assertThat(Summaries.checks(List.of(), List.of()).overall()).isEqualTo("NONE");
    assertThat(Summaries.checks(List.of(runs.get(0)), List.of()).overall()).isEqualTo("SUCCESS");
  }

  @Test
  void mergeableIsTriState() {
    assertThat(Summaries.mergeable(true)).isEqualTo("MERGEABLE");
    assertThat(Summaries.mergeable(false)).isEqualTo("CONFLICTING");
    assertThat(Summaries.mergeable(null)).isEqualTo("UNKNOWN");
  }
}
