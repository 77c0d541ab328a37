package dev.reviewgate.testkit.forge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.Stop;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The base of every fake forge, over real HTTP on loopback: routes, recording, faults, lost writes, ETags, blobs. */
@Timeout(30)
class FakeForgeTest {

  @TempDir
  Path dir;
  private Vertx vertx;
  private TinyForge forge;
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** A forge of two routes and a blob route, refusing requests without a token. */
  private final class TinyForge extends FakeForge {
    final AtomicInteger writes = new AtomicInteger();

    TinyForge(Vertx vertx, TempGitRepo repo) {
      super(vertx);
      route("GET", "/items/(\\d+)", x -> json(x, 200, new JsonObject().put("id", Integer.parseInt(x.group(1)))));
      route("POST", "/items", x -> {
        writes.incrementAndGet();
        answerWrite(x, 201, x.json().put("stored", true));
      });
      route("GET", "/blobs/(.+)", x -> blob(x, repo, x.group(1), "application/octet-stream",
        missing -> json(missing, 404, new JsonObject().put("message", "no blob"))));
    }

    @Override
    protected boolean admit(Exchange x) {
      if (!"t".equals(x.request().getHeader("Token"))) {
        json(x, 401, new JsonObject().put("message", "who are you?"));
        return false;
      }
      return true;
    }
  }

  @BeforeEach
  void start() {
    TempGitRepo repo = new TempGitRepo(dir);
    repo.write("a.txt", "alpha\n").commit("one");
    vertx = Vertx.vertx();
    forge = new TinyForge(vertx, repo);
    Await.result(forge.listen());
  }

  @AfterEach
  void stop() throws Exception {
    Stop.all(forge, vertx);
  }

  private HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(forge.baseUrl() + path)).header("Token", "t");
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(forge.baseUrl() + path)).header("Token", "t")
      .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void routesAnswerByMethodAndWholePathAndEveryRequestIsRecorded() throws Exception {
    assertThat(new JsonObject(get("/items/7").body()).getInteger("id")).isEqualTo(7);
    assertThat(get("/items/7/more").statusCode()).isEqualTo(404);
    HttpResponse<String> anonymous = client.send(HttpRequest.newBuilder(URI.create(forge.baseUrl() + "/items/1")).build(),
      HttpResponse.BodyHandlers.ofString());
    assertThat(anonymous.statusCode()).isEqualTo(401);
    assertThat(post("/items", "{\"name\":\"x\"}").statusCode()).isEqualTo(201);
    assertThat(forge.requests()).isEqualTo(4);
    assertThat(forge.received("POST", "/items")).singleElement().satisfies(r -> {
      assertThat(r.body()).isEqualTo("{\"name\":\"x\"}");
      assertThat(r.headers().get("token")).isEqualTo("t");
    });
  }

  @Test
  void aFaultIsServedOnceInsteadOfTheRouteWithItsStatusHeadersAndDelay() throws Exception {
    forge.failOnce("/items/", FakeForge.Fault.status(429, new JsonObject().put("message", "slow down")).header("Retry-After", "1")
      .delayed(200));
    long t0 = System.nanoTime();
    HttpResponse<String> throttled = get("/items/3");
    assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(200);
    assertThat(throttled.statusCode()).isEqualTo(429);
    assertThat(throttled.headers().firstValue("Retry-After")).contains("1");
    assertThat(forge.armedFaults()).isEmpty();
    assertThat(forge.faultsServed("/items/")).isEqualTo(1);
    assertThat(get("/items/3").statusCode()).isEqualTo(200);

    forge.failOnce("/items/", FakeForge.Fault.closedConnection());
    assertThatThrownBy(() -> get("/items/3")).isInstanceOf(IOException.class);
  }

  @Test
  void aLostResponseStillAppliesTheWrite() throws Exception {
    forge.loseResponses(1);
    assertThatThrownBy(() -> post("/items", "{}")).isInstanceOf(IOException.class);
    assertThat(forge.writes.get()).isEqualTo(1);
    assertThat(post("/items", "{}").statusCode()).isEqualTo(201);
    assertThat(forge.writes.get()).isEqualTo(2);
  }

  @Test
  void conditionalRepliesCarryAnETagAndAMatchingIfNoneMatchGets304() throws Exception {
    assertThat(get("/items/1").headers().firstValue("ETag")).isEmpty();
    forge.conditionalReplies(true);
    HttpResponse<String> first = get("/items/1");
    String etag = first.headers().firstValue("ETag").orElseThrow();
    HttpResponse<String> again = get("/items/1", "If-None-Match", etag);
    assertThat(again.statusCode()).isEqualTo(304);
    assertThat(again.body()).isEmpty();
    assertThat(get("/items/2", "If-None-Match", etag).statusCode()).isEqualTo(200);
  }

  @Test
  void blobsComeFromTheRepositoryAndAMissingOneIsTheForgesAnswer() throws Exception {
    assertThat(get("/blobs/HEAD:a.txt").body()).isEqualTo("alpha\n");
    assertThat(get("/blobs/HEAD:nothing.txt").statusCode()).isEqualTo(404);
    assertThat(forge.blobRequests()).isEqualTo(2);
  }
}
