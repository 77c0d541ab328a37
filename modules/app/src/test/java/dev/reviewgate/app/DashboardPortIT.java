package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two agents' stdio processes on one machine, both configured for the same dashboard port: the first takes it, the
 * second takes a free one and says so on stderr; both dashboards answer.
 */
class DashboardPortIT {

  private static final Pattern DASHBOARD = Pattern.compile("review dashboard at (http://127\\.0\\.0\\.1:(\\d+)/review/)(.*)");

  @TempDir
  Path repoDir;

  @Test
  @Timeout(90)
  void aSecondProcessPicksAnotherPortAndSaysSo() throws Exception {
    GitFixture.create(repoDir);
    int port;
    try (ServerSocket probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    Map<String, String> env = Map.of("REVIEWGATE_REVIEW_DASHBOARD_PORT", String.valueOf(port));
    try (McpProcess first = McpProcess.start(repoDir, env)) {
      first.request(Messages.initialize(1, "2025-11-25")); // the backends and the door start after the handshake
      Matcher a = announced(first);
      assertThat(Integer.parseInt(a.group(2))).isEqualTo(port);
      try (McpProcess second = McpProcess.start(repoDir, env)) {
        second.request(Messages.initialize(1, "2025-11-25"));
        Matcher b = announced(second);
        assertThat(Integer.parseInt(b.group(2))).isNotEqualTo(port);
        assertThat(b.group(3)).contains("port " + port + " is taken");
        HttpClient http = HttpClient.newHttpClient();
        for (Matcher m : new Matcher[] {a, b}) {
          HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(m.group(1))).build(),
            HttpResponse.BodyHandlers.ofString());
          assertThat(page.statusCode()).isEqualTo(200);
          assertThat(page.body()).contains("<title>reviewgate · reviews</title>");
        }
      }
    }
  }

  /** Waits for the dashboard line on stderr. */
  private static Matcher announced(McpProcess process) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
    while (System.nanoTime() < deadline) {
      Matcher m = DASHBOARD.matcher(process.stderr());
      if (m.find()) {
        return m;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no dashboard address on stderr:\n" + process.stderr());
  }
}
