package dev.reviewgate.bench.forge;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.forge.FakeForge;
import dev.reviewgate.testkit.repo.ManyFiles;
import io.vertx.core.Deployable;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

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

  /**
   * A fake forge serving the pull request, and what to time against it.
   *
   * @param config  configuration naming the repository under {@code repos}, for the local-clone path
   * @param backend the forge's verticle, configured for {@code fake}
   * @param apiPath what the API path is called in the report
   */
  public record Served(FakeForge fake, ReviewgateConfig config, Deployable backend, String apiPath, String address, JsonObject call) {
  }

  /** Starts a fake forge on {@code vertx} for the pull request's repository. */
  @FunctionalInterface
  public interface Forge {
    Served serve(Vertx vertx, ManyFiles pr);
  }

  /**
   * Builds the pull request's repository in a new temporary folder named after {@code name}, serves it from
   * {@code forge}, times the diff call from the API, then deploys the git backend on the repository and times the same
   * call from the local clone; stops everything.
   */
  public void run(String name, Forge forge) throws Exception {
    ManyFiles pr = ManyFiles.build(Files.createTempDirectory(name), files);
    Vertx vertx = Vertx.vertx();
    Served served = null;
    try {
      served = forge.serve(vertx, pr);
      await(vertx.deployVerticle(served.backend()));
      report(served.apiPath(), vertx, served);
      String git = await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(served.config(), pr.repo().dir()),
        ToolCatalog.standard())));
      report("local clone", vertx, served);
      await(vertx.undeploy(git));
    } finally {
      Stop.all(served == null ? null : served.fake(), vertx);
    }
  }

  /** Calls the tool {@code runs + 1} times and prints the first call's time, p50 and p90 of the rest, and requests per call. */
  private void report(String path, Vertx vertx, Served served) throws Exception {
    long[] ms = new long[runs + 1];
    int before = served.fake().requests();
    JsonObject result = null;
    for (int i = 0; i <= runs; i++) {
      long t0 = System.nanoTime();
      result = await(BusRequests.request(vertx.eventBus(), served.address(), served.call(), 120_000));
      ms[i] = (System.nanoTime() - t0) / 1_000_000;
    }
    int perCall = (served.fake().requests() - before) / (runs + 1);
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
