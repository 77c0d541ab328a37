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
 * A server that starts and is looked at (health, metrics) says nothing a person must act on: no WARNING and no SEVERE
 * line in its log. A warning on every start teaches people to ignore the log. It runs on Netty's epoll transport where
 * the jar carries it (Linux on x86-64: the process has mapped the native library); elsewhere on NIO, as quietly.
 */
class QuietServeIT {

  @TempDir
  Path temp;

  @Test
  void aServerThatStartsAndIsScrapedLogsNoWarning() throws Exception {
    TempGitRepo repo = new TempGitRepo(temp.resolve("repo"));
    repo.write("a.txt", "one\n");
    repo.commit("first");
    try (ServeProcess serve = ServeProcess.start(repo.dir())) {
      HttpClient http = HttpClient.newHttpClient();
      for (String path : new String[] {"/health", "/metrics", "/metrics"}) {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + path))
          .header("Authorization", SignIn.bearer()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(path).isEqualTo(200);
      }
      assertThat(serve.stderr()).contains("serving http://127.0.0.1:").doesNotContain("WARNING").doesNotContain("SEVERE");
      String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
      String arch = System.getProperty("os.arch");
      if (os.contains("linux") && ("amd64".equals(arch) || "x86_64".equals(arch))) {
        assertThat(Files.readString(Path.of("/proc/" + serve.pid() + "/maps")))
          .as("the serve process maps Netty's epoll library").contains("netty_transport_native_epoll");
      }
    }
  }
}
