package dev.reviewgate.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.bus.ToolEndpoint;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.json.JsonObject;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real Infinispan/JGroups members in this JVM, on loopback: joining, a call across nodes, the directory, the limits. */
@Timeout(120)
class ClusterNodeTest {

  private static final List<String> BACKENDS = List.of("diff", "git", "review", "github", "ado", "gitlab", "gitea", "bitbucket");
  private final List<ClusterNode> nodes = new ArrayList<>();

  private ClusterNode start(JsonObject overrides) throws Exception {
    JsonObject section = ReviewgateConfig.defaults().section("cluster").copy().put("enabled", true)
      .put("joinTimeoutMs", 3000).mergeIn(overrides);
    ClusterNode node = ClusterNode.start(Vertx.builder(), new VertxOptions(), ClusterOptions.from(section, BACKENDS))
      .toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    nodes.add(node);
    return node;
  }

  @AfterEach
  void stop() {
    for (ClusterNode node : nodes) {
      try {
        node.vertx().close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
      } catch (Exception e) {
        // closing anyway
      }
    }
  }

  @Test
  void aSecondNodeJoinsCallsCrossAndTheDirectoryShowsWhoServesWhat() throws Exception {
    ClusterNode first = start(new JsonObject().put("roles", "git"));
    ClusterNode second = start(new JsonObject().put("roles", "front").put("join", "127.0.0.1:" + first.port()));
    ToolCatalog catalog = ToolCatalog.standard();
    ToolEndpoint.serve(first.vertx(), catalog, "git_repos", args -> Future.succeededFuture(new JsonObject().put("from", "first")))
      .compose(v -> first.register(List.of("reviewgate.git.repos")))
      .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    second.register(List.of()).toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);

    JsonObject reply = BusRequests.request(second.vertx().eventBus(), "reviewgate.git.repos", new JsonObject(), 10_000)
      .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    assertThat(reply.getString("from")).isEqualTo("first");

    JsonObject view = second.view(List.of("reviewgate.git.repos", "reviewgate.git.diff"))
      .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    assertThat(view.getJsonArray("members")).hasSize(2);
    assertThat(view.getJsonObject("roles").getJsonArray("git")).hasSize(1);
    assertThat(view.getJsonObject("addresses").getInteger("reviewgate.git.repos")).isEqualTo(1);
    assertThat(view.getJsonArray("unserved").getList()).containsExactly("reviewgate.git.diff");
  }

  @Test
  void aReplyLargerThanTheClusterLimitFailsWith413AndSaysHowToPage() throws Exception {
    ClusterNode node = start(new JsonObject().put("roles", "git").put("maxMessageBytes", 1000));
    ToolEndpoint.serve(node.vertx(), ToolCatalog.standard(), "git_repos",
        args -> Future.succeededFuture(new JsonObject().put("big", "x".repeat(5000))))
      .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    assertThatThrownBy(() -> BusRequests.request(node.vertx().eventBus(), "reviewgate.git.repos", new JsonObject(), 10_000)
        .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS))
      .isInstanceOf(ExecutionException.class)
      .cause().isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(413);
        assertThat(e.getMessage()).contains("cluster.maxMessageBytes").contains("page");
      });
  }

  @Test
  void aNodeWhoseJoinListNobodyAnswersFormsTheClusterAfterTheJoinTimeout() throws Exception {
    long started = System.nanoTime();
    ClusterNode alone = start(new JsonObject().put("join", "127.0.0.1:9"));
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    assertThat(alone.size()).isEqualTo(1);
    assertThat(seconds).isBetween(2L, 30L);
  }

  @Test
  void aNodeOfAnotherClusterIsNotTakenIn() throws Exception {
    ClusterNode first = start(new JsonObject().put("name", "team-a"));
    ClusterNode other = start(new JsonObject().put("name", "team-b").put("join", "127.0.0.1:" + first.port()));
    assertThat(first.size()).isEqualTo(1);
    assertThat(other.size()).isEqualTo(1);
  }

  @Test
  void keyedNodesCallEachOtherAndANodeWithAnotherKeyOrNoneNeitherJoinsNorAnswers(@TempDir Path keys) throws Exception {
    String key = ClusterKeyFile.create(keys.resolve("team.p12")).toString();
    String otherKey = ClusterKeyFile.create(keys.resolve("other.p12")).toString();
    ClusterNode git = start(new JsonObject().put("roles", "git").put("keyFile", key));
    String join = "127.0.0.1:" + git.port();
    ClusterNode front = start(new JsonObject().put("roles", "front").put("keyFile", key).put("join", join));
    ClusterNode intruder = start(new JsonObject().put("roles", "git").put("keyFile", otherKey).put("join", join));
    ClusterNode open = start(new JsonObject().put("roles", "git").put("join", join));
    for (ClusterNode node : List.of(git, intruder, open)) {
      String name = node == git ? "git" : node == intruder ? "intruder" : "open";
      ToolEndpoint.serve(node.vertx(), ToolCatalog.standard(), "git_repos", args -> Future.succeededFuture(new JsonObject().put("from", name)))
        .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }
    assertThat(front.size()).isEqualTo(2);
    assertThat(intruder.size()).isEqualTo(1);
    assertThat(open.size()).isEqualTo(1);
    for (int i = 0; i < 10; i++) {
      JsonObject reply = BusRequests.request(front.vertx().eventBus(), "reviewgate.git.repos", new JsonObject(), 10_000)
        .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
      assertThat(reply.getString("from")).isEqualTo("git");
    }
  }

  @Test
  void aTakenClusterPortFailsStartWithOneLineNamingIt() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      assertThatThrownBy(() -> start(new JsonObject().put("port", taken.getLocalPort())))
        .hasRootCauseInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cluster port " + taken.getLocalPort() + " on 127.0.0.1 is taken")
        .hasMessageContaining("--cluster-port");
    }
  }
}
