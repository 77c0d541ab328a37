package dev.reviewgate.bench.cluster;

import dev.reviewgate.bench.HttpMcpLoad;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one cluster hop costs a user: HTTP MCP {@code tools/call} throughput and latency against a single node, then
 * through a {@code front} node whose backends run on another node (two processes on this machine, on loopback),
 * first without and then with a cluster key (membership encrypted, event bus over mutual TLS). The repository served
 * is the working directory's.
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.cluster.ClusterBench \
 *   modules/app/target/reviewgate.jar [seconds per run] [tool] [arguments JSON]</pre>
 */
public final class ClusterBench {

  private static final Pattern HTTP = Pattern.compile("serving http://127\\.0\\.0\\.1:(\\d+)/mcp");
  private static final Pattern MEMBER = Pattern.compile("joined cluster '[^']+' as 127\\.0\\.0\\.1:(\\d+)");
  private static final Pattern READY = Pattern.compile("node ready");

  private ClusterBench() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: ClusterBench REVIEWGATE_JAR [seconds] [tool] [arguments JSON]");
      System.exit(2);
    }
    String jar = args[0];
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    String tool = args.length > 2 ? args[2] : "git_resolve";
    JsonObject arguments = new JsonObject(args.length > 3 ? args[3] : "{\"revision\": \"HEAD\"}");
    JsonArray results = new JsonArray();

    try (Server single = Server.start(jar, HTTP, "serve", "--port", "0")) {
      measure(results, "single node", single.number(HTTP), tool, arguments, seconds);
    }
    try (Server backend = Server.start(jar, READY, "serve", "--cluster", "--roles", "git,diff,review");
         Server front = Server.start(jar, HTTP, "serve", "--port", "0", "--cluster", "--roles", "front",
           "--join", "127.0.0.1:" + backend.number(MEMBER))) {
      measure(results, "front node -> backend node", front.number(HTTP), tool, arguments, seconds);
    }
    java.nio.file.Path keys = java.nio.file.Files.createTempDirectory("reviewgate-bench-key");
    String key = keys.resolve("cluster.p12").toString();
    try {
      Process made = Server.command(jar, "cluster-key", key).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      if (!made.waitFor(120, TimeUnit.SECONDS) || made.exitValue() != 0) {
        throw new IllegalStateException("reviewgate cluster-key " + key + " failed");
      }
      try (Server backend = Server.start(jar, READY, "serve", "--cluster", "--cluster-key", key, "--roles", "git,diff,review");
           Server front = Server.start(jar, HTTP, "serve", "--port", "0", "--cluster", "--cluster-key", key,
             "--roles", "front", "--join", "127.0.0.1:" + backend.number(MEMBER))) {
        measure(results, "front node -> backend node, with a cluster key", front.number(HTTP), tool, arguments, seconds);
      }
    } finally {
      java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(key));
      java.nio.file.Files.deleteIfExists(keys);
    }
    System.out.println(results.encodePrettily());
  }

  private static void measure(JsonArray results, String setup, int port, String tool, JsonObject arguments, int seconds)
    throws Exception {
    URI url = URI.create("http://127.0.0.1:" + port + "/mcp");
    for (int concurrency : new int[] {1, 16}) {
      JsonObject result = HttpMcpLoad.measure(url, tool, arguments, concurrency, 5, seconds).put("setup", setup);
      System.err.println(result.encode());
      results.add(result);
    }
  }

  /** A reviewgate process; ready when its stderr shows {@code ready}. */
  private static final class Server implements AutoCloseable {

    private final Process process;
    private final StringBuffer stderr = new StringBuffer();

    private Server(Process process, Pattern ready) throws Exception {
      this.process = process;
      CompletableFuture<Void> started = new CompletableFuture<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
          for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            stderr.append(line).append('\n');
            if (ready.matcher(line).find()) {
              started.complete(null);
            }
          }
        } catch (Exception e) {
          started.completeExceptionally(e);
        }
        started.completeExceptionally(new IllegalStateException("exited before it was ready:\n" + stderr));
      });
      reader.setDaemon(true);
      reader.start();
      started.get(240, TimeUnit.SECONDS);
    }

    static Server start(String jar, Pattern ready, String... arguments) throws Exception {
      return new Server(command(jar, arguments).start(), ready);
    }

    static ProcessBuilder command(String jar, String... arguments) {
      List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar", jar));
      command.addAll(List.of(arguments));
      ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
      builder.environment().keySet().removeIf(name -> name.startsWith("REVIEWGATE_"));
      return builder;
    }

    int number(Pattern pattern) {
      Matcher m = pattern.matcher(stderr);
      if (!m.find()) {
        throw new IllegalStateException("no " + pattern + " in:\n" + stderr);
      }
      return Integer.parseInt(m.group(1));
    }

    @Override
    public void close() throws Exception {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }
}
