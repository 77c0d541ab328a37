package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A writer process killed with SIGKILL in the middle of a burst of comments loses no comment it acknowledged and
 * leaves no torn document behind; three kills in a row, each at a random moment, on the same review. Once through
 * the store itself, once through review_comment on the event bus (replies are the acknowledgements; several comments
 * are in flight at once and share writes).
 */
class ReviewStoreDurabilityTest {

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"store", "bus"})
  void sigkillMidBurstLosesNoAcknowledgedComment(String mode) throws Exception {
    new ReviewStore(dir).save(ReviewFixtures.review("r1")
      .comment(Author.PERSON, "comment 1", null, "src/App.java", 3, "new", Instant.now()).review());
    Set<String> acknowledged = new HashSet<>(Set.of("comment 1"));
    Random random = new Random();
    for (int round = 0; round < 3; round++) {
      runAndKill(mode, 20 + random.nextInt(150), acknowledged);

      ReviewStore reopened = new ReviewStore(dir);
      try (Stream<Path> files = Files.list(dir)) {
        List<Path> all = files.toList();
        assertThat(all).as("only the document remains; temporary files are removed on open")
          .containsExactly(dir.resolve("r1.json"));
        new JsonObject(Files.readString(all.get(0))); // parses as a whole
      }
      Review review = reopened.load("r1").orElseThrow();
      List<String> bodies = review.threads().get(0).comments().stream().map(ReviewComment::body).toList();
      assertThat(bodies).as("every acknowledged comment survives the kill").containsAll(acknowledged);
      assertThat(review.queue()).extracting(Feedback::body).as("each comment is queued for the agent, in order")
        .containsExactlyElementsOf(bodies);
    }
  }

  /** Runs the burst until it has acknowledged {@code count} more comments, then kills it with SIGKILL. */
  private void runAndKill(String mode, int count, Set<String> acknowledged) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
      StoreBurst.class.getName(), dir.toString(), mode)
      .redirectError(ProcessBuilder.Redirect.DISCARD)
      .start();
    int seen = 0;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        acknowledged.add("comment " + line.substring("ACK ".length()));
        if (++seen >= count) {
          process.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, nothing flushed
          break;
        }
      }
    } finally {
      process.destroyForcibly();
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(seen).as("the burst ran (did the subprocess start?)").isEqualTo(count);
  }
}
