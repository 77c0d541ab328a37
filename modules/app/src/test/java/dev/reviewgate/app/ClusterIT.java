package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.Prerequisites;
import dev.reviewgate.mcp.ToolResults;
import dev.reviewgate.review.TempRepo;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four real {@code reviewgate serve --cluster} processes on loopback: a backend node (git, diff, review), a second git
 * node, and two front nodes (A with the TCP bridge for services, B for the person's dashboard). Calls made on a
 * front node run on the backends; a review asked for through A's MCP is commented through B's bridge and A's
 * blocking call returns; SIGKILL of a git node costs at most the calls in flight on it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ClusterIT {

  private static final Pattern MEMBER_PORT = Pattern.compile("joined cluster '[^']+' as 127\\.0\\.0\\.1:(\\d+)");
  private static final Pattern BRIDGE_PORT = Pattern.compile("TCP event-bus bridge on 127\\.0\\.0\\.1:(\\d+)");
  private static final long CALL_DEADLINE_MS = 8_000;

  @TempDir
  static Path repoDir;
  private static String[] commits;
  private static String repoName;
  private static ServeProcess backend;
  private static ServeProcess git2;
  private static ServeProcess frontA;
  private static ServeProcess frontB;
  private static Vertx vertx;
  private static String join;

  @BeforeAll
  static void startCluster() throws Exception {
    commits = new TempRepo(repoDir).greetingChange();
    repoName = repoDir.getFileName().toString();
    vertx = Vertx.vertx();
    backend = ServeProcess.start(repoDir, "--cluster", "--roles", "git,diff,review");
    join = "127.0.0.1:" + backend.number(MEMBER_PORT);
    // The other three join one after the other: three joining at once is ClusterStartupIT's subject, and in a loaded
    // CI run (2026-11-28) one of three started together here was still outside the cluster 90 s later.
    git2 = node(Map.of(), "--cluster", "--join", join, "--roles", "git").get(120, TimeUnit.SECONDS);
    // A's calls have an 8 s deadline (30 s by default), so the failover test sees a lost call end within its window.
    frontA = node(Map.of("REVIEWGATE_REQUEST_TIMEOUT_MS", Long.toString(CALL_DEADLINE_MS)),
      "--cluster", "--join", join, "--roles", "front", "--bus-bridge-port", "0").get(120, TimeUnit.SECONDS);
    frontB = node(Map.of(), "--cluster", "--join", join, "--roles", "front").get(120, TimeUnit.SECONDS);
    // A node that did not hear from the first within its join time forms a cluster of its own and merges into the
    // others a few seconds later (ClusterStartupIT tests that); these tests are about a cluster once it has formed.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    int members = 0;
    while (System.nanoTime() < deadline && (members = memberCount(frontA)) < 4) {
      Thread.sleep(500);
    }
    if (members < 4) {
      throw new IllegalStateException("the four nodes formed no single cluster within 90 s (front A sees " + members + ")");
    }
  }

  private static int memberCount(ServeProcess front) {
    try {
      JsonObject cluster = health(front).getJsonObject("cluster");
      return cluster == null ? 0 : cluster.getJsonArray("members", new JsonArray()).size();
    } catch (Exception notYet) {
      return 0;
    }
  }

  private static CompletableFuture<ServeProcess> node(Map<String, String> environment, String... arguments) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return ServeProcess.start(repoDir, environment, arguments);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  @AfterAll
  static void stopCluster() throws Exception {
    for (ServeProcess process : new ServeProcess[] {frontA, frontB, git2, backend}) {
      if (process != null) {
        process.close();
      }
    }
    if (vertx != null) {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  @Order(1)
  void aFrontNodeListsTheCatalogAndRunsEveryCallOnTheBackends() throws Exception {
    JsonObject cluster = health(frontA).getJsonObject("cluster");
    assertThat(cluster.getJsonArray("members")).hasSize(4);
    assertThat(cluster.getJsonObject("roles").getJsonArray("git")).hasSize(2);
    assertThat(cluster.getJsonObject("roles").getJsonArray("front")).hasSize(2);
    assertThat(cluster.getJsonObject("addresses").getInteger("reviewgate.git.diff")).isEqualTo(2);
    assertThat(cluster.getJsonArray("unserved").getList()).contains("reviewgate.github.pr.get").doesNotContain("reviewgate.git.diff");
    assertThat(cluster.getJsonArray("members").stream().map(JsonObject.class::cast).filter(m -> m.getBoolean("local")))
      .singleElement().satisfies(local -> assertThat(local.getJsonArray("roles").getList()).containsExactly("front"));

    JsonObject tools = mcp(frontA, "tools/list", null, new JsonObject());
    assertThat(tools.getJsonObject("result").getJsonArray("tools").stream().map(t -> ((JsonObject) t).getString("name")))
      .contains("git_diff", "review_request", "github_get_pull_request");

    String expected = GitFixture.git(repoDir, "diff", "--histogram", commits[0], commits[1]);
    JsonObject diff = diffOver(frontA);
    assertThat(diff.getBoolean("isError", false)).as(diff.encode()).isFalse();
    assertThat(ToolResults.reply(diff).getString("diff")).isEqualTo(expected);
    assertThat(ToolResults.reply(diffOver(frontB)).getString("diff")).isEqualTo(expected);

    // An agent's own stdio process as a front node of the team's cluster.
    try (McpProcess agent = McpProcess.start(repoDir, "--cluster", "--join", join, "--roles", "front")) {
      // Its first answer comes once it has joined: generous, as clustered JVMs start slowly on a busy machine.
      agent.send(Messages.initialize(1, "2025-11-25"));
      assertThat(agent.next(Duration.ofSeconds(120)).getValue("id")).isEqualTo(1);
      JsonObject viaStdio = agent.request(Messages.request(2, "tools/call", new JsonObject().put("name", "git_diff")
        .put("arguments", new JsonObject().put("base", commits[0]).put("head", commits[1])))).getJsonObject("result");
      assertThat(ToolResults.reply(viaStdio).getString("diff")).as(agent.stderr()).isEqualTo(expected);
      // Its warm-up would only load the team's git nodes: a front-only process makes none.
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
      while (!agent.stderr().contains("warm-up:") && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(agent.stderr()).contains("warm-up: none (git work runs on other nodes");
    }

    // Services that are not on the JVM: the example clients (standard libraries only) over A's TCP bridge.
    String bridge = "127.0.0.1:" + frontA.number(BRIDGE_PORT);
    for (String[] client : new String[][] {{"python3", "clients/bus/reviewgate_bus.py"}, {"node", "clients/bus/reviewgate-bus.mjs"}}) {
      // Not skipped in silence: missing, it skips the test on a developer's machine and fails it in CI.
      String interpreter = Prerequisites.executable(client[0], "apt-get install -y " + (client[0].equals("node") ? "nodejs" : client[0]));
      Process process = new ProcessBuilder(interpreter, example(client[1]), bridge, "diff", repoName, commits[0], commits[1])
        .redirectError(ProcessBuilder.Redirect.PIPE).start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as(client[1] + ": " + err).isZero();
      assertThat(out).as(client[1]).isEqualTo(expected);
    }
  }

  /** The path of an example client of the repository's {@code clients/} folder (tests run in modules/app). */
  private static String example(String path) {
    return Path.of("../..").resolve(path).toAbsolutePath().normalize().toString();
  }

  @Test
  @Order(2)
  void aWaitTaskMadeThroughOneFrontIsReadAndCompletedThroughAnother() throws Exception {
    JsonObject tasks = new JsonObject().put("extensions", new JsonObject().put("io.modelcontextprotocol/tasks", new JsonObject()));
    String id = mcp(frontA, "tools/call", "review_request", new JsonObject().put("name", "review_request").put("arguments",
        new JsonObject().put("title", "Task across fronts").put("commit_range", commits[0] + ".." + commits[1]).put("wait", false)),
      tasks).getJsonObject("result").getJsonObject("structuredContent").getString("review_id");
    JsonObject created = mcp(frontA, "tools/call", "review_update", new JsonObject().put("name", "review_update")
      .put("arguments", new JsonObject().put("review_id", id).put("action", "wait_for_feedback")), tasks).getJsonObject("result");
    assertThat(created.getString("resultType")).isEqualTo("task");
    String taskId = created.getString("taskId");
    assertThat(mcp(frontB, "tasks/get", taskId, new JsonObject().put("taskId", taskId), tasks).getJsonObject("result")
      .getString("status")).as("the other front reads the task from the review node").isEqualTo("working");

    BridgeSocket dashboard = BridgeSocket.asPerson(vertx, frontB.port());
    try {
      JsonObject comment = dashboard.call("reviewgate.review.comment", new JsonObject().put("review_id", id)
        .put("body", "Asked through A, answered through B").put("file", "src/App.java").put("line", 9));
      assertThat(comment.getString("type")).as(comment.encode()).isEqualTo("rec");
    } finally {
      dashboard.close();
    }
    JsonObject done = null;
    for (int i = 0; i < 300 && done == null; i++) {
      JsonObject polled = mcp(frontB, "tasks/get", taskId, new JsonObject().put("taskId", taskId), tasks).getJsonObject("result");
      if ("completed".equals(polled.getString("status"))) {
        done = polled;
      } else {
        Thread.sleep(100);
      }
    }
    assertThat(done).as("the task completes").isNotNull();
    JsonObject feedback = done.getJsonObject("result").getJsonObject("structuredContent").getJsonObject("feedback");
    assertThat(feedback.getString("body")).isEqualTo("Asked through A, answered through B");
    assertThat(feedback.getInteger("line")).isEqualTo(9);
    assertThat(mcp(frontA, "tasks/get", taskId, new JsonObject().put("taskId", taskId), tasks).getJsonObject("result")
      .getString("status")).isEqualTo("completed");
  }

  @Test
  @Order(3)
  void aReviewAskedThroughOneFrontIsCommentedThroughAnother() throws Exception {
    // A service subscribed to review events through A's TCP bridge hears of the review made on the review node.
    String python = Prerequisites.executable("python3", "apt-get install -y python3");
    Process events = python == null ? null : new ProcessBuilder(python, example("clients/bus/reviewgate_bus.py"),
      "127.0.0.1:" + frontA.number(BRIDGE_PORT), "events", "60").redirectError(ProcessBuilder.Redirect.DISCARD).start();
    java.io.BufferedReader eventLines = events == null ? null
      : new java.io.BufferedReader(new java.io.InputStreamReader(events.getInputStream(), StandardCharsets.UTF_8));
    if (eventLines != null) {
      assertThat(eventLines.readLine()).isEqualTo("registered");
    }
    CompletableFuture<JsonObject> waiting = CompletableFuture.supplyAsync(() -> {
      try {
        return mcp(frontA, "tools/call", "review_request", new JsonObject().put("name", "review_request").put("arguments",
          new JsonObject().put("title", "Greet by name").put("commit_range", commits[0] + ".." + commits[1])));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    BridgeSocket dashboard = BridgeSocket.asPerson(vertx, frontB.port());
    try {
      String id = null;
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (id == null && System.nanoTime() < deadline) {
        JsonArray reviews = dashboard.call("reviewgate.review.list", new JsonObject()).getJsonObject("body").getJsonArray("reviews");
        id = reviews.stream().map(JsonObject.class::cast).filter(r -> "Greet by name".equals(r.getString("title")))
          .map(r -> r.getString("review_id")).findFirst().orElse(null);
        if (id == null) {
          Thread.sleep(200);
        }
      }
      assertThat(id).as("the review requested through front A, listed through front B").isNotNull();
      JsonObject comment = dashboard.call("reviewgate.review.comment", new JsonObject().put("review_id", id)
        .put("body", "Should the name come from the configuration?").put("file", "src/App.java").put("line", 9).put("side", "new"));
      assertThat(comment.getString("type")).as(comment.encode()).isEqualTo("rec");

      JsonObject result = waiting.get(60, TimeUnit.SECONDS).getJsonObject("result");
      JsonObject feedback = result.getJsonObject("structuredContent").getJsonObject("feedback");
      assertThat(feedback.getString("body")).isEqualTo("Should the name come from the configuration?");
      assertThat(feedback.getString("file")).isEqualTo("src/App.java");
      assertThat(feedback.getInteger("line")).isEqualTo(9);

      JsonObject completed = dashboard.call("reviewgate.review.complete", new JsonObject().put("review_id", id).put("action", "checkpoint"));
      assertThat(completed.getString("type")).as(completed.encode()).isEqualTo("rec");
      JsonObject status = mcp(frontA, "tools/call", "review_status", new JsonObject().put("name", "review_status")
        .put("arguments", new JsonObject().put("review_id", id)));
      assertThat(status.getJsonObject("result").getJsonObject("structuredContent").getString("status")).isEqualTo("completed");
      // The front the comment came through holds nothing: losing it loses no acknowledged comment.
      dashboard.close();
      frontB.kill();
      JsonObject after = mcp(frontA, "tools/call", "review_status", new JsonObject().put("name", "review_status")
        .put("arguments", new JsonObject().put("review_id", id))).getJsonObject("result").getJsonObject("structuredContent");
      assertThat(after.getJsonArray("threads").encode()).contains("Should the name come from the configuration?");
      if (eventLines != null) {
        List<JsonObject> heard = new ArrayList<>();
        while (heard.stream().noneMatch(e -> "completed".equals(e.getString("type")))) {
          String line = eventLines.readLine();
          assertThat(line).as("review events heard so far: " + heard).isNotNull();
          heard.add(new JsonObject(line));
        }
        String reviewId = id;
        assertThat(heard).allSatisfy(e -> assertThat(e.getString("review_id")).isEqualTo(reviewId));
        assertThat(heard.stream().map(e -> e.getString("type"))).contains("created", "comment", "completed");
      }
    } finally {
      if (frontB.isAlive()) {
        dashboard.close();
      }
      if (events != null) {
        events.destroyForcibly();
      }
    }
  }

  @Test
  @Order(4)
  void losingAGitNodeCostsAtMostTheCallsInFlightOnIt() throws Exception {
    git2.kill();
    long killed = System.nanoTime();
    List<String> failures = new ArrayList<>();
    List<String> failuresAfterRecovery = new ArrayList<>();
    int consecutive = 0;
    long recoveredMs = -1;
    long slowestMs = 0;
    while (consecutive < 10 && System.nanoTime() - killed < Duration.ofSeconds(30).toNanos()) {
      long started = System.nanoTime();
      JsonObject result = diffOver(frontA);
      slowestMs = Math.max(slowestMs, (System.nanoTime() - started) / 1_000_000);
      if (result.getBoolean("isError", false)) {
        String text = result.getJsonArray("content").getJsonObject(0).getString("text");
        failures.add(text);
        if (recoveredMs >= 0) {
          failuresAfterRecovery.add(text);
        }
        consecutive = 0;
      } else {
        consecutive++;
        if (consecutive == 1) {
          recoveredMs = (System.nanoTime() - killed) / 1_000_000;
        }
      }
    }
    assertThat(consecutive).as("10 calls in a row succeed on the survivor within 30 s; failures: " + failures).isEqualTo(10);
    // What the README's "Failure" bullet promises: only a call in flight on the dead node, or routed to it before it
    // was dropped, fails, with 504 "no answer from … in time"; later calls run on the survivors. Calls here are
    // sequential, so that is the call in flight at the kill and at most one routed to it before it was dropped.
    assertThat(failures).as("failed calls").hasSizeLessThanOrEqualTo(2)
      .allSatisfy(text -> assertThat(text).contains("no answer from"));
    assertThat(failuresAfterRecovery).as("calls after the first success on the survivor").isEmpty();
    assertThat(slowestMs).as("no call outlives its deadline").isLessThan(CALL_DEADLINE_MS + 2_000);
    System.err.println("failover: " + failures.size() + " failed call(s), first success " + recoveredMs + " ms after SIGKILL");
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    long alive = java.util.stream.Stream.of(backend, git2, frontA, frontB).filter(ServeProcess::isAlive).count();
    // Members leave at once; an entry of the directory lost with them (one backup) is written again within seconds.
    while ((health(frontA).getJsonObject("cluster").getJsonArray("members").size() != alive
      || health(frontA).getJsonObject("cluster").getJsonObject("roles").getJsonArray("git") == null) && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertThat(health(frontA).getJsonObject("cluster").getJsonArray("members")).hasSize((int) alive);
    assertThat(health(frontA).getJsonObject("cluster").getJsonObject("roles").getJsonArray("git")).hasSize(1);
  }

  private static JsonObject diffOver(ServeProcess front) throws Exception {
    return mcp(front, "tools/call", "git_diff", new JsonObject().put("name", "git_diff").put("arguments", new JsonObject()
      .put("base", commits[0]).put("head", commits[1]))).getJsonObject("result");
  }

  private static JsonObject mcp(ServeProcess front, String method, String name, JsonObject params) throws Exception {
    return FrontCalls.mcp(front, method, name, params);
  }

  private static JsonObject mcp(ServeProcess front, String method, String name, JsonObject params, JsonObject capabilities)
    throws Exception {
    return FrontCalls.mcp(front, method, name, params, capabilities);
  }

  private static JsonObject health(ServeProcess front) throws Exception {
    return FrontCalls.health(front);
  }
}
