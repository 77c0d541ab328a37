package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.core.testing.BridgeFloodClient;
import dev.reviewgate.core.testing.BridgeFloodClient.RssSampler;
import dev.reviewgate.core.testing.TempGitRepo;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #21's bridge floods against the real jar ({@code reviewgate serve} with its default heap settings, the TCP
 * bridge open, no {@code REVIEWGATE_TOKEN}), measured by the server's resident memory (VmRSS) sampled every 20 ms:
 * the peak during a flood against the memory after warm-up. Before the bounds, the first flood took 300 connections
 * to 600 MB and the second ran the server out of memory.
 */
@Timeout(300)
class BridgeMemoryIT {

  private static final Pattern BRIDGE_PORT = Pattern.compile("TCP event-bus bridge on 127\\.0\\.0\\.1:(\\d+)");
  private static final int MIB = 1024 * 1024;
  private static final String FLOODER_TOKEN = "a-service-credential-that-floods";
  /** Under git.maxShowFileBytes (1 MiB): each git_show_file reply is about 1 MB of JSON. */
  private static final int BIG_FILE_BYTES = 1_000_000;

  @TempDir
  static Path repoDir;
  @TempDir
  static Path stateDir;

  private static ServeProcess serve;
  private static String token;
  private static BridgeFloodClient bridge;

  @BeforeAll
  static void start() throws Exception {
    TempGitRepo repo = new TempGitRepo(repoDir);
    StringBuilder big = new StringBuilder(BIG_FILE_BYTES);
    for (int line = 0; big.length() < BIG_FILE_BYTES - 100; line++) {
      big.append("line ").append(line).append(" of a file large enough that each reply is about a megabyte\n");
    }
    repo.write("big.txt", big.toString()).commit("a big file");
    // The credentialed flood uses a service credential of its own, so that its connection limit is not the token's.
    Path config = stateDir.resolveSibling(stateDir.getFileName() + "-config.json");
    Files.writeString(config, new JsonObject().put("services", new JsonObject().put("flooder", new JsonObject()
      .put("tokenEnv", "FLOODER_TOKEN"))).encode());
    Map<String, String> environment = Map.of(UserSecret.STATE_DIR_ENV, stateDir.toString(), "FLOODER_TOKEN", FLOODER_TOKEN);
    serve = ServeProcess.start(repoDir, environment, "--bus-bridge-port", "0", "--config", config.toString());
    token = UserSecret.readOrCreate(stateDir);
    bridge = new BridgeFloodClient("127.0.0.1", serve.number(BRIDGE_PORT));
    // warm-up: the code paths of both floods and of the measured calls, and the git cache holding the big file
    for (int i = 0; i < 30; i++) {
      assertThat(bridge.call(showBigFile(token)).reply().getString("type")).isEqualTo("message");
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (serve != null) {
      serve.close();
    }
  }

  @Test
  void threeHundredConnectionsHoldingUnfinishedOneMiBFramesGrowRssByAtMost128MbAndACallIsStillAnswered() throws Exception {
    long baseline = settledRssMb();
    try (RssSampler rss = new RssSampler(serve.pid(), 20)) {
      try (BridgeFloodClient.Held anonymous = bridge.holdUnfinishedFrames(300, MIB, null, 15_000)) {
        BridgeFloodClient.Timed answered = bridge.call(logOneCommit(token));
        assertThat(answered.reply().getString("type")).as(answered.reply().encode()).isEqualTo("message");
        assertThat(answered.millis()).as("answered during the flood").isLessThan(2_000);
        // Whatever the kernel took of their bytes, the server read 4 bytes of each and closed it.
        assertThat(anonymous.closedByServer()).as("anonymous connections closed by the server: %s", anonymous)
          .isEqualTo(300);
      }
      // The same with a credential: each connection authenticates first, so its frame is within the limits.
      try (BridgeFloodClient.Held credentialed = bridge.holdUnfinishedFrames(300, MIB, FLOODER_TOKEN, 15_000)) {
        BridgeFloodClient.Timed answered = bridge.call(logOneCommit(token));
        assertThat(answered.reply().getString("type")).as(answered.reply().encode()).isEqualTo("message");
        assertThat(answered.millis()).as("answered during the credentialed flood: %s", credentialed).isLessThan(2_000);
      }
      long growth = rss.peakMb() - baseline;
      System.err.println("BridgeMemoryIT unfinished frames: baseline " + baseline + " MB, peak " + rss.peakMb()
        + " MB, growth " + growth + " MB");
      assertThat(growth).as("RSS growth in MB (baseline %d)", baseline).isLessThanOrEqualTo(128);
    }
  }

  @Test
  void aClientSending1500RequestsForMegabyteRepliesThatNeverReadsGrowsRssByAtMost256MbAndOthersAreAnswered()
    throws Exception {
    long baseline = settledRssMb();
    try (RssSampler rss = new RssSampler(serve.pid(), 20);
         BridgeFloodClient.Greedy greedy = bridge.neverRead(showBigFile(token), 1_500)) {
      long floodStarted = System.currentTimeMillis();
      for (int i = 0; i < 5; i++) {
        Thread.sleep(1_000);
        BridgeFloodClient.Timed answered = bridge.call(logOneCommit(token));
        assertThat(answered.reply().getString("type")).as(answered.reply().encode()).isEqualTo("message");
        System.err.println("BridgeMemoryIT never-reading client: another client's call took " + answered.millis() + " ms");
        assertThat(answered.millis()).as("another client's call during the flood").isLessThan(2_000);
      }
      // closed at busBridge.writeStallTimeoutMs (30 s) after its output backed up, in the first seconds of the flood
      Thread.sleep(Math.max(0, 40_000 - (System.currentTimeMillis() - floodStarted)));
      long growth = rss.peakMb() - baseline;
      assertThat(greedy.endsWithin(64L * MIB, 20_000)).as("the client that never reads was closed").isTrue();
      System.err.println("BridgeMemoryIT never-reading client: baseline " + baseline + " MB, peak " + rss.peakMb()
        + " MB, growth " + growth + " MB, requests written " + greedy.written.get());
      assertThat(growth).as("RSS growth in MB (baseline %d)", baseline).isLessThanOrEqualTo(256);
    }
    assertThat(bridge.call(logOneCommit(token)).reply().getString("type")).isEqualTo("message");
  }

  /** RSS after a short quiet spell, so that a test does not measure the previous one's tail. */
  private static long settledRssMb() throws InterruptedException {
    Thread.sleep(1_000);
    return RssSampler.rssMb(serve.pid());
  }

  private static JsonObject showBigFile(String credential) {
    return BridgeFloodClient.send("reviewgate.git.show_file", new JsonObject().put("path", "big.txt"), credential);
  }

  private static JsonObject logOneCommit(String credential) {
    return BridgeFloodClient.send("reviewgate.git.log", new JsonObject().put("limit", 1), credential);
  }
}
