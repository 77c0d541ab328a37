package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.testing.TempGitRepo;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} runs on Netty's epoll transport where the jar carries it (Linux on x86-64): the process has mapped
 * the native library and answers over it. Elsewhere it falls back to NIO and must still answer.
 */
class NativeTransportIT {

  @TempDir
  Path temp;

  @Test
  void serveAnswersOverEpollOnLinuxX8664() throws Exception {
    TempGitRepo repo = new TempGitRepo(temp.resolve("repo"));
    repo.write("a.txt", "one\n");
    repo.commit("first");
    try (ServeProcess serve = ServeProcess.start(repo.dir())) {
      HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + serve.port() + "/health")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(health.statusCode()).isEqualTo(200);
      String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
      String arch = System.getProperty("os.arch");
      if (os.contains("linux") && ("amd64".equals(arch) || "x86_64".equals(arch))) {
        assertThat(Files.readString(Path.of("/proc/" + serve.pid() + "/maps")))
          .as("the serve process maps Netty's epoll library").contains("netty_transport_native_epoll");
      }
      assertThat(serve.stderr()).doesNotContain("WARNING").doesNotContain("SEVERE");
    }
  }
}
