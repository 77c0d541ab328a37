package dev.reviewgate.bench.git;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * What the SHA-pinned result cache buys at the backend boundary, without any transport: {@code git_diff} over the
 * event bus for one pair of full SHAs, with the cache off (every call diffs again) and on (every call after the
 * first is a hit). Usage: {@code CacheBench REPO BASE_SHA HEAD_SHA [CALLS]}.
 */
public final class CacheBench {

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: CacheBench REPO BASE_SHA HEAD_SHA [CALLS]");
      System.exit(2);
    }
    Path repo = Path.of(args[0]).toAbsolutePath();
    JsonObject arguments = new JsonObject().put("repo", "bench").put("base", args[1]).put("head", args[2]);
    int calls = args.length > 3 ? Integer.parseInt(args[3]) : 200;
    double off = p50(repo, arguments, calls, 0);
    double on = p50(repo, arguments, calls, 512);
    System.out.printf("git_diff %s..%s over the bus, %d calls each: p50 cache off %.3f ms, cache on %.3f ms: %.1fx faster%n",
      args[1], args[2], calls, off, on, off / on);
  }

  private static double p50(Path repo, JsonObject arguments, int calls, int cacheEntries) throws Exception {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject()
      .put("repos", new JsonObject().put("bench", repo.toString()))
      .put("git", new JsonObject().put("cacheEntries", cacheEntries)));
    Vertx vertx = Vertx.vertx();
    try {
      vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, null), ToolCatalog.standard())).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      for (int i = 0; i < Math.min(calls, 50); i++) { // warm-up
        call(vertx, arguments);
      }
      double[] ms = new double[calls];
      for (int i = 0; i < calls; i++) {
        long start = System.nanoTime();
        call(vertx, arguments);
        ms[i] = (System.nanoTime() - start) / 1e6;
      }
      Arrays.sort(ms);
      return ms[calls / 2];
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  private static void call(Vertx vertx, JsonObject arguments) throws Exception {
    BusRequests.request(vertx.eventBus(), Addresses.GIT_DIFF, arguments, 30_000)
      .toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
  }

  private CacheBench() {
  }
}
