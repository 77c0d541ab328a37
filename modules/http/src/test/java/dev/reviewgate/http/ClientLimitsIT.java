package dev.reviewgate.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reviewgate.core.net.ClientSlots;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.vertx.junit5.VertxExtension;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The per-client limits of {@code /mcp} with a real server: long-lived work (GET streams, waits for a person) has
 * its own pool and never refuses the client's other requests, and on loopback each process has its own quota.
 */
@ExtendWith(VertxExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClientLimitsIT {

  /**
   * A stand-in /mcp: GET opens an event stream that stays open; a POST whose body is "wait" moves to the pool of
   * long-lived work as a wait for a person does, and, like "hold", is answered only at the end of the test.
   */
  private final List<RoutingContext> held = new CopyOnWriteArrayList<>();
  private final Handler<RoutingContext> endpoint = ctx -> {
    if (ctx.request().method() == HttpMethod.GET) {
      ctx.response().setChunked(true).putHeader("Content-Type", "text/event-stream").write(": open\n\n");
      held.add(ctx);
      return;
    }
    String body = ctx.body().asString();
    if ("wait".equals(body)) {
      BooleanSupplier move = ctx.get(ClientSlots.LONG_LIVED);
      if (!move.getAsBoolean()) {
        return; // refused, and answered
      }
    }
    if ("wait".equals(body) || "hold".equals(body)) {
      ctx.response().setChunked(true).write("");
      held.add(ctx);
    } else {
      ctx.response().end("ok " + ctx.get(ClientSlots.CLIENT));
    }
  };

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final List<InputStream> open = new ArrayList<>();

  @AfterEach
  void closeStreams() throws Exception {
    for (InputStream stream : open) {
      stream.close();
    }
  }

  private int start(Vertx vertx, HttpOptions options) throws Exception {
    return TestServer.start(vertx, options, v -> endpoint).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  private HttpRequest.Builder request(int port) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp")).timeout(Duration.ofSeconds(10))
      .header("Authorization", "Bearer " + TestServer.TOKEN);
  }

  /** Sends and returns once the status line and headers are in; a held response's body stays open until the end. */
  private HttpResponse<InputStream> send(HttpRequest request) throws Exception {
    HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    open.add(response.body());
    return response;
  }

  private HttpResponse<InputStream> stream(int port) throws Exception {
    return send(request(port).header("Accept", "text/event-stream").GET().build());
  }

  private HttpResponse<InputStream> post(int port, String body) throws Exception {
    return send(request(port).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build());
  }

  private static String text(HttpResponse<InputStream> response) throws Exception {
    return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
  }

  @Test
  void streamsHaveTheirOwnPoolAndNeverRefuseTheClientsRequests(Vertx vertx) throws Exception {
    int port = start(vertx, TestServer.options().withLimits(2, 100, 4096).withStreamLimits(3, 100));
    for (int i = 0; i < 3; i++) {
      assertThat(stream(port).statusCode()).as("stream %d", i).isEqualTo(200);
    }
    HttpResponse<InputStream> fourth = stream(port);
    assertThat(fourth.statusCode()).isEqualTo(429);
    assertThat(fourth.headers().firstValue("Retry-After")).isPresent();
    assertThat(text(fourth)).contains("http.maxStreamsPerClient");
    // Three streams held, more than the two requests this client may have in flight: requests are still served.
    HttpResponse<InputStream> call = post(port, "x");
    assertThat(call.statusCode()).isEqualTo(200);
    assertThat(text(call)).startsWith("ok ");
  }

  @Test
  void aWaitForAPersonMovesOutOfTheRequestsInFlight(Vertx vertx) throws Exception {
    int port = start(vertx, TestServer.options().withLimits(1, 100, 4096).withStreamLimits(2, 100));
    assertThat(post(port, "wait").statusCode()).isEqualTo(200);
    assertThat(post(port, "wait").statusCode()).isEqualTo(200);
    HttpResponse<InputStream> third = post(port, "wait");
    assertThat(third.statusCode()).as("the pool of long-lived work has its own bound").isEqualTo(429);
    assertThat(text(third)).contains("waits for a person").contains("http.maxStreamsPerClient");
    // Two waits held with a limit of one request in flight: the next call is served, then one held call fills it.
    assertThat(post(port, "x").statusCode()).isEqualTo(200);
    assertThat(post(port, "hold").statusCode()).isEqualTo(200);
    HttpResponse<InputStream> over = post(port, "x");
    assertThat(over.statusCode()).isEqualTo(429);
    assertThat(text(over)).contains("requests in flight").contains("http.maxConcurrentPerClient");
  }

  @Test
  void eachLocalProcessHasItsOwnQuota(Vertx vertx) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux /proc only; elsewhere loopback clients share one quota");
    int port = start(vertx, TestServer.options().withLimits(1, 100, 4096).withStreamLimits(1, 100));
    HttpResponse<InputStream> mine = post(port, "hold");
    assertThat(mine.statusCode()).isEqualTo(200);
    assertThat(stream(port).statusCode()).isEqualTo(200);
    assertThat(post(port, "x").statusCode()).as("this process is at its limit").isEqualTo(429);
    assertThat(stream(port).statusCode()).as("and at its stream limit").isEqualTo(429);
    // Another process on the same loopback address is not: it has a quota of its own.
    Process curl = new ProcessBuilder("curl", "-s", "-o", "-", "-w", "\n%{http_code}", "-X", "POST",
      "-H", "Authorization: Bearer " + TestServer.TOKEN, "-H", "Content-Type: application/json", "--data", "x",
      "--max-time", "10", "http://127.0.0.1:" + port + "/mcp").redirectErrorStream(true).start();
    assertThat(curl.waitFor(20, TimeUnit.SECONDS)).as("curl finished").isTrue();
    String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(output).as(output).endsWith("\n200").contains("ok process " + curl.pid());
  }
}
