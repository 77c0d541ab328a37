package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummariesTest {

  private static JsonObject review(String login, String state) {
    return new JsonObject().put("user", new JsonObject().put("login", login)).put("state", state);
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
      new JsonObject().put("state", "COMMENTED")));
    assertThat(summary.getInteger("approved")).isEqualTo(1);
    assertThat(summary.getInteger("changesRequested")).isEqualTo(1);
    assertThat(summary.getInteger("pending")).isEqualTo(1);
    assertThat(summary.getInteger("total")).isEqualTo(3);
    assertThat(summary.getJsonArray("details")).isEqualTo(new JsonArray()
      .add(new JsonObject().put("login", "b").put("state", "CHANGES_REQUESTED"))
      .add(new JsonObject().put("login", "a").put("state", "APPROVED"))
      .add(new JsonObject().put("login", "unknown").put("state", "COMMENTED")));
    assertThat(Summaries.reviews(List.of()).getInteger("total")).isZero();
  }

  @Test
  void checksCombineRunsAndStatuses() {
    List<JsonObject> runs = List.of(
      new JsonObject().put("status", "completed").put("conclusion", "success"),
      new JsonObject().put("status", "completed").put("conclusion", "skipped"),
      new JsonObject().put("status", "completed").put("conclusion", "timed_out"),
      new JsonObject().put("status", "in_progress"));
    JsonObject status = new JsonObject().put("statuses", new JsonArray()
      .add(new JsonObject().put("state", "error")).add(new JsonObject().put("state", "pending")));
    assertThat(Summaries.checks(runs, status)).isEqualTo(new JsonObject()
      .put("overall", "FAILURE").put("success", 2).put("failure", 2).put("pending", 2).put("total", 6));
    assertThat(Summaries.checks(List.of(), null).getString("overall")).isEqualTo("NONE");
    assertThat(Summaries.checks(List.of(runs.get(0)), null).getString("overall")).isEqualTo("SUCCESS");
  }

  @Test
  void mergeableIsTriState() {
    assertThat(Summaries.mergeable(true)).isEqualTo("MERGEABLE");
    assertThat(Summaries.mergeable(false)).isEqualTo("CONFLICTING");
    assertThat(Summaries.mergeable(null)).isEqualTo("UNKNOWN");
  }
}
