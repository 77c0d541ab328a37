package dev.reviewgate.review;

import java.nio.file.Path;
import java.time.Instant;

/**
 * Subprocess for {@link ReviewStoreDurabilityTest}: opens the store, then adds person comments to one review as fast
 * as it can, printing {@code ACK n} on stdout after comment n is saved. The test kills it with SIGKILL at a random
 * moment.
 */
public final class StoreBurst {

  public static void main(String[] args) {
    ReviewStore store = new ReviewStore(Path.of(args[0]));
    String id = args[1];
    Review review = store.load(id).orElseThrow();
    int n = review.threads().isEmpty() ? 0 : review.threads().get(0).comments().size();
    while (true) {
      n++;
      review = review.comment(Author.PERSON, "comment " + n, review.threads().isEmpty() ? null : "t1",
        "src/App.java", 3, "new", Instant.now()).review();
      store.save(review);
      System.out.println("ACK " + n);
      System.out.flush();
    }
  }

  private StoreBurst() {
  }
}
