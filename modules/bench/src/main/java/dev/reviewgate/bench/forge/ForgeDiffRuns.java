package dev.reviewgate.bench.forge;

import dev.reviewgate.core.bus.BusRequests;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the forge diff benches share ({@code AdoDiffBench}, {@code GitLabDiffBench}): the files they change and the
 * timed calls of a diff tool against a fake forge, reported as one JSON line per path.
 */
public final class ForgeDiffRuns {

  private ForgeDiffRuns() {
  }

  /**
   * Calls {@code address} {@code runs + 1} times and prints the first call's time, p50 and p90 of the rest, and the
   * forge's HTTP requests per call.
   *
   * @param requests the fake forge's request counter
   */
  public static void report(String path, Vertx vertx, String address, JsonObject call, int runs, AtomicInteger requests)
    throws Exception {
    long[] ms = new long[runs + 1];
    int before = requests.get();
    JsonObject result = null;
    for (int i = 0; i <= runs; i++) {
      long t0 = System.nanoTime();
      result = await(BusRequests.request(vertx.eventBus(), address, call, 120_000));
      ms[i] = (System.nanoTime() - t0) / 1_000_000;
    }
    int perCall = (requests.get() - before) / (runs + 1);
    long[] rest = Arrays.copyOfRange(ms, 1, ms.length);
    Arrays.sort(rest);
    System.out.println(new JsonObject().put("path", path).put("source", result.getJsonObject("diffs").getString("source"))
      .put("changes", result.getJsonArray("changes").size()).put("diffBytes", result.getString("diff", "").length())
      .put("firstMs", ms[0]).put("p50Ms", rest[rest.length / 2]).put("p90Ms", rest[(int) Math.ceil(rest.length * 0.9) - 1])
      .put("httpRequestsPerCall", perCall).encode());
  }

  /** A 62-line Java file; in version 1 every twentieth line from the eighth differs (three hunks). */
  public static String body(int file, int version) {
    StringBuilder text = new StringBuilder("class File" + file + " {\n");
    for (int line = 0; line < 60; line++) {
      boolean changed = version == 1 && line % 20 == 7;
      text.append("  int f").append(line).append("() { return ").append(changed ? line * 2 : line).append("; }\n");
    }
    return text.append("}\n").toString();
  }

  public static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(5, TimeUnit.MINUTES);
  }
}
