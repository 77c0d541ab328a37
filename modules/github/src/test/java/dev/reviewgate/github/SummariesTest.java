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
    JsonObject summary = Summaries.reviews(List.of(review("a", "COMMENTED"), review("b", "CHANGES_REQUESTED"), review("a", "APPROVED"),
      fields(new JsonObject().putNull("user").put("state", "COMMENTED")), fields(new JsonObject().put("state", "APPROVED"))));
    // Two reviews by deleted accounts (no user): no author to group them by, so each counts.
    assertThat(summary.getInteger("approved")).isEqualTo(2);
    assertThat(summary.getInteger("changesRequested")).isEqualTo(1);
    assertThat(summary.getInteger("pending")).isEqualTo(1);
    assertThat(summary.getInteger("total")).isEqualTo(4);
    assertThat(Summaries.unknownAuthors(summary)).isEqualTo(2);
    assertThat(summary.getJsonArray("details")).isEqualTo(new JsonArray()
      .add(new JsonObject().put("login", "b").put("state", "CHANGES_REQUESTED"))
      .add(new JsonObject().put("login", "a").put("state", "APPROVED"))
      .add(new JsonObject().putNull("login").put("state", "COMMENTED"))
      .add(new JsonObject().putNull("login").put("state", "APPROVED")));
    assertThat(Summaries.reviews(List.of()).getInteger("total")).isZero();
  }

  @Test
  void checksCombineRunsAndStatuses() {
    List<Fields> runs = List.of(
      fields(new JsonObject().put("status", "completed").put("conclusion", "success")),
      fields(new JsonObject().put("status", "completed").put("conclusion", "skipped")),
      fields(new JsonObject().put("status", "completed").put("conclusion", "timed_out")),
      fields(new JsonObject().put("status", "in_progress").putNull("conclusion")));
    List<Fields> statuses = List.of(fields(new JsonObject().put("state", "error")), fields(new JsonObject().put("state", "pending")));
    assertThat(Summaries.checks(runs, statuses)).isEqualTo(new JsonObject()
      .put("overall", "FAILURE").put("success", 2).put("failure", 2).put("pending", 2).put("total", 6));
    assertThat(Summaries.checks(List.of(), List.of()).getString("overall")).isEqualTo("NONE");
    assertThat(Summaries.checks(List.of(runs.get(0)), List.of()).getString("overall")).isEqualTo("SUCCESS");
  }

  @Test
  void mergeableIsTriState() {
    assertThat(Summaries.mergeable(true)).isEqualTo("MERGEABLE");
    assertThat(Summaries.mergeable(false)).isEqualTo("CONFLICTING");
    assertThat(Summaries.mergeable(null)).isEqualTo("UNKNOWN");
  }
}
