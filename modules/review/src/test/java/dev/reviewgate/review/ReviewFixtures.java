package dev.reviewgate.review;

import java.time.Instant;
import java.util.List;

/** Small reviews for store and model tests. */
final class ReviewFixtures {

  static Review review(String id) {
    return Review.create(id, "demo", "Add greeting", "Says hello", "HEAD",
      "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222",
      List.of(new FileStat("src/App.java", null, "modified", 3, 1, false)),
      List.of(new Marker("src/App.java", 3, "todo", "// TODO: localise")), Instant.parse("2026-01-01T00:00:00Z"));
  }

  private ReviewFixtures() {
  }
}
