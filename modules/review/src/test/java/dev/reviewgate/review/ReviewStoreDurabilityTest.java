package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
  @CsvSource({"store, 1", "bus, 1", "store, 2", "bus, 2"})
  void sigkillMidBurstLosesNoAcknowledgedComment(String mode, int processes) throws Exception {
    new ReviewStore(dir).save(ReviewFixtures.review("r1")
      .comment(Author.PERSON, "comment 0", null, "src/App.java", 3, "new", Instant.now()).review());
    // Only what a writer process acknowledged: the comment saved above is not the test's to count.
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    Random random = new Random();
    int expected = 0;
    for (int round = 0; round < (processes == 1 ? 3 : 2); round++) {
      List<Process> burst = new ArrayList<>();
      List<FutureTask<Integer>> readers = new ArrayList<>();
      List<Integer> kills = new ArrayList<>();
      for (int p = 0; p < processes; p++) {
        // Two processes on one store: both write the same review at once, each reading the other's changes.
        int kill = 20 + random.nextInt(150);
        String label = "round" + round + "-process" + p;
        Process process = start(mode, label);
        burst.add(process);
        FutureTask<Integer> reader = new FutureTask<>(() -> readUntilKilled(process, kill, acknowledged));
        new Thread(reader, "durability-reader-" + label).start();
        readers.add(reader);
        kills.add(kill);
      }
      try {
        for (int p = 0; p < processes; p++) {
          // get() rethrows the reader's failure (a writer that crashed or stopped short) and bounds the wait.
          assertThat(readers.get(p).get(60, TimeUnit.SECONDS)).as("acknowledgements read before the kill")
            .isEqualTo(kills.get(p));
          expected += kills.get(p);
        }
      } finally {
        for (Process process : burst) {
          process.destroyForcibly();
          assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
      }
      assertThat(acknowledged).as("distinct comments acknowledged so far: at least 20 per writer process, each once")
        .hasSize(expected);

      ReviewStore reopened = new ReviewStore(dir);
      try (Stream<Path> files = Files.list(dir)) {
        List<Path> all = files.filter(file -> !file.getFileName().toString().equals(".lock")).toList();
        assertThat(all).as("only the document (and the store's lock file) remains; temporary files are removed on open")
          .containsExactly(dir.resolve("r1.json"));
        new JsonObject(Files.readString(all.get(0))); // parses as a whole
      }
      Review review = reopened.load("r1").orElseThrow();
      List<String> bodies = review.threads().get(0).comments().stream().map(ReviewComment::body).toList();
      assertThat(bodies).as("every acknowledged comment survives the kill").containsAll(acknowledged);
      assertThat(bodies).as("no comment is stored twice").doesNotHaveDuplicates();
      assertThat(review.queue()).extracting(Feedback::body).as("each comment is queued for the agent, in order")
        .containsExactlyElementsOf(bodies);
    }
    System.out.println("sigkill " + mode + " x" + processes + ": " + acknowledged.size() + " comments acknowledged, "
      + acknowledged.stream().filter(body -> !stored().contains(body)).count() + " lost");
  }

  private List<String> stored() {
    return new ReviewStore(dir).load("r1").orElseThrow().threads().get(0).comments().stream().map(ReviewComment::body).toList();
  }

  private Process start(String mode, String label) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
      StoreBurst.class.getName(), dir.toString(), mode, label)
      .redirectError(ProcessBuilder.Redirect.DISCARD)
      .start();
  }

  /**
   * Collects acknowledgements until {@code count} more arrived, then kills the process with SIGKILL. Fails (through
   * the task's {@code get}) when the writer ends or writes something else first: a crashed writer tests nothing.
   */
  private static int readUntilKilled(Process process, int count, Set<String> acknowledged) throws Exception {
    int seen = 0;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (!line.startsWith("ACK ")) {
          throw new AssertionError("the writer printed '" + line + "' instead of an acknowledgement");
        }
        if (!acknowledged.add(line.substring("ACK ".length()))) {
          throw new AssertionError("acknowledged twice: " + line);
        }
        if (++seen >= count) {
          process.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, nothing flushed
          break;
        }
      }
    }
    if (seen < count) {
      throw new AssertionError("the writer stopped (crashed?) after " + seen + " of " + count + " acknowledgements");
    }
    return seen;
  }
}
