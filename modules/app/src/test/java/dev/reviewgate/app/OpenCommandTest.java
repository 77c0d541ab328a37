package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.http.security.LoginCode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code reviewgate open}: which running dashboard it signs in to, and the link it prints. */
@Timeout(30)
class OpenCommandTest {

  @TempDir
  Path state;
  @TempDir
  Path reviews;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int open(Optional<String> review) {
    return OpenCommand.run(Map.of(UserSecret.STATE_DIR_ENV, state.toString()), review, true,
      new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void withNoRunningDashboardItSaysHowToStartOne() {
    assertThat(open(Optional.empty())).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no dashboard of yours is running").contains("reviewgate serve");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void itChoosesTheLiveDashboardHoldingTheReviewAndPrintsAOneTimeLink() throws Exception {
    Files.writeString(reviews.resolve("r-1.json"), "{}");
    Path registry = state.resolve("dashboards");
    Files.createDirectories(registry);
    long now = System.currentTimeMillis();
    Process gone = new ProcessBuilder("true").start();
    assertThat(gone.waitFor(10, TimeUnit.SECONDS)).isTrue();
    write(registry, gone.pid(), "http://127.0.0.1:1111/review/", reviews, now + 5);
    write(registry, ProcessHandle.current().pid(), "http://127.0.0.1:2222/review/", reviews, now);

    assertThat(open(Optional.of("r-1"))).isEqualTo(0);
    String link = out.toString(StandardCharsets.UTF_8).trim();
    assertThat(link).startsWith("http://127.0.0.1:2222/login?code=").endsWith("&review=r-1");
    String code = link.substring(link.indexOf("code=") + 5, link.indexOf('&'));
    assertThat(LoginCode.check(UserSecret.readOrCreate(state), code, Instant.now())).isPresent();
    assertThat(registry.resolve(gone.pid() + ".json")).as("a dead process's entry is removed").doesNotExist();

    out.reset();
    assertThat(open(Optional.of("r-404"))).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("holds review r-404");
  }

  private static void write(Path registry, long pid, String url, Path storage, long startedAt) throws Exception {
    Files.writeString(registry.resolve(pid + ".json"),
      new DashboardRegistry.Entry(url, pid, "stdio", storage, startedAt).toJson().encode());
  }
}
