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
 * java -cp ... DiffBench firsts &lt;repo&gt; 150   (-Dwarm=N commits first, default 20; -Dslowest=true lists the ten slowest)
 *   the git work of a first call in-process: each commit diffed once, then again
 * java -cp ... DiffBench range &lt;repo&gt; &lt;from&gt; &lt;to&gt; [reps] [context_lines]
 *   one big range diff: bytes, warm time of GitReader alone and of the whole tool (parse + shape), git's time
 * java -cp ... DiffBench generate /tmp/big25 460
 *   a bare repository whose last commit adds 460 files of 2,600 lines (a 26 MB diff)
 * java -Xmx256m -cp ... DiffBench range &lt;repo&gt; &lt;from&gt; &lt;to&gt; 1
 *   the same under a small heap: completes, output capped by the shaping defaults, peak heap printed
 * </pre>
 */
public final class DiffBench {

  private DiffBench() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("generate")) {
      generate(Path.of(args[1]), Integer.parseInt(args[2]));
      return;
    }
    if (args.length < 3) {
      System.err.println("usage: DiffBench commits <repo> <N> | firsts <repo> <N> | range <repo> <from> <to> [reps]");
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
      } else if (args[0].equals("firsts")) {
        firsts(reader, diffOptions, Integer.parseInt(args[2]));
      } else {
        int context = args.length > 5 ? Integer.parseInt(args[5]) : options.defaultContextLines();
        range(reader, git, engine, new GitReader.DiffOptions(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM, context, List.of()),
          args[2], args[3], args.length > 4 ? Integer.parseInt(args[4]) : 5);
      }
      System.out.printf("load after: %s%n", load());
    }
  }

  /**
   * What the git work of a first call costs in-process: each commit diffed once (after 20 others warmed the JIT),
   * then once more, so the difference is what a first call pays for objects not yet read.
   */
  private static void firsts(GitReader reader, GitReader.DiffOptions diffOptions, int n) throws Exception {
    List<String> commits = newest(reader, n + Integer.getInteger("warm", 20)).stream().map(RevCommit::name).toList();
    for (String sha : commits.subList(n, commits.size())) {
      reader.diff(reader.pair(new DiffTarget(null, null, sha, null)), diffOptions, Cancellation.NONE);
    }
    double[] first = new double[n];
    double[] second = new double[n];
    for (int i = 0; i < n; i++) {
      String sha = commits.get(i);
      long t0 = System.nanoTime();
      reader.diff(reader.pair(new DiffTarget(null, null, sha, null)), diffOptions, Cancellation.NONE);
      long t1 = System.nanoTime();
      reader.diff(reader.pair(new DiffTarget(null, null, sha, null)), diffOptions, Cancellation.NONE);
      long t2 = System.nanoTime();
      first[i] = (t1 - t0) / 1e6;
      second[i] = (t2 - t1) / 1e6;
    }
    if (Boolean.getBoolean("slowest")) {
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> Double.compare(first[b], first[a]));
      for (int i = 0; i < Math.min(10, n); i++) {
        String sha = commits.get(order[i]);
        GitReader.Patch patch = reader.diff(reader.pair(new DiffTarget(null, null, sha, null)), diffOptions, Cancellation.NONE);
        System.out.printf("  slow %s %.2f ms: %d files, %d bytes of diff%n", sha.substring(0, 10), first[order[i]], patch.files(),
          patch.bytes().length);
      }
    }
    System.out.printf("GitReader.diff first call  p50 %.2f ms  p90 %.2f ms%n", p(first, 50), p(first, 90));
    System.out.printf("GitReader.diff second call p50 %.2f ms  p90 %.2f ms%n", p(second, 50), p(second, 90));
  }

  /** The newest {@code n} commits with exactly one parent, HEAD first. */
  private static List<RevCommit> newest(GitReader reader, int n) throws Exception {
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
    return commits;
  }

  private static void commits(GitReader reader, GitCli git, DiffEngine engine, GitReader.DiffOptions diffOptions, int n)
    throws Exception {
    List<RevCommit> commits = newest(reader, n);
    // Warm up: every commit twice, so JIT and JGit's pack cache are warm as in a running server.
    for (int round = 0; round < 2; round++) {
      for (RevCommit c : commits) {
        tool(reader, engine, diffOptions, c.name());
        shapedFromModel(reader, engine, diffOptions, c.name());
      }
    }
    double[] raw = new double[commits.size()];
    double[] whole = new double[commits.size()];
    double[] model = new double[commits.size()];
    double[] cli = new double[commits.size()];
    double[] ratio = new double[commits.size()];
    for (int i = 0; i < commits.size(); i++) {
      RevCommit c = commits.get(i);
      long t0 = System.nanoTime();
      reader.diff(reader.pair(new DiffTarget(null, null, c.name(), null)), diffOptions, Cancellation.NONE);
      long t1 = System.nanoTime();
      tool(reader, engine, diffOptions, c.name());
      long t2 = System.nanoTime();
      shapedFromModel(reader, engine, diffOptions, c.name());
      model[i] = (System.nanoTime() - t2) / 1e6;
      t2 = System.nanoTime();
      git.output(null, "diff", "--histogram", "--no-color", c.getParent(0).name(), c.name());
      long t3 = System.nanoTime();
      raw[i] = (t1 - t0) / 1e6;
      whole[i] = (t2 - t1) / 1e6;
      cli[i] = (t3 - t2) / 1e6;
      ratio[i] = whole[i] / cli[i];
    }
    System.out.printf("commits: %d (non-merge, one parent), warm, side by side%n", commits.size());
    System.out.printf("GitReader.diff (bytes)          p50 %.2f ms  p90 %.2f ms%n", p(raw, 50), p(raw, 90));
    System.out.printf("git_diff in-process (+ shape)   p50 %.2f ms  p90 %.2f ms   (text, parsed, shaped)%n", p(whole, 50), p(whole, 90));
    System.out.printf("git_diff shaped from the model  p50 %.2f ms  p90 %.2f ms   (GitReader.model, shaped: git_diff's path)%n",
      p(model, 50), p(model, 90));
    System.out.printf("git diff --histogram process    p50 %.2f ms  p90 %.2f ms%n", p(cli, 50), p(cli, 90));
    System.out.printf("ratio git_diff / git process    p50 %.2f   (per-commit ratios; target <= 0.40)%n", p(ratio, 50));
    System.out.printf("ratio of p50s                   %.2f%n", p(whole, 50) / p(cli, 50));
  }

  private static JsonObject tool(GitReader reader, DiffEngine engine, GitReader.DiffOptions diffOptions, String commit) {
    GitReader.Patch patch = reader.diff(reader.pair(new DiffTarget(null, null, commit, null)), diffOptions, Cancellation.NONE);
    return engine.shape(engine.parse(patch.bytes()), new JsonObject());
  }

  /** A shaped git_diff as GitVerticle makes it: the model built as xdiff writes, shaped, no text parsed. */
  private static JsonObject shapedFromModel(GitReader reader, DiffEngine engine, GitReader.DiffOptions diffOptions,
                                            String commit) {
    GitReader.Patch patch = reader.model(reader.pair(new DiffTarget(null, null, commit, null)), diffOptions, Cancellation.NONE);
    return engine.shape(patch.model(), new JsonObject());
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

  /** Run times as "12, 9, 10" (shared by the git benches). */
  static String fmt(double[] values) {
    StringBuilder out = new StringBuilder();
    for (double v : values) {
      out.append(out.length() == 0 ? "" : ", ").append(String.format("%.0f", v));
    }
    return out.toString();
  }

  /** The nearest-rank percentile (shared by the git benches). */
  static double p(double[] values, int percentile) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(index, sorted.length - 1))];
  }

  /** A bare repository: a seed commit, then one commit adding {@code files} files of 2,600 pseudo-random lines. */
  private static void generate(Path dir, int files) throws Exception {
    java.nio.file.Files.createDirectories(dir);
    new ProcessBuilder("git", "init", "-q", "--bare", "-b", "main", dir.toString()).inheritIO().start().waitFor();
    java.util.Random random = new java.util.Random(7);
    String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"};
    java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
    java.io.PrintStream out = new java.io.PrintStream(stream, false, java.nio.charset.StandardCharsets.UTF_8);
    out.print("commit refs/heads/main\nmark :1\ncommitter B <b@example.com> 1700000000 +0000\ndata 4\nseed\n");
    out.print("M 100644 inline seed.txt\ndata 5\nseed\n\n");
    out.print("commit refs/heads/main\nmark :2\ncommitter B <b@example.com> 1700000000 +0000\ndata 3\nbig\nfrom :1\n");
    for (int f = 0; f < files; f++) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 2600; i++) {
        text.append(words[random.nextInt(words.length)]).append(' ').append(i).append(' ')
          .append(words[random.nextInt(words.length)]).append(" v").append(f).append('\n');
      }
      byte[] data = text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      out.print("M 100644 inline dir" + (f % 10) + "/file" + f + ".txt\ndata " + data.length + "\n");
      out.flush();
      stream.write(data);
      out.print("\n");
    }
    out.flush();
    GitCli.Result result = new GitCli(dir).run(null, stream.toByteArray(), "fast-import", "--quiet");
    if (result.exit() != 0) {
      throw new IllegalStateException(result.err());
    }
    System.out.println("generated " + dir + ": HEAD~..HEAD adds " + files + " files");
  }

  private static String load() {
    return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }
}
