package dev.reviewgate.bench.forge;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.testkit.repo.ManyFiles;
import io.vertx.core.Deployable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * What the forge diff benches share ({@code AdoDiffBench}, {@code GitLabDiffBench}): their arguments, the pull
 * request they serve (testkit's {@link ManyFiles}), and the timed calls of a diff tool against a fake forge, first
 * from the forge's API and then from this server's own clone, reported as one JSON line per path.
 *
 * @param files how many files the pull request changes
 * @param runs  timed calls after the first
 */
public record ForgeDiffRuns(int files, int runs) {

  /** {@code [files=300] [runs=20]}. */
  public static ForgeDiffRuns of(String[] args) {
    return new ForgeDiffRuns(args.length > 0 ? Integer.parseInt(args[0]) : 300, args.length > 1 ? Integer.parseInt(args[1]) : 20);
  }

  /** Builds the pull request's repository in a new temporary folder. */
  public ManyFiles repository(String name) throws Exception {
    return ManyFiles.build(Files.createTempDirectory(name), files);
  }

  /**
   * Deploys {@code forge} and times {@code call} on {@code address} from the API, then deploys the git backend on the
   * repository ({@code config} names it) and times the same call from the local clone.
   *
   * @param apiPath  what the API path is called in the report
   * @param requests the fake forge's request count
   */
  public void compare(Vertx vertx, ReviewgateConfig config, ManyFiles repo, Deployable forge, String apiPath, String address,
    JsonObject call, IntSupplier requests) throws Exception {
    await(vertx.deployVerticle(forge));
    report(apiPath, vertx, address, call, requests);
    String git = await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, repo.repo().dir()), ToolCatalog.standard())));
    report("local clone", vertx, address, call, requests);
    await(vertx.undeploy(git));
  }

  /** Calls {@code address} {@code runs + 1} times and prints the first call's time, p50 and p90 of the rest, and requests per call. */
  private void report(String path, Vertx vertx, String address, JsonObject call, IntSupplier requests) throws Exception {
    long[] ms = new long[runs + 1];
    int before = requests.getAsInt();
    JsonObject result = null;
    for (int i = 0; i <= runs; i++) {
      long t0 = System.nanoTime();
      result = await(BusRequests.request(vertx.eventBus(), address, call, 120_000));
      ms[i] = (System.nanoTime() - t0) / 1_000_000;
    }
    int perCall = (requests.getAsInt() - before) / (runs + 1);
    long[] rest = Arrays.copyOfRange(ms, 1, ms.length);
    Arrays.sort(rest);
    System.out.println(new JsonObject().put("path", path).put("source", result.getJsonObject("diffs").getString("source"))
      .put("changes", result.getJsonArray("changes").size()).put("diffBytes", result.getString("diff", "").length())
      .put("firstMs", ms[0]).put("p50Ms", rest[rest.length / 2]).put("p90Ms", rest[(int) Math.ceil(rest.length * 0.9) - 1])
      .put("httpRequestsPerCall", perCall).encode());
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(5, TimeUnit.MINUTES);
  }
}
