package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer process killed with SIGKILL in the middle of a burst of comments loses no comment it acknowledged and
 * leaves no torn document behind; three kills in a row, each at a random moment, on the same review.
 */
class ReviewStoreDurabilityTest {

  @TempDir
  Path dir;

  @Test
  void sigkillMidBurstLosesNoAcknowledgedComment() throws Exception {
    new ReviewStore(dir).save(ReviewFixtures.review("r1"));
    Random random = new Random();
    int acknowledged = 0;
    for (int round = 0; round < 3; round++) {
      int killAfter = acknowledged + 20 + random.nextInt(150);
      acknowledged = runAndKill(killAfter);
      assertThat(acknowledged).isGreaterThanOrEqualTo(killAfter);

      ReviewStore reopened = new ReviewStore(dir);
      try (Stream<Path> files = Files.list(dir)) {
        List<Path> all = files.toList();
        assertThat(all).as("only the document remains; temporary files are removed on open")
          .containsExactly(dir.resolve("r1.json"));
        // every document on disk parses as a whole
        new JsonObject(Files.readString(all.get(0)));
      }
      Review review = reopened.load("r1").orElseThrow();
      List<ReviewComment> comments = review.threads().get(0).comments();
      assertThat(comments.size()).as("acknowledged comments survive the kill").isGreaterThanOrEqualTo(acknowledged);
      for (int i = 0; i < acknowledged; i++) {
        assertThat(comments.get(i).body()).isEqualTo("comment " + (i + 1));
        assertThat(review.queue().get(i).body()).isEqualTo("comment " + (i + 1));
      }
      acknowledged = comments.size();
    }
  }

  /** Runs the burst until it has acknowledged at least {@code count} comments, kills it, returns the last ack. */
  private int runAndKill(int count) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
      StoreBurst.class.getName(), dir.toString(), "r1")
      .redirectError(ProcessBuilder.Redirect.DISCARD)
      .start();
    int last = 0;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        last = Integer.parseInt(line.substring("ACK ".length()));
        if (last >= count) {
          process.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, no flushing
          break;
        }
      }
    } finally {
      process.destroyForcibly();
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(last).as("the burst ran (did the subprocess start?)").isGreaterThanOrEqualTo(count);
    return last;
  }
}
