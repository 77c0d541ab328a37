package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReviewStoreTest {

  @TempDir
  Path dir;

  @Test
  void savedReviewLoadsBackEqual() {
    Instant now = Instant.parse("2026-01-01T00:01:00Z");
    Review review = ReviewFixtures.review("r1");
    review = review.comment(Author.PERSON, "why?", null, "src/App.java", 3, "new", now).review();
    review = review.comment(Author.AGENT, "because", "t1", null, null, null, now).review();
    review = review.complete(CompletionAction.CHECKPOINT, "ship it", now);
    ReviewStore store = new ReviewStore(dir);
    store.save(review);

    assertThat(new ReviewStore(dir).load("r1")).contains(review);
    assertThat(new ReviewStore(dir).loadAll()).containsExactly(review);
  }

  @Test
  void openingRemovesTemporaryFilesAndSkipsUnreadableDocuments() throws Exception {
    ReviewStore store = new ReviewStore(dir);
    store.save(ReviewFixtures.review("good"));
    Files.writeString(dir.resolve("good.json.tmp-123"), "{\"half");
    Files.writeString(dir.resolve("bad.json"), "{ not json");

    ReviewStore reopened = new ReviewStore(dir);

    assertThat(Files.exists(dir.resolve("good.json.tmp-123"))).isFalse();
    assertThat(reopened.loadAll()).extracting(Review::id).containsExactly("good");
  }

  @Test
  void idsThatCouldEscapeTheDirectoryAreRefused() {
    ReviewStore store = new ReviewStore(dir);
    assertThatThrownBy(() -> store.load("../etc/passwd")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void personCommentsQueueFeedbackAgentCommentsDoNot() {
    Instant now = Instant.now();
    Review review = ReviewFixtures.review("r1")
      .comment(Author.PERSON, "first", null, "src/App.java", 3, "new", now).review()
      .comment(Author.AGENT, "answer", "t1", null, null, null, now).review()
      .comment(Author.PERSON, "second", null, null, null, null, now).review();

    assertThat(review.queue()).extracting(Feedback::body).containsExactly("first", "second");
    assertThat(review.queue()).extracting(Feedback::seq).containsExactly(1L, 2L);
    assertThat(review.threads()).hasSize(2);
    assertThat(review.dequeue(now).queue()).extracting(Feedback::body).containsExactly("second");
  }

  @Test
  void completedReviewRefusesComments() {
    Review done = ReviewFixtures.review("r1").complete(CompletionAction.RETURN, "", Instant.now());
    assertThatThrownBy(() -> done.comment(Author.PERSON, "late", null, null, null, null, Instant.now()))
      .isInstanceOf(ToolException.class).hasMessageContaining("completed");
  }

  @Test
  void commentOnAFileOutsideTheReviewIsRefused() {
    assertThatThrownBy(() -> ReviewFixtures.review("r1")
      .comment(Author.PERSON, "x", null, "other.txt", 1, "new", Instant.now()))
      .isInstanceOf(ToolException.class).hasMessageContaining("other.txt");
  }
}
