package dev.reviewgate.core.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class UserSecretTest {

  @TempDir
  Path temp;

  @Test
  void theStateDirectoryFollowsTheEnvironmentThenXdgThenHome() {
    assertThat(UserSecret.stateDirectory(Map.of("REVIEWGATE_STATE_DIR", temp.toString(), "XDG_STATE_HOME", "/x")))
      .isEqualTo(temp);
    assertThat(UserSecret.stateDirectory(Map.of("XDG_STATE_HOME", "/x/state"))).isEqualTo(Path.of("/x/state/reviewgate"));
    assertThat(UserSecret.stateDirectory(Map.of("XDG_STATE_HOME", "relative"))).isEqualTo(
      Path.of(System.getProperty("user.home"), ".local", "state", "reviewgate"));
  }

  @Test
  void theSecretIsCreatedOnceReadableByItsOwnerOnlyAndTheVariableOverridesIt() throws Exception {
    Path state = temp.resolve("state");
    String first = UserSecret.readOrCreate(state);
    assertThat(first).hasSizeGreaterThanOrEqualTo(40).matches("[A-Za-z0-9_-]+");
    assertThat(UserSecret.readOrCreate(state)).isEqualTo(first);
    assertThat(Files.getPosixFilePermissions(state)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
    assertThat(Files.getPosixFilePermissions(state.resolve("token"))).isEqualTo(PosixFilePermissions.fromString("rw-------"));
    try (var files = Files.list(state)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("token");
    }
    Map<String, String> environment = Map.of("REVIEWGATE_STATE_DIR", state.toString());
    assertThat(UserSecret.effectiveToken(environment, "REVIEWGATE_TOKEN")).isEqualTo(first);
    assertThat(UserSecret.effectiveToken(Map.of("REVIEWGATE_STATE_DIR", state.toString(), "REVIEWGATE_TOKEN", "set"),
      "REVIEWGATE_TOKEN")).isEqualTo("set");
  }

  @Test
  void processesStartingAtOnceEndUpWithOneSecret() throws Exception {
    Path state = temp.resolve("race");
    int racers = 8;
    ExecutorService pool = Executors.newFixedThreadPool(racers);
    try {
      for (int round = 0; round < 20; round++) {
        Path dir = state.resolve("r" + round);
        CyclicBarrier start = new CyclicBarrier(racers);
        List<Future<String>> secrets = new ArrayList<>();
        for (int i = 0; i < racers; i++) {
          secrets.add(pool.submit(() -> {
            start.await(5, TimeUnit.SECONDS);
            return UserSecret.readOrCreate(dir);
          }));
        }
        Set<String> distinct = new java.util.HashSet<>();
        for (Future<String> secret : secrets) {
          distinct.add(secret.get(10, TimeUnit.SECONDS));
        }
        assertThat(distinct).as("round " + round).hasSize(1);
        assertThat(distinct.iterator().next()).isEqualTo(Files.readString(dir.resolve("token")).strip());
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
