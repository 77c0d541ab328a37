package dev.reviewgate.bench.mcp;

import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * MCP over stdio, measured from outside as a client sees it: the jar is a real subprocess.
 * <ul>
 *   <li>{@code coldstart [RUNS]}: process start to the first {@code initialize} response.</li>
 *   <li>{@code gitdiff REPO BASE HEAD [CALLS]}: warm {@code tools/call git_diff} round trips on one process,
 *       against a {@code git diff BASE HEAD} process each time.</li>
 * </ul>
 * System properties: {@code launcher} (e.g. {@code bin/reviewgate}: run it instead of {@code java -jar}),
 * {@code jar} (default {@code modules/app/target/reviewgate.jar}), {@code javaOpts} (extra JVM options for the
 * server, space-separated, e.g. {@code -XX:SharedArchiveFile=...}).
 */
public final class StdioBench {

  private static final String INITIALIZE = new JsonObject().put("jsonrpc", "2.0").put("id", 0).put("method", "initialize")
    .put("params", new JsonObject().put("protocolVersion", "2025-11-25").put("capabilities", new JsonObject())
      .put("clientInfo", new JsonObject().put("name", "bench").put("version", "1"))).encode();

  private StdioBench() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println("usage: StdioBench coldstart [RUNS] | gitdiff REPO BASE HEAD [CALLS] | firstcalls REPO [COMMITS] [TOOL] (-Dwarm=N, -Dgit=ARGS)");
      System.exit(2);
    }
    switch (args[0]) {
      case "coldstart" -> coldStart(args.length > 1 ? Integer.parseInt(args[1]) : 10);
      case "gitdiff" -> gitDiff(Path.of(args[1]), args[2], args[3], args.length > 4 ? Integer.parseInt(args[4]) : 200);
      case "ping" -> ping(args.length > 1 ? Integer.parseInt(args[1]) : 2000);
      case "firstcalls" -> firstCalls(Path.of(args[1]), args.length > 2 ? Integer.parseInt(args[2]) : 200,
        args.length > 3 ? args[3] : "git_diff");
      default -> {
        System.err.println("unknown mode " + args[0]);
        System.exit(2);
      }
    }
  }

  private static List<String> serverCommand() {
    String launcher = System.getProperty("launcher");
    if (launcher != null) {
      return List.of(Path.of(launcher).toAbsolutePath().toString(), "stdio");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String opts = System.getProperty("javaOpts", "").trim();
    if (!opts.isEmpty()) {
      command.addAll(Arrays.asList(opts.split("\\s+")));
    }
    command.addAll(List.of("-jar", Path.of(System.getProperty("jar", "modules/app/target/reviewgate.jar")).toAbsolutePath().toString(), "stdio"));
    return command;
  }

  private static void coldStart(int runs) throws Exception {
    long[] ms = new long[runs];
    for (int i = 0; i < runs; i++) {
      long start = System.nanoTime();
      Process process = new ProcessBuilder(serverCommand()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      OutputStream in = process.getOutputStream();
      in.write((INITIALIZE + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
      BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      String line = out.readLine();
      ms[i] = (System.nanoTime() - start) / 1_000_000;
      if (line == null || !line.contains("\"protocolVersion\"")) {
        throw new IllegalStateException("no initialize response: " + line);
      }
      in.close();
      process.waitFor(30, TimeUnit.SECONDS);
    }
    Arrays.sort(ms);
    System.out.printf("cold start to first initialize response, %d runs: min %d ms, p50 %d ms, max %d ms (%s)%n",
      runs, ms[0], ms[runs / 2], ms[runs - 1], String.join(" ", serverCommand()));
  }

  /** A server process started in {@code repo} with its session initialized. */
  private record Session(Process process, OutputStream in, BufferedReader out) {
    static Session open(Path repo) throws IOException {
      Process process = new ProcessBuilder(serverCommand()).directory(repo.toFile())
        .redirectError(System.getProperty("stderr") == null ? ProcessBuilder.Redirect.DISCARD
          : ProcessBuilder.Redirect.to(new java.io.File(System.getProperty("stderr")))).start();
      Session session = new Session(process, process.getOutputStream(),
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)));
      roundTrip(session.in(), session.out(), INITIALIZE);
      session.in().write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8));
      return session;
    }
  }

  private static void gitDiff(Path repo, String base, String head, int calls) throws Exception {
    Session session = Session.open(repo);
    Process process = session.process();
    OutputStream in = session.in();
    BufferedReader out = session.out();
    String repoName = new JsonObject(roundTrip(in, out, new JsonObject().put("jsonrpc", "2.0").put("id", 1).put("method", "tools/call")
      .put("params", new JsonObject().put("name", "git_repos").put("arguments", new JsonObject())).encode()))
      .getJsonObject("result").getJsonObject("structuredContent").getJsonArray("repos").getJsonObject(0).getString("name");
    String call = new JsonObject().put("jsonrpc", "2.0").put("id", 2).put("method", "tools/call")
      .put("params", new JsonObject().put("name", "git_diff").put("arguments",
        new JsonObject().put("repo", repoName).put("base", base).put("head", head))).encode();
    String first = roundTrip(in, out, call);
    if (first.contains("\"isError\":true")) {
      throw new IllegalStateException("git_diff failed: " + first);
    }
    int warmup = Math.max(50, calls / 2);
    for (int i = 0; i < warmup; i++) {
      roundTrip(in, out, call);
    }
    long[] mcp = new long[calls];
    for (int i = 0; i < calls; i++) {
      long start = System.nanoTime();
      roundTrip(in, out, call);
      mcp[i] = System.nanoTime() - start;
    }
    in.close();
    process.waitFor(30, TimeUnit.SECONDS);
    long[] git = new long[calls];
    for (int i = 0; i < calls; i++) {
      long start = System.nanoTime();
      Process diff = new ProcessBuilder("git", "diff", base, head).directory(repo.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      diff.getInputStream().readAllBytes();
      diff.waitFor();
      git[i] = System.nanoTime() - start;
    }
    Arrays.sort(mcp);
    Arrays.sort(git);
    double mcpP50 = mcp[calls / 2] / 1e6;
    double gitP50 = git[calls / 2] / 1e6;
    System.out.printf("tools/call git_diff %s..%s over stdio, warm, %d calls: p50 %.2f ms, p90 %.2f ms; "
        + "git diff process: p50 %.2f ms, p90 %.2f ms; ratio p50 %.2f%n", base, head, calls, mcpP50, mcp[calls * 9 / 10] / 1e6,
      gitP50, git[calls * 9 / 10] / 1e6, mcpP50 / gitP50);
  }

  /**
   * What an agent reviewing a branch meets: each of the last N non-merge commits asked once ({@code tools/call TOOL
   * {commit: SHA}} on one warm stdio process, so never a cached repeat), interleaved per commit with the process the
   * agent would otherwise run ({@code git diff --histogram PARENT SHA}, or {@code --name-status}/{@code --stat} for
   * git_changed_files/git_diff_stat) without user configuration. Prints p50/p90 of both and of the per-commit ratio.
   * Point it at a fresh clone (packed objects) of a real repository.
   */
  /** Commits asked before measuring (-Dwarm=N; default 20). */
  private static final int WARM = Integer.getInteger("warm", 20);

  private static void firstCalls(Path repo, int commits, String tool) throws Exception {
    List<String> shas = Arrays.stream(new String(new ProcessBuilder("git", "rev-list", "--no-merges", "--max-count=" + (commits + WARM), "HEAD")
        .directory(repo.toFile()).start().getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n"))
      .filter(line -> !line.isBlank()).toList();
    Session session = Session.open(repo);
    Process process = session.process();
    OutputStream in = session.in();
    BufferedReader out = session.out();
    // Warm the process (the backends, the first class loads) on commits that are not measured: the last WARM of the list.
    List<String> warm = shas.subList(Math.max(0, shas.size() - WARM), shas.size());
    List<String> measured = shas.subList(0, Math.max(0, shas.size() - WARM));
    int id = 10;
    for (String sha : warm) {
      roundTrip(in, out, call(id++, tool, sha));
    }
    // -Dgit="--numstat -M" compares with other git arguments (e.g. the line counts git_changed_files also reports).
    String[] extra = System.getProperty("git") != null ? System.getProperty("git").trim().split("\\s+") : switch (tool) {
      case "git_changed_files" -> new String[] {"--name-status", "-M"};
      case "git_diff_stat" -> new String[] {"--stat", "-M"};
      default -> new String[] {"--histogram", "-M"};
    };
    Path home = java.nio.file.Files.createTempDirectory("reviewgate-bench-home");
    List<Double> ours = new ArrayList<>();
    List<Double> git = new ArrayList<>();
    List<Double> ratio = new ArrayList<>();
    for (String sha : measured) {
      long start = System.nanoTime();
      String reply = roundTrip(in, out, call(id++, tool, sha));
      double mcp = (System.nanoTime() - start) / 1e6;
      if (reply.contains("\"isError\":true")) {
        continue; // e.g. a root commit without a parent
      }
      List<String> command = new ArrayList<>(List.of("git", "diff"));
      command.addAll(Arrays.asList(extra));
      command.addAll(List.of(sha + "~", sha));
      ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
      builder.environment().put("HOME", home.toString());
      builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
      start = System.nanoTime();
      Process diff = builder.start();
      diff.getInputStream().readAllBytes();
      diff.waitFor();
      double cli = (System.nanoTime() - start) / 1e6;
      ours.add(mcp);
      git.add(cli);
      ratio.add(mcp / cli);
    }
    in.close();
    process.waitFor(30, TimeUnit.SECONDS);
    System.out.printf("%s first call per commit over stdio, %d commits of %s: p50 %.2f ms, p90 %.2f ms; git process p50 "
        + "%.2f ms, p90 %.2f ms; per-commit ratio p50 %.2f, p90 %.2f%n", tool, ours.size(), repo, pct(ours, 50), pct(ours, 90),
      pct(git, 50), pct(git, 90), pct(ratio, 50), pct(ratio, 90));
  }

  private static String call(int id, String tool, String sha) {
    return new JsonObject().put("jsonrpc", "2.0").put("id", id).put("method", "tools/call")
      .put("params", new JsonObject().put("name", tool).put("arguments", new JsonObject().put("commit", sha))).encode();
  }

  private static double pct(List<Double> values, int percentile) {
    List<Double> sorted = new ArrayList<>(values);
    java.util.Collections.sort(sorted);
    return sorted.isEmpty() ? Double.NaN : sorted.get(Math.min(sorted.size() - 1, sorted.size() * percentile / 100));
  }

  /** The protocol's own overhead: ping round trips on one warm process. */
  private static void ping(int calls) throws Exception {
    Process process = new ProcessBuilder(serverCommand()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    OutputStream in = process.getOutputStream();
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    roundTrip(in, out, INITIALIZE);
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
    for (int i = 0; i < calls; i++) {
      roundTrip(in, out, ping);
    }
    long[] ns = new long[calls];
    for (int i = 0; i < calls; i++) {
      long start = System.nanoTime();
      roundTrip(in, out, ping);
      ns[i] = System.nanoTime() - start;
    }
    in.close();
    process.waitFor(30, TimeUnit.SECONDS);
    Arrays.sort(ns);
    System.out.printf("ping over stdio, warm, %d calls: p50 %.3f ms, p90 %.3f ms%n", calls, ns[calls / 2] / 1e6, ns[calls * 9 / 10] / 1e6);
  }

  private static String roundTrip(OutputStream in, BufferedReader out, String line) throws IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
    while (true) {
      String response = out.readLine();
      if (response == null) {
        throw new IOException("the server closed its output");
      }
      if (response.contains("\"id\"")) {
        return response;
      }
    }
  }
}
