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
 * What {@code counts: false} saves on a big range: the changed-file list from the trees alone against the counted
 * list (which writes the whole patch) and against {@code git diff --name-status -M}, side by side, at the backend
 * boundary (event bus, no transport), result cache off. Usage: {@code FileListBench REPO FROM TO [REPS]}, or
 * {@code FileListBench REPO --commits N}: each of the newest N non-merge commits asked once (a first call per commit,
 * after 20 others warmed the JIT), p50 and p90.
 */
public final class FileListBench {

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: FileListBench REPO FROM TO [REPS]");
      System.exit(2);
    }
    Path repo = Path.of(args[0]).toAbsolutePath();
    if (args[1].equals("--commits")) {
      commits(repo, Integer.parseInt(args[2]));
      return;
    }
    int reps = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    JsonObject range = new JsonObject().put("repo", "bench").put("base", args[1]).put("head", args[2]);
    JsonObject listed = range.copy().put("files_only", true).put("counts", false);
    JsonObject counted = range.copy().put("files_only", true);
    ReviewgateConfig config = config(repo);
    GitCli git = new GitCli(repo);
    Vertx vertx = Vertx.vertx();
    try {
      vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, null), ToolCatalog.standard()))
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      int files = call(vertx, Addresses.GIT_DIFF, listed).getJsonArray("files").size();
      call(vertx, Addresses.GIT_DIFF, counted); // one warm-up of each: JIT and JGit's pack cache
      int gitFiles = names(git, args[1], args[2]);
      double[] withoutCounts = new double[reps];
      double[] withCounts = new double[reps];
      double[] changedFiles = new double[reps];
      double[] gitNames = new double[reps];
      for (int i = 0; i < reps; i++) {
        withoutCounts[i] = time(() -> call(vertx, Addresses.GIT_DIFF, listed));
        withCounts[i] = time(() -> call(vertx, Addresses.GIT_DIFF, counted));
        changedFiles[i] = time(() -> call(vertx, Addresses.GIT_CHANGED_FILES, range.copy().put("counts", false)));
        gitNames[i] = time(() -> git.output(null, "diff", "--name-status", "-M", args[1], args[2]));
      }
      System.out.printf("range %s..%s: %d entries listed (git --name-status: %d files; a type change is two entries)%n",
        args[1], args[2], files, gitFiles);
      System.out.printf("git_diff files_only, counts=false     runs %s ms (min %.0f)%n", DiffBench.fmt(withoutCounts), min(withoutCounts));
      System.out.printf("git_changed_files counts=false        runs %s ms (min %.0f)%n", DiffBench.fmt(changedFiles), min(changedFiles));
      System.out.printf("git_diff files_only (counted)         runs %s ms (min %.0f)%n", DiffBench.fmt(withCounts), min(withCounts));
      System.out.printf("git diff --name-status -M process     runs %s ms (min %.0f)%n", DiffBench.fmt(gitNames), min(gitNames));
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  private static void commits(Path repo, int n) throws Exception {
    GitCli git = new GitCli(repo);
    String[] lines = new String(git.output(null, "rev-list", "--no-merges", "--max-count=" + (n + 20), "HEAD"),
      java.nio.charset.StandardCharsets.UTF_8).split("\n");
    Vertx vertx = Vertx.vertx();
    try {
      vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config(repo), null), ToolCatalog.standard()))
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      for (int i = n; i < lines.length; i++) { // warm-up on older commits
        JsonObject commit = new JsonObject().put("repo", "bench").put("commit", lines[i]).put("files_only", true);
        call(vertx, Addresses.GIT_DIFF, commit.copy().put("counts", false));
        call(vertx, Addresses.GIT_DIFF, commit);
      }
      int count = Math.min(n, lines.length);
      double[] withoutCounts = new double[count];
      double[] withCounts = new double[count];
      double[] gitNames = new double[count];
      for (int i = 0; i < count; i++) {
        JsonObject commit = new JsonObject().put("repo", "bench").put("commit", lines[i]).put("files_only", true);
        String sha = lines[i];
        withoutCounts[i] = time(() -> call(vertx, Addresses.GIT_DIFF, commit.copy().put("counts", false)));
        withCounts[i] = time(() -> call(vertx, Addresses.GIT_DIFF, commit));
        gitNames[i] = time(() -> git.output(null, "diff", "--name-status", "-M", sha + "^", sha));
      }
      System.out.printf("%d commits, each asked once (cache off)%n", count);
      System.out.printf("git_diff files_only, counts=false   p50 %.2f ms  p90 %.2f ms%n", DiffBench.p(withoutCounts, 50), DiffBench.p(withoutCounts, 90));
      System.out.printf("git_diff files_only (counted)       p50 %.2f ms  p90 %.2f ms%n", DiffBench.p(withCounts, 50), DiffBench.p(withCounts, 90));
      System.out.printf("git diff --name-status -M process   p50 %.2f ms  p90 %.2f ms%n", DiffBench.p(gitNames, 50), DiffBench.p(gitNames, 90));
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  private static ReviewgateConfig config(Path repo) {
    return ReviewgateConfig.defaults().merge(new JsonObject()
      .put("repos", new JsonObject().put("bench", repo.toString()))
      .put("git", new JsonObject().put("cacheEntries", 0).put("timeoutMs", 300_000)));
  }

  /** Files in git's {@code -z} name-status list: each record is a status, then one path, or two for a rename. */
  private static int names(GitCli git, String from, String to) {
    String text = new String(git.output(null, "diff", "--name-status", "-M", "-z", from, to),
      java.nio.charset.StandardCharsets.UTF_8);
    if (text.isEmpty()) {
      return 0;
    }
    String[] fields = text.split("\0");
    int records = 0;
    for (int i = 0; i < fields.length; records++) {
      i += fields[i].startsWith("R") || fields[i].startsWith("C") ? 3 : 2;
    }
    return records;
  }

  private interface Work {
    Object run() throws Exception;
  }

  private static double time(Work work) throws Exception {
    long start = System.nanoTime();
    work.run();
    return (System.nanoTime() - start) / 1e6;
  }

  private static JsonObject call(Vertx vertx, String address, JsonObject arguments) throws Exception {
    return BusRequests.request(vertx.eventBus(), address, arguments, 300_000)
      .toCompletionStage().toCompletableFuture().get(310, TimeUnit.SECONDS);
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElse(0);
  }

  private FileListBench() {
  }
}
