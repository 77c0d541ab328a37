package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.review.TempRepo;
import io.vertx.core.json.JsonObject;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster a team can run (#23), with real {@code reviewgate serve} processes on loopback: three nodes started at
 * the same moment with one {@code --join} list form one cluster; a node killed and started again with the same
 * command is back; a git node stopped for 20 s (SIGSTOP) delays no call through the front beyond 7 s, never delays
 * {@code /health}, and is a member again after it resumes. Figures go to stderr for docs/cluster.md.
 */
@Timeout(value = 900, unit = TimeUnit.SECONDS)
class ClusterStartupIT {

  private static final long FORM_WITHIN_MS = 60_000;
  private static final long CALL_WITHIN_MS = 7_000;
  private static final long HEALTH_WITHIN_MS = 1_000;
  /** The front's deadline for one call: a call sent to the stopped node fails at this, not when it resumes. */
  private static final String CALL_DEADLINE_MS = "5000";

  @TempDir
  Path repo;
  private final List<ServeProcess> started = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (ServeProcess process : started) {
      process.close();
    }
  }

  @Test
  void threeNodesStartedAtOnceFormOneClusterSurviveARestartAndAStall() throws Exception {
    new TempRepo(repo).greetingChange();
    String head = GitFixture.git(repo, "rev-parse", "HEAD").strip();
    int[] ports = {freePort(), freePort(), freePort()};
    String join = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1] + ",127.0.0.1:" + ports[2];
    List<String[]> commands = List.of(
      node(ports[0], join, "front,git,diff,review"),
      node(ports[1], join, "git,diff"),
      node(ports[2], join, "git,diff"));

    // All three at once, as docker-compose or systemd start them.
    long launched = System.nanoTime();
    List<CompletableFuture<ServeProcess>> starting = commands.stream().map(this::start).toList();
    ServeProcess front = starting.get(0).get(300, TimeUnit.SECONDS);
    ServeProcess second = starting.get(1).get(300, TimeUnit.SECONDS);
    ServeProcess third = starting.get(2).get(300, TimeUnit.SECONDS);
    long ready = System.nanoTime();
    awaitMembers(front, n -> n == 3, FORM_WITHIN_MS);
    figure("3 nodes started at once: one 3-member cluster " + ms(launched) + " ms after launch ("
      + ms(ready) + " ms after the last process was up)");

    // The first git node killed and started again exactly as before.
    long killed = System.nanoTime();
    second.kill();
    awaitMembers(front, n -> n == 2, FORM_WITHIN_MS);
    figure("SIGKILL of a member: gone from the view after " + ms(killed) + " ms");
    long restarted = System.nanoTime();
    ServeProcess again = start(commands.get(1)).get(300, TimeUnit.SECONDS);
    long againReady = System.nanoTime();
    awaitMembers(front, n -> n == 3, FORM_WITHIN_MS);
    figure("restarted member back " + ms(restarted) + " ms after its launch (" + ms(againReady) + " ms after it was up)");
    assertThat(resolveThrough(front).getJsonObject("structuredContent").getString("sha")).isEqualTo(head);

    // A git node stalls for 20 s: no call through the front waits on it beyond its deadline, /health never blocks.
    third.signal("STOP");
    long stopped = System.nanoTime();
    int calls = 0;
    int answered = 0;
    long slowestCall = 0;
    long slowestHealth = 0;
    long firstGoodAfterStop = -1;
    while (System.nanoTime() - stopped < TimeUnit.SECONDS.toNanos(20)) {
      long call = System.nanoTime();
      JsonObject result = resolveThrough(front);
      long took = ms(call);
      calls++;
      slowestCall = Math.max(slowestCall, took);
      assertThat(took).as("a call through the front while a git node is stopped").isLessThanOrEqualTo(CALL_WITHIN_MS);
      if (!result.getBoolean("isError", false)) {
        answered++;
        assertThat(result.getJsonObject("structuredContent").getString("sha")).isEqualTo(head);
      }
      long health = System.nanoTime();
      FrontCalls.health(front, Duration.ofMillis(HEALTH_WITHIN_MS + 1000));
      slowestHealth = Math.max(slowestHealth, ms(health));
      assertThat(ms(health)).as("/health while a git node is stopped").isLessThanOrEqualTo(HEALTH_WITHIN_MS);
      if (firstGoodAfterStop < 0 && FrontCalls.members(front) == 2) {
        firstGoodAfterStop = ms(stopped);
      }
    }
    assertThat(calls).isGreaterThanOrEqualTo(5);
    assertThat(answered).as("calls answered by the nodes still running").isGreaterThanOrEqualTo(calls / 2);
    figure("SIGSTOP of a git node for 20 s: " + calls + " calls through the front, " + answered + " answered, slowest "
      + slowestCall + " ms; slowest /health " + slowestHealth + " ms; out of the view after " + firstGoodAfterStop + " ms");
    third.signal("CONT");
    long resumed = System.nanoTime();
    awaitMembers(front, n -> n == 3, FORM_WITHIN_MS);
    awaitGitNodes(front, 3, FORM_WITHIN_MS);
    figure("resumed git node a member again after " + ms(resumed) + " ms");
    started.add(again);
  }

  @Test
  void aTakenClusterPortExitsTwoWithOneLineAndNoStackFrames() throws Exception {
    new TempRepo(repo).greetingChange();
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ServeProcess.Ended refused = ServeProcess.run(repo, "serve", "--port", "0", "--cluster", "--cluster-port",
        Integer.toString(taken.getLocalPort()));
      assertThat(refused.exit()).as(refused.stderr()).isEqualTo(2);
      List<String> lines = refused.stderr().lines().filter(line -> !line.isBlank()).toList();
      assertThat(lines).as(refused.stderr()).hasSize(1);
      assertThat(lines.get(0)).contains("cluster port " + taken.getLocalPort() + " on 127.0.0.1 is taken")
        .contains("--cluster-port");
      assertThat(refused.stderr()).doesNotContain("\tat ").doesNotContain("Exception");
    }
  }

  private static String[] node(int port, String join, String roles) {
    return new String[] {"--cluster", "--cluster-port", Integer.toString(port), "--join", join, "--roles", roles};
  }

  private CompletableFuture<ServeProcess> start(String[] arguments) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        ServeProcess process = ServeProcess.start(repo, Map.of("REVIEWGATE_REQUEST_TIMEOUT_MS", CALL_DEADLINE_MS), arguments);
        synchronized (started) {
          started.add(process);
        }
        return process;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static JsonObject resolveThrough(ServeProcess front) throws Exception {
    return FrontCalls.tool(front, "git_resolve", new JsonObject().put("revision", "HEAD"));
  }

  private static void awaitMembers(ServeProcess front, IntPredicate wanted, long withinMs) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(withinMs);
    int members = FrontCalls.members(front);
    while (!wanted.test(members) && System.nanoTime() < deadline) {
      Thread.sleep(250);
      members = FrontCalls.members(front);
    }
    assertThat(wanted.test(members)).as("members now " + members + "; " + FrontCalls.health(front).encode()).isTrue();
  }

  private static void awaitGitNodes(ServeProcess front, int wanted, long withinMs) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(withinMs);
    while (gitNodes(front) != wanted && System.nanoTime() < deadline) {
      Thread.sleep(250);
    }
    assertThat(gitNodes(front)).as(FrontCalls.health(front).encode()).isEqualTo(wanted);
  }

  private static int gitNodes(ServeProcess front) throws Exception {
    JsonObject roles = FrontCalls.health(front).getJsonObject("cluster").getJsonObject("roles");
    return roles.getJsonArray("git") == null ? 0 : roles.getJsonArray("git").size();
  }

  private static long ms(long since) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
  }

  private static void figure(String text) {
    System.err.println("cluster figure: " + text);
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
