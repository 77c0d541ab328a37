package dev.reviewgate.bench.git;

import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.git.Cancellation;
import dev.reviewgate.git.DiffTarget;
import dev.reviewgate.git.GitOptions;
import dev.reviewgate.git.GitReader;
import dev.reviewgate.git.RepoRegistry;
import io.vertx.core.json.JsonObject;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * git_diff speed against the git command line, side by side on the same commits.
 *
 * <pre>
 * java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.git.DiffBench commits &lt;repo&gt; 300
 *   per-commit diff (commit vs first parent), in-process warm vs one `git diff --histogram` process each
 * java -cp ... DiffBench range &lt;repo&gt; &lt;from&gt; &lt;to&gt; [reps] [context_lines]
 *   one big range diff: bytes, warm time of GitReader alone and of the whole tool (parse + shape), git's time
 * java -Xmx256m -cp ... DiffBench range &lt;repo&gt; &lt;from&gt; &lt;to&gt; 1
 *   the same under a small heap: completes, output capped by the shaping defaults, peak heap printed
 * </pre>
 */
public final class DiffBench {

  private DiffBench() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: DiffBench commits <repo> <N> | range <repo> <from> <to> [reps]");
      System.exit(2);
    }
    ReviewgateConfig config = ReviewgateConfig.defaults();
    GitOptions options = GitOptions.from(config.section("git"));
    Path repo = Path.of(args[1]).toAbsolutePath();
    try (RepoRegistry registry = RepoRegistry.create(new JsonObject().put("subject", repo.toString()), null, options)) {
      GitReader reader = registry.reader("subject");
      GitCli git = new GitCli(reader.repository().getDirectory().toPath());
      DiffEngine engine = new DiffEngine(config.section("diff"));
      GitReader.DiffOptions diffOptions = new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM,
        options.defaultContextLines(), List.of());
      System.out.printf("load before: %s%n", load());
      if (args[0].equals("commits")) {
        commits(reader, git, engine, diffOptions, Integer.parseInt(args[2]));
      } else {
        int context = args.length > 5 ? Integer.parseInt(args[5]) : options.defaultContextLines();
        range(reader, git, engine, new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, context, List.of()),
          args[2], args[3], args.length > 4 ? Integer.parseInt(args[4]) : 5);
      }
      System.out.printf("load after: %s%n", load());
    }
  }

  private static void commits(GitReader reader, GitCli git, DiffEngine engine, GitReader.DiffOptions diffOptions, int n)
    throws Exception {
    List<RevCommit> commits = new ArrayList<>();
    try (RevWalk walk = new RevWalk(reader.repository())) {
      walk.markStart(walk.parseCommit(reader.repository().resolve("HEAD")));
      walk.setRevFilter(RevFilter.NO_MERGES);
      for (RevCommit c : walk) {
        if (c.getParentCount() == 1) {
          commits.add(c);
        }
        if (commits.size() == n) {
          break;
        }
      }
    }
    // Warm up: every commit twice, so JIT and JGit's pack cache are warm as in a running server.
    for (int round = 0; round < 2; round++) {
      for (RevCommit c : commits) {
        tool(reader, engine, diffOptions, c.name());
      }
    }
    double[] raw = new double[commits.size()];
    double[] whole = new double[commits.size()];
    double[] cli = new double[commits.size()];
    double[] ratio = new double[commits.size()];
    for (int i = 0; i < commits.size(); i++) {
      RevCommit c = commits.get(i);
      long t0 = System.nanoTime();
      reader.diff(reader.pair(new DiffTarget(null, null, c.name(), null)), diffOptions, Cancellation.NONE);
      long t1 = System.nanoTime();
      tool(reader, engine, diffOptions, c.name());
      long t2 = System.nanoTime();
      git.output(null, "diff", "--histogram", "--no-color", c.getParent(0).name(), c.name());
      long t3 = System.nanoTime();
      raw[i] = (t1 - t0) / 1e6;
      whole[i] = (t2 - t1) / 1e6;
      cli[i] = (t3 - t2) / 1e6;
      ratio[i] = whole[i] / cli[i];
    }
    System.out.printf("commits: %d (non-merge, one parent), warm, side by side%n", commits.size());
    System.out.printf("GitReader.diff (bytes)          p50 %.2f ms  p90 %.2f ms%n", p(raw, 50), p(raw, 90));
    System.out.printf("git_diff in-process (+ shape)   p50 %.2f ms  p90 %.2f ms%n", p(whole, 50), p(whole, 90));
    System.out.printf("git diff --histogram process    p50 %.2f ms  p90 %.2f ms%n", p(cli, 50), p(cli, 90));
    System.out.printf("ratio git_diff / git process    p50 %.2f   (per-commit ratios; target <= 0.40)%n", p(ratio, 50));
    System.out.printf("ratio of p50s                   %.2f%n", p(whole, 50) / p(cli, 50));
  }

  private static JsonObject tool(GitReader reader, DiffEngine engine, GitReader.DiffOptions diffOptions, String commit) {
    GitReader.Patch patch = reader.diff(reader.pair(new DiffTarget(null, null, commit, null)), diffOptions, Cancellation.NONE);
    return engine.shape(engine.parse(patch.bytes()), new JsonObject());
  }

  private static void range(GitReader reader, GitCli git, DiffEngine engine, GitReader.DiffOptions diffOptions,
                            String from, String to, int reps) {
    GitReader.Pair pair = reader.pair(new DiffTarget(from, to, null, null));
    double[] raw = new double[reps];
    double[] whole = new double[reps];
    double[] cli = new double[reps];
    double[] cpu = new double[reps];
    java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    int bytes = 0;
    int shaped = 0;
    int files = 0;
    for (int i = 0; i < reps; i++) {
      long c0 = threads.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      GitReader.Patch patch = reader.diff(pair, diffOptions, Cancellation.NONE);
      long t1 = System.nanoTime();
      cpu[i] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
      bytes = patch.bytes().length;
      files = patch.files();
      JsonObject result = engine.shape(engine.parse(patch.bytes()), new JsonObject());
      patch = null;
      long t2 = System.nanoTime();
      shaped = result.getString("diff", "").length();
      result = null;
      byte[] theirs = git.output(null, "diff", "--histogram", "--no-color", "-U" + diffOptions.contextLines(),
        pair.baseSha(), pair.head().name());
      long t3 = System.nanoTime();
      raw[i] = (t1 - t0) / 1e6;
      whole[i] = (t2 - t0) / 1e6;
      cli[i] = (t3 - t2) / 1e6;
      if (i == 0) {
        System.out.printf("git's diff: %d bytes%n", theirs.length);
      }
    }
    System.out.printf("range %s..%s: %d files, %.1f MB of diff; shaped (default caps) to %.1f MB of text%n",
      from, to, files, bytes / 1e6, shaped / 1e6);
    System.out.printf("GitReader.diff      runs %s ms (min %.0f)%n", fmt(raw), Arrays.stream(raw).min().orElse(0));
    System.out.printf("  (its CPU time     runs %s ms)%n", fmt(cpu));
    System.out.printf("git_diff (+ shape)  runs %s ms (min %.0f)%n", fmt(whole), Arrays.stream(whole).min().orElse(0));
    System.out.printf("git diff process    runs %s ms (min %.0f)%n", fmt(cli), Arrays.stream(cli).min().orElse(0));
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    System.out.printf("max heap %d MB, peak heap used (sum of pools) %d MB%n", Runtime.getRuntime().maxMemory() >> 20, peak >> 20);
  }

  private static String fmt(double[] values) {
    StringBuilder out = new StringBuilder();
    for (double v : values) {
      out.append(out.length() == 0 ? "" : ", ").append(String.format("%.0f", v));
    }
    return out.toString();
  }

  private static double p(double[] values, int percentile) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(index, sorted.length - 1))];
  }

  private static String load() {
    return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }
}
