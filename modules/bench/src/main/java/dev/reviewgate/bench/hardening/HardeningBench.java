package dev.reviewgate.bench.hardening;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.Cancellation;
import dev.reviewgate.git.GitOptions;
import dev.reviewgate.git.GitReader;
import dev.reviewgate.git.RepoRegistry;
import dev.reviewgate.review.Author;
import dev.reviewgate.review.Review;
import dev.reviewgate.review.ReviewStore;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Figures for the hardening section of the README:
 * <ul>
 *   <li>{@code grep N}: how long an abandoned pathological grep ({@code (?:x?){1000}x{1000}} over 1 MB of near
 *   matches) runs on after its cancellation, N times;</li>
 *   <li>{@code ack N}: what a durable acknowledgement costs: one person comment added to a review through
 *   {@link ReviewStore#update} (OS lock, read, write, fsync of the file and of the directory), N times in a row.</li>
 * </ul>
 * Prints p50 and p90 in milliseconds. {@code java -cp modules/bench/target/benchmarks.jar
 * dev.reviewgate.bench.hardening.HardeningBench grep 20} (or {@code ack 500}); a scratch directory under the system
 * temporary directory holds the repository and the store.
 */
public final class HardeningBench {

  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[1]);
    Path scratch = Files.createTempDirectory("reviewgate-hardening-bench");
    List<Double> ms = args[0].equals("grep") ? grep(scratch, n) : ack(scratch, n);
    Collections.sort(ms);
    System.out.printf("%s: n=%d p50 %.2f ms p90 %.2f ms max %.2f ms%n", args[0], n, ms.get(ms.size() / 2),
      ms.get((int) Math.min(ms.size() - 1, Math.round(ms.size() * 0.9))), ms.get(ms.size() - 1));
  }

  private static List<Double> grep(Path scratch, int n) throws Exception {
    Path repo = scratch.resolve("repo");
    new TempGitRepo(repo).write("big.txt", (("x".repeat(999) + "y").repeat(250) + "\n").repeat(4)).commit("big");
    GitOptions options = GitOptions.from(ReviewgateConfig.defaults().section("git"));
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    List<Double> after = new ArrayList<>();
    try (RepoRegistry registry = RepoRegistry.create(new JsonObject().put("r", repo.toString()), null, options)) {
      GitReader reader = registry.reader("r");
      for (int i = 0; i < n; i++) {
        Cancellation cancellation = new Cancellation();
        long[] cancelledAt = new long[1];
        timer.schedule(() -> {
          cancelledAt[0] = System.nanoTime();
          cancellation.cancel();
        }, 200, TimeUnit.MILLISECONDS);
        try {
          reader.grep("HEAD", "(?:x?){1000}x{1000}", false, false, List.of(), null, cancellation);
          throw new IllegalStateException("the grep finished before its deadline; make the file larger");
        } catch (ToolException stopped) {
          after.add((System.nanoTime() - cancelledAt[0]) / 1e6);
        }
      }
    } finally {
      timer.shutdownNow();
    }
    return after;
  }

  private static List<Double> ack(Path scratch, int n) {
    ReviewStore store = new ReviewStore(scratch.resolve("reviews"));
    Review review = Review.create("r1", "repo", "t", "", "HEAD", "a".repeat(40), "b".repeat(40), List.of(), List.of(),
      Instant.now());
    store.save(review);
    List<Double> times = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String body = "comment " + i;
      long start = System.nanoTime();
      store.update("r1", current -> current.comment(Author.PERSON, body, null, null, null, null, Instant.now()).review());
      times.add((System.nanoTime() - start) / 1e6);
    }
    return times;
  }

  private HardeningBench() {
  }
}
