package dev.reviewgate.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The guard rules on a real loopback server: Host, Origin, bearer token, body limit, concurrency limits. */
@ExtendWith(VertxExtension.class)
@Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
class HttpSecurityIT {

  /** A stand-in /mcp: answers at once, or holds the request until {@link #release} when the body says "hold". */
  private final List<RoutingContext> held = new ArrayList<>();
  private final Handler<RoutingContext> endpoint = ctx -> {
    if ("hold".equals(ctx.body().asString())) {
      held.add(ctx);
    } else {
      ctx.response().end("ok");
    }
  };

  private void release() {
    held.forEach(ctx -> ctx.response().end("released"));
    held.clear();
  }

  record Reply(int status, String body, String wwwAuthenticate, String retryAfter) {
  }

  private static Future<Reply> post(Vertx vertx, int port, String host, String origin, String authorization, Buffer body) {
    return request(vertx, HttpMethod.POST, "/mcp", port, host, origin, authorization, body);
  }

  private static Future<Reply> get(Vertx vertx, String path, int port, String host, String origin) {
    return request(vertx, HttpMethod.GET, path, port, host, origin, null, Buffer.buffer());
  }

  private static Future<Reply> request(Vertx vertx, HttpMethod method, String path, int port, String host, String origin,
                                       String authorization, Buffer body) {
    HttpClient client = vertx.createHttpClient();
    RequestOptions options = new RequestOptions().setMethod(method)
      .setServer(SocketAddress.inetSocketAddress(port, "127.0.0.1")).setHost(host).setPort(port).setURI(path);
    if (origin != null) {
      options.putHeader("Origin", origin);
    }
    // null: the test server's token, as every legitimate client sends it; "": no credential at all
    String credential = authorization == null ? "Bearer " + TestServer.TOKEN : authorization;
    if (!credential.isEmpty()) {
      options.putHeader("Authorization", credential);
    }
    // body() asked for in the same step that gets the response: a step later (a second compose after send) the
    // response may already have ended with no one reading it, and its body never completes (ClientKeysIT's stall).
    return client.request(options)
      .compose(request -> request.send(body).compose(response -> response.body().map(b -> reply(response, b))))
      .eventually(client::close);
  }

  private static Reply reply(HttpClientResponse response, Buffer body) {
    return new Reply(response.statusCode(), body.toString(), response.getHeader("WWW-Authenticate"), response.getHeader("Retry-After"));
  }

  private static Future<Reply> post(Vertx vertx, int port, String body) {
    return post(vertx, port, "127.0.0.1", null, null, Buffer.buffer(body));
  }

  @Test
  void foreignOriginAndHostAreRefusedOwnOriginIsServed(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options(), v -> endpoint).compose(port -> Future.all(List.of(
        post(vertx, port, "127.0.0.1", "http://evil.example.com", null, Buffer.buffer("x")),
        post(vertx, port, "evil.example.com", null, null, Buffer.buffer("x")),
        post(vertx, port, "localhost", "http://localhost:" + port, null, Buffer.buffer("x")),
        post(vertx, port, "127.0.0.1", "http://127.0.0.1:1", null, Buffer.buffer("x")))))
      .onComplete(test.succeeding(all -> test.verify(() -> {
        Reply foreignOrigin = all.resultAt(0);
        Reply foreignHost = all.resultAt(1);
        Reply sameOrigin = all.resultAt(2);
        Reply otherLocalPort = all.resultAt(3);
        assertThat(foreignOrigin.status()).isEqualTo(403);
        assertThat(foreignOrigin.body()).contains("Origin 'http://evil.example.com' is not allowed");
        assertThat(foreignHost.status()).isEqualTo(403);
        assertThat(foreignHost.body()).contains("Host header 'evil.example.com");
        assertThat(sameOrigin.status()).isEqualTo(200);
        assertThat(otherLocalPort.status()).isEqualTo(403);
        test.completeNow();
      })));
  }

  @Test
  void everyRouteRefusesAForeignHostAndAnOriginOfAnotherScheme(Vertx vertx, VertxTestContext test) {
    List<String> paths = List.of("/health", "/health/ready", "/metrics", "/review/", "/console/", "/", "/no/such/path");
    TestServer.start(vertx, TestServer.options(), v -> endpoint).compose(port -> {
      List<Future<Reply>> replies = new ArrayList<>();
      for (String path : paths) {
        replies.add(get(vertx, path, port, "evil.example", null));
        replies.add(get(vertx, path, port, "127.0.0.1", "https://127.0.0.1:" + port));
      }
      replies.add(post(vertx, port, "127.0.0.1", "https://127.0.0.1:" + port, null, Buffer.buffer("x")));
      replies.add(get(vertx, "/health", port, "127.0.0.1", "http://127.0.0.1:" + port));
      return Future.all(replies);
    }).onComplete(test.succeeding(all -> test.verify(() -> {
      for (int i = 0; i < paths.size(); i++) {
        Reply foreignHost = all.resultAt(2 * i);
        Reply otherScheme = all.resultAt(2 * i + 1);
        assertThat(foreignHost.status()).as("Host: evil.example on " + paths.get(i)).isEqualTo(403);
        assertThat(foreignHost.body()).contains("Host header 'evil.example");
        assertThat(otherScheme.status()).as("https Origin on the http server, " + paths.get(i)).isEqualTo(403);
      }
      Reply mcpOtherScheme = all.resultAt(2 * paths.size());
      Reply ownOrigin = all.resultAt(2 * paths.size() + 1);
      assertThat(mcpOtherScheme.status()).isEqualTo(403);
      assertThat(ownOrigin.status()).isEqualTo(200);
      test.completeNow();
    })));
  }

  @Test
  void anUnknownPageIsAPlain404NotAJsonRpcError(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options(), v -> endpoint).compose(port -> get(vertx, "/no/such/page", port, "127.0.0.1", null))
      .onComplete(test.succeeding(reply -> test.verify(() -> {
        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.body()).contains("no such path; MCP is served at /mcp").doesNotContain("jsonrpc");
        test.completeNow();
      })));
  }

  @Test
  void metricsNeedTheTokenHealthDoesNot(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options().withToken("s3cret-token"), v -> endpoint).compose(port -> Future.all(
        get(vertx, "/metrics", port, "127.0.0.1", null),
        get(vertx, "/health/live", port, "127.0.0.1", null)))
      .onComplete(test.succeeding(all -> test.verify(() -> {
        Reply metrics = all.resultAt(0);
        Reply health = all.resultAt(1);
        assertThat(metrics.status()).isEqualTo(401);
        assertThat(health.status()).isEqualTo(200);
        test.completeNow();
      })));
  }

  @Test
  void anHttp11RequestWithoutHostIsRefusedCleanly(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options(), v -> endpoint).compose(port ->
        vertx.createNetClient().connect(port, "127.0.0.1").compose(socket -> {
          Promise<String> answer = Promise.promise();
          Buffer received = Buffer.buffer();
          socket.handler(received::appendBuffer);
          socket.closeHandler(v -> answer.tryComplete(received.toString()));
          return socket.write("GET /health HTTP/1.1\r\nConnection: close\r\n\r\n").compose(v -> answer.future());
        }))
      .onComplete(test.succeeding(answer -> test.verify(() -> {
        assertThat(answer).startsWith("HTTP/1.1 4");
        assertThat(answer).doesNotContain("Exception");
        test.completeNow();
      })));
  }

  @Test
  void theBearerTokenIsRequired(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options().withToken("s3cret-token"), v -> endpoint).compose(port -> Future.all(List.of(
        post(vertx, port, "127.0.0.1", null, "", Buffer.buffer("x")),
        post(vertx, port, "127.0.0.1", null, "Bearer wrong", Buffer.buffer("x")),
        post(vertx, port, "127.0.0.1", null, "Bearer s3cret-token", Buffer.buffer("x")))))
      .onComplete(test.succeeding(all -> test.verify(() -> {
        Reply missing = all.resultAt(0);
        Reply wrong = all.resultAt(1);
        Reply right = all.resultAt(2);
        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.wwwAuthenticate()).startsWith("Bearer realm=\"reviewgate\"");
        assertThat(missing.body()).contains("credential is required").contains("reviewgate token").doesNotContain("s3cret");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.wwwAuthenticate()).contains("invalid_token");
        assertThat(right.status()).isEqualTo(200);
        test.completeNow();
      })));
  }

  @Test
  void bodyOverTheLimitIs413(Vertx vertx, VertxTestContext test) {
    HttpOptions options = TestServer.options();
    TestServer.start(vertx, options.withLimits(options.maxConcurrentPerClient(), options.maxConcurrent(), 1024), v -> endpoint)
      .compose(port -> post(vertx, port, "127.0.0.1", null, null, Buffer.buffer(new byte[4096])))
      .onComplete(test.succeeding(reply -> test.verify(() -> {
        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.body()).contains("http.maxBodyBytes");
        test.completeNow();
      })));
  }

  @Test
  void perClientLimitAnswers429AndSlotsAreReleased(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options().withLimits(2, 100, 4096), v -> endpoint).compose(port -> {
      Future<Reply> first = post(vertx, port, "hold");
      Future<Reply> second = post(vertx, port, "hold");
      return waitFor(vertx, () -> held.size() == 2)
        .compose(v -> post(vertx, port, "third"))
        .compose(third -> {
          release();
          return Future.all(first, second).compose(v -> post(vertx, port, "after")).map(after -> List.of(third, after));
        });
    }).onComplete(test.succeeding(replies -> test.verify(() -> {
      assertThat(replies.get(0).status()).isEqualTo(429);
      assertThat(replies.get(0).retryAfter()).isEqualTo("1");
      assertThat(replies.get(1).status()).isEqualTo(200);
      test.completeNow();
    })));
  }

  @Test
  void globalLimitAnswers503(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options().withLimits(10, 1, 4096), v -> endpoint).compose(port -> {
      Future<Reply> first = post(vertx, port, "hold");
      return waitFor(vertx, () -> held.size() == 1)
        .compose(v -> post(vertx, port, "second"))
        .onComplete(v -> release())
        .compose(second -> first.map(second));
    }).onComplete(test.succeeding(reply -> test.verify(() -> {
      assertThat(reply.status()).isEqualTo(503);
      assertThat(reply.retryAfter()).isNotNull();
      test.completeNow();
    })));
  }

  @Test
  void mcpWithoutTheTokenOnlyOnLoopbackAndOnlyForMcp(Vertx vertx, VertxTestContext test) {
    TestServer.start(vertx, TestServer.options().withAddress("0.0.0.0", 0).withMcpWithoutToken(), v -> endpoint)
      .map("started on 0.0.0.0").recover(refused -> Future.succeededFuture(refused.getMessage()))
      .compose(wildcard -> TestServer.start(vertx, TestServer.options().withMcpWithoutToken(), v -> endpoint)
        .compose(port -> Future.all(post(vertx, port, "127.0.0.1", null, "", Buffer.buffer("x")),
          request(vertx, HttpMethod.GET, "/metrics", port, "127.0.0.1", null, "", Buffer.buffer()),
          request(vertx, HttpMethod.GET, "/eventbus/info", port, "127.0.0.1", null, "", Buffer.buffer())))
        .map(all -> List.<Object>of(wildcard, all.resultAt(0), all.resultAt(1), all.resultAt(2))))
      .onComplete(test.succeeding(all -> test.verify(() -> {
        assertThat((String) all.get(0)).contains("refusing to listen on 0.0.0.0 with /mcp open without a token");
        assertThat(((Reply) all.get(1)).status()).as("/mcp").isEqualTo(200);
        assertThat(((Reply) all.get(2)).status()).as("/metrics").isEqualTo(401);
        assertThat(((Reply) all.get(3)).status()).as("the bridge").isEqualTo(401);
        test.completeNow();
      })));
  }

  @Test
  void healthReportsEachVerticle(Vertx vertx, VertxTestContext test) {
    HttpClient client = vertx.createHttpClient();
    TestServer.start(vertx, TestServer.options(), v -> endpoint)
      .compose(port -> client.request(HttpMethod.GET, port, "127.0.0.1", "/health"))
      .compose(request -> request.send().compose(response -> response.body().map(body -> reply(response, body))))
      .onComplete(test.succeeding(reply -> test.verify(() -> {
        assertThat(reply.status()).isEqualTo(200);
        JsonObject json = new JsonObject(reply.body());
        assertThat(json.getString("status")).isEqualTo("UP");
        assertThat(json.getJsonObject("readiness").getJsonObject("verticles").getJsonObject("HttpServerVerticle")
          .getString("state")).isEqualTo("UP");
        test.completeNow();
      })));
  }

  /** Polls a condition on the event loop, at most 5 s. */
  static Future<Void> waitFor(Vertx vertx, java.util.function.BooleanSupplier condition) {
    Promise<Void> done = Promise.promise();
    long start = System.nanoTime();
    vertx.setPeriodic(10, id -> {
      if (condition.getAsBoolean()) {
        vertx.cancelTimer(id);
        done.tryComplete();
      } else if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(5)) {
        vertx.cancelTimer(id);
        done.tryFail("condition not reached in 5 s");
      }
    });
    return done.future();
  }
}
