package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.review.TempRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster needs a key (#21): real {@code reviewgate serve} processes on loopback. A keyed git node and a keyed front
 * node form the cluster; a node holding another key and a node holding none, both told to join it and both serving
 * another repository under the same name, never answer a call made through the front. Without a key, a cluster
 * host beyond loopback is refused before anything starts.
 */
@Timeout(value = 400, unit = TimeUnit.SECONDS)
class ClusterSecurityIT {

  private static final Pattern MEMBER_PORT = Pattern.compile("joined cluster '[^']+' as 127\\.0\\.0\\.1:(\\d+)");

  @TempDir
  Path temp;

  @Test
  void onlyMembersHoldingTheKeyAnswerCallsMadeThroughTheFront() throws Exception {
    Path team = Files.createDirectories(temp.resolve("work/project"));
    Path other = Files.createDirectories(temp.resolve("elsewhere/project"));
    new TempRepo(team).greetingChange();
    new TempRepo(other).greetingChange();
    GitFixture.git(other, "commit", "--allow-empty", "-m", "the intruder's history");
    String teamHead = GitFixture.git(team, "rev-parse", "HEAD").strip();
    String otherHead = GitFixture.git(other, "rev-parse", "HEAD").strip();
    assertThat(teamHead).isNotEqualTo(otherHead);

    Path key = temp.resolve("cluster.p12");
    Path otherKey = temp.resolve("other.p12");
    for (Path file : List.of(key, otherKey)) {
      ServeProcess.Ended made = ServeProcess.run(temp, "cluster-key", file.toString());
      assertThat(made.exit()).as(made.stderr()).isZero();
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    try (ServeProcess git = ServeProcess.start(team, "--cluster", "--cluster-key", key.toString(), "--roles", "git,diff")) {
      String join = "127.0.0.1:" + git.number(MEMBER_PORT);
      CompletableFuture<ServeProcess> front = start(team, "--cluster", "--cluster-key", key.toString(), "--join", join,
        "--roles", "front");
      CompletableFuture<ServeProcess> withOtherKey = start(other, "--cluster", "--cluster-key", otherKey.toString(),
        "--join", join, "--roles", "git,diff");
      CompletableFuture<ServeProcess> withoutKey = start(other, "--cluster", "--join", join, "--roles", "git,diff");
      try (ServeProcess frontNode = front.get(180, TimeUnit.SECONDS);
           ServeProcess intruder = withOtherKey.get(180, TimeUnit.SECONDS);
           ServeProcess open = withoutKey.get(180, TimeUnit.SECONDS)) {
        assertThat(intruder.stderr()).contains("joined cluster");
        assertThat(open.stderr()).contains("joined cluster");
        JsonObject cluster = FrontCalls.health(frontNode).getJsonObject("cluster");
        assertThat(cluster.getJsonArray("members")).as(cluster.encodePrettily()).hasSize(2);

        Set<String> answers = new HashSet<>();
        int answered = 0;
        for (int i = 0; i < 20; i++) {
          JsonObject result = FrontCalls.tool(frontNode, "git_resolve", new JsonObject().put("revision", "HEAD"));
          assertThat(result.getBoolean("isError", false)).as(result.encode()).isFalse();
          answers.add(result.getJsonObject("structuredContent").getString("sha"));
          answered++;
        }
        assertThat(answered).isEqualTo(20);
        assertThat(answers).containsExactly(teamHead);
        assertThat(FrontCalls.members(frontNode)).isEqualTo(2);
      }
    }
  }

  @Test
  void aClusterHostBeyondLoopbackWithoutAKeyExitsTwoWithOneLine() throws Exception {
    Path repo = Files.createDirectories(temp.resolve("repo"));
    new TempRepo(repo).greetingChange();
    ServeProcess.Ended refused = ServeProcess.run(repo, "serve", "--port", "0", "--cluster", "--cluster-host", "0.0.0.0");
    assertThat(refused.exit()).as(refused.stderr()).isEqualTo(2);
    List<String> lines = refused.stderr().lines().filter(line -> !line.isBlank()).toList();
    assertThat(lines).as(refused.stderr()).hasSize(1);
    assertThat(lines.get(0)).contains("cluster.host 0.0.0.0 is not a loopback address").contains("reviewgate cluster-key FILE");
  }

  @Test
  void aKeyFileIsNeverOverwritten() throws Exception {
    Path key = temp.resolve("cluster.p12");
    assertThat(ServeProcess.run(temp, "cluster-key", key.toString()).exit()).isZero();
    byte[] before = Files.readAllBytes(key);
    ServeProcess.Ended again = ServeProcess.run(temp, "cluster-key", key.toString());
    assertThat(again.exit()).isEqualTo(2);
    assertThat(again.stderr()).contains("never overwritten");
    assertThat(Files.readAllBytes(key)).isEqualTo(before);
  }

  private static CompletableFuture<ServeProcess> start(Path directory, String... arguments) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return ServeProcess.start(directory, Map.of(), arguments);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }
}
