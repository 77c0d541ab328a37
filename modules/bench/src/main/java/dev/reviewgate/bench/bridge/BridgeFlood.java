package dev.reviewgate.bench.bridge;

import dev.reviewgate.core.testing.BridgeFloodClient;
import dev.reviewgate.core.testing.BridgeFloodClient.RssSampler;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue #21's two floods against a running {@code reviewgate serve --bus-bridge-port P}, with the server's resident
 * memory (VmRSS of {@code --pid}, sampled every 20 ms) and the latency of a well-behaved client's calls meanwhile.
 * Prints one JSON line per flood: baseline and peak RSS in MB, growth, and the calls' latencies in ms.
 *
 * <ul>
 *   <li>{@code frames}: {@code --connections} connections each announce a 1 MiB frame and send all of it but the last
 *   byte, anonymously, then again with {@code --flood-token} (if given; each connection first pings with it).</li>
 *   <li>{@code never-read}: one client sends {@code --requests} {@code git_show_file} requests for {@code --path}
 *   (about 1 MB each) and never reads for {@code --seconds} (past the server's stall deadline), then checks
 *   that the server has closed it.</li>
 * </ul>
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.bridge.BridgeFlood --port 7421 \
 *   --pid $(pgrep -f 'reviewgate.jar serve') --token "$(bin/reviewgate token)" --path big.txt --flood both</pre>
 */
public final class BridgeFlood {

  private static final int MIB = 1024 * 1024;

  private BridgeFlood() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>(Map.of("--host", "127.0.0.1", "--connections", "300",
      "--requests", "1500", "--seconds", "40", "--flood", "both", "--path", "big.txt"));
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i], args[i + 1]);
    }
    if (!options.containsKey("--port") || !options.containsKey("--pid") || !options.containsKey("--token")) {
      System.err.println("usage: BridgeFlood --port BRIDGE_PORT --pid SERVER_PID --token TOKEN [--flood-token TOKEN] "
        + "[--flood frames|never-read|both] [--connections 300] [--requests 1500] [--path big.txt] [--seconds 40]");
      System.exit(2);
    }
    BridgeFloodClient bridge = new BridgeFloodClient(options.get("--host"), Integer.parseInt(options.get("--port")));
    long pid = Long.parseLong(options.get("--pid"));
    String token = options.get("--token");
    JsonObject small = BridgeFloodClient.send("reviewgate.git.log", new JsonObject().put("limit", 1), token);
    JsonObject big = BridgeFloodClient.send("reviewgate.git.show_file",
      new JsonObject().put("path", options.get("--path")), token);
    for (int i = 0; i < 30; i++) {
      bridge.call(big);
    }
    String flood = options.get("--flood");
    if (flood.equals("frames") || flood.equals("both")) {
      int connections = Integer.parseInt(options.get("--connections"));
      frames(bridge, pid, small, connections, null);
      if (options.containsKey("--flood-token")) {
        frames(bridge, pid, small, connections, options.get("--flood-token"));
      }
    }
    if (flood.equals("never-read") || flood.equals("both")) {
      neverRead(bridge, pid, small, big, Integer.parseInt(options.get("--requests")),
        Integer.parseInt(options.get("--seconds")));
    }
  }

  private static void frames(BridgeFloodClient bridge, long pid, JsonObject small, int connections, String floodToken)
    throws Exception {
    Thread.sleep(1_000);
    long baseline = RssSampler.rssMb(pid);
    List<Long> latencies = new ArrayList<>();
    String held;
    try (RssSampler rss = new RssSampler(pid, 20)) {
      try (BridgeFloodClient.Held flood = bridge.holdUnfinishedFrames(connections, MIB, floodToken, 15_000)) {
        for (int i = 0; i < 5; i++) {
          latencies.add(timed(bridge, small));
          Thread.sleep(500);
        }
        held = flood.toString() + ", closed by the server: " + flood.closedByServer();
      }
      print(new JsonObject().put("flood", floodToken == null ? "unfinished 1 MiB frames, anonymous"
          : "unfinished 1 MiB frames, after a credential").put("connections", connections)
        .put("baselineMb", baseline).put("peakMb", rss.peakMb()).put("growthMb", rss.peakMb() - baseline)
        .put("otherCallMs", latencies).put("clients", held));
    }
  }

  private static void neverRead(BridgeFloodClient bridge, long pid, JsonObject small, JsonObject big, int requests,
                                int seconds) throws Exception {
    Thread.sleep(1_000);
    long baseline = RssSampler.rssMb(pid);
    List<Long> latencies = new ArrayList<>();
    try (RssSampler rss = new RssSampler(pid, 20);
         BridgeFloodClient.Greedy greedy = bridge.neverRead(big, requests)) {
      long end = System.currentTimeMillis() + seconds * 1000L;
      while (System.currentTimeMillis() < end && RssSampler.rssMb(pid) > 0) {
        latencies.add(timed(bridge, small));
        Thread.sleep(1_000);
      }
      // by now (past busBridge.writeStallTimeoutMs) the server should have closed it
      boolean closed = greedy.endsWithin(64L * 1024 * 1024, 20_000);
      print(new JsonObject().put("flood", "never-reading client, ~1 MB replies").put("requests", requests)
        .put("baselineMb", baseline).put("peakMb", rss.peakMb()).put("growthMb", rss.peakMb() - baseline)
        .put("otherCallMs", latencies).put("closedByServer", closed).put("serverAlive", RssSampler.rssMb(pid) > 0));
    }
  }

  /** A call's latency in ms, or -1 when it failed (refused, or the server gone). */
  private static long timed(BridgeFloodClient bridge, JsonObject message) {
    try {
      BridgeFloodClient.Timed timed = bridge.call(message);
      return "message".equals(timed.reply().getString("type")) ? timed.millis() : -1;
    } catch (java.io.IOException failed) {
      return -1;
    }
  }

  private static void print(JsonObject line) {
    System.out.println(line.encode());
  }
}
