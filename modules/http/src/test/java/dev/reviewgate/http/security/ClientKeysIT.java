package dev.reviewgate.http.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** The key a real server's request gets: this process on Linux, the address where {@code /proc} is missing. */
@ExtendWith(VertxExtension.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ClientKeysIT {

  /** Two requests on one kept-alive connection; the keys the server gave them, joined by a space. */
  private static String keysOfTwoRequests(Vertx vertx, ClientKeys keys) throws Exception {
    HttpServer server = vertx.createHttpServer()
      .requestHandler(request -> keys.of(request).onComplete(key -> request.response().end(String.valueOf(key.result()))))
      .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    // One pooled connection: the second request reuses it, and so the key found for the first.
    HttpClientAgent client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true),
      new PoolOptions().setHttp1MaxSize(1));
    try {
      RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setHost("127.0.0.1")
        .setPort(server.actualPort()).setURI("/");
      // The first request waits for the /proc lookup; once (a CI run, 2026-11-28) that took over 10 s, so the bound
      // is generous: a lookup that never ends still fails the test.
      String first = client.request(options).compose(r -> r.send()).compose(r -> r.body())
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).toString();
      String second = client.request(options).compose(r -> r.send()).compose(r -> r.body())
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).toString();
      return first + " " + second;
    } finally {
      client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
      server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aLocalClientIsItsProcess(Vertx vertx) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux /proc only");
    String me = "process " + ProcessHandle.current().pid();
    assertThat(keysOfTwoRequests(vertx, new ClientKeys(vertx))).isEqualTo(me + " " + me);
  }

  @Test
  void withoutProcLocalClientsShareTheirAddress(Vertx vertx) throws Exception {
    assertThat(keysOfTwoRequests(vertx, new ClientKeys(vertx, Path.of("/no/such/proc")))).isEqualTo("127.0.0.1 127.0.0.1");
  }
}
