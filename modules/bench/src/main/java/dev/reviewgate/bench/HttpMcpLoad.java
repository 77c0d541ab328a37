package dev.reviewgate.bench;

import dev.reviewgate.core.security.UserSecret;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A closed-loop load generator for MCP over Streamable HTTP (session era, the one every server speaks):
 * {@code initialize}, then {@code concurrency} workers each calling one tool back to back for {@code duration}
 * seconds over kept-alive connections. Answers may be JSON or SSE. Prints requests/s, latency percentiles and
 * errors (HTTP status other than 200, JSON-RPC errors, {@code isError} results) as one JSON line.
 *
 * <pre>java -cp modules/bench/target/benchmarks.jar dev.reviewgate.bench.HttpMcpLoad \
 *   --url http://127.0.0.1:7420/mcp --tool diff_parse --args '{"diff":"..."}' --concurrency 16 --duration 60</pre>
 */
public final class HttpMcpLoad {

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>(Map.of("--concurrency", "16", "--duration", "60", "--warmup", "5",
      "--args", "{}", "--version", "2025-11-25"));
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i], args[i + 1]);
    }
    if (!options.containsKey("--url") || !options.containsKey("--tool")) {
      System.err.println("usage: HttpMcpLoad --url URL --tool NAME [--args JSON] [--concurrency 16] [--duration 60] [--warmup 5]");
      System.exit(2);
    }
    URI url = URI.create(options.get("--url"));
    int concurrency = Integer.parseInt(options.get("--concurrency"));
    Vertx vertx = Vertx.vertx();
    HttpClient client = vertx.createHttpClient(new PoolOptions().setHttp1MaxSize(concurrency + 2));
    try {
      HttpMcpLoad load = new HttpMcpLoad(client, url, options.get("--version"));
      String session = await(load.initialize());
      JsonObject arguments = new JsonObject(options.get("--args"));
      load.run(session, options.get("--tool"), arguments, concurrency, Integer.parseInt(options.get("--warmup")), false);
      JsonObject result = load.run(session, options.get("--tool"), arguments, concurrency,
        Integer.parseInt(options.get("--duration")), true);
      System.out.println(result.put("url", url.toString()).put("tool", options.get("--tool")).encode());
    } finally {
      client.close();
      vertx.close();
    }
  }

  /**
   * One measurement against a running server: a warm-up, then {@code seconds} of load; the same JSON as
   * {@link #main} prints.
   */
  public static JsonObject measure(URI url, String tool, JsonObject arguments, int concurrency, int warmup, int seconds)
    throws Exception {
    Vertx vertx = Vertx.vertx();
    HttpClient client = vertx.createHttpClient(new PoolOptions().setHttp1MaxSize(concurrency + 2));
    try {
      HttpMcpLoad load = new HttpMcpLoad(client, url, "2025-11-25");
      String session = await(load.initialize());
      load.run(session, tool, arguments, concurrency, warmup, false);
      return load.run(session, tool, arguments, concurrency, seconds, true).put("tool", tool);
    } finally {
      client.close();
      vertx.close();
    }
  }

  private final HttpClient client;
  private final URI url;
  private final String version;

  private HttpMcpLoad(HttpClient client, URI url, String version) {
    this.client = client;
    this.url = url;
    this.version = version;
  }

  private record Answer(int status, String session, JsonObject message) {
  }

  private Future<Answer> post(String session, JsonObject body) {
    RequestOptions request = new RequestOptions().setMethod(HttpMethod.POST).setHost(url.getHost()).setPort(url.getPort())
      .setURI(url.getRawPath()).putHeader("Content-Type", "application/json")
      .putHeader("Accept", "application/json, text/event-stream")
      // the server's credential, as any local client holds it: $REVIEWGATE_TOKEN, else this user's secret
      .putHeader("Authorization", "Bearer " + UserSecret.effectiveToken(System.getenv(), "REVIEWGATE_TOKEN"));
    if (session != null) {
      request.putHeader("Mcp-Session-Id", session).putHeader("MCP-Protocol-Version", version);
    }
    // The body asked for inside send's own step: a step later, on a reused connection, the response may have ended
    // unread and body() would never complete (the stall HttpSecurityIT and ClientKeysIT once met).
    return client.request(request).compose(r -> r.send(body.encode()).compose(response ->
      response.body().map(b -> new Answer(response.statusCode(), response.getHeader("Mcp-Session-Id"), parse(response, b)))));
  }

  /** The JSON-RPC message of a JSON body, or the last data line of an SSE body that carries an id. */
  private static JsonObject parse(HttpClientResponse response, Buffer body) {
    String type = response.getHeader("Content-Type");
    String text = body.toString();
    if (text.isEmpty()) {
      return null;
    }
    if (type != null && type.startsWith("text/event-stream")) {
      JsonObject last = null;
      for (String line : text.split("\n")) {
        if (line.startsWith("data:") && line.length() > 6) {
          JsonObject message = new JsonObject(line.substring(5).trim());
          if (message.containsKey("id")) {
            last = message;
          }
        }
      }
      return last;
    }
    return new JsonObject(text);
  }

  private Future<String> initialize() {
    JsonObject init = new JsonObject().put("jsonrpc", "2.0").put("id", 0).put("method", "initialize").put("params",
      new JsonObject().put("protocolVersion", version).put("capabilities", new JsonObject())
        .put("clientInfo", new JsonObject().put("name", "reviewgate-load").put("version", "1")));
    return post(null, init).compose(answer -> {
      if (answer.status() != 200 || answer.session() == null) {
        return Future.failedFuture("initialize failed: HTTP " + answer.status() + " " + answer.message());
      }
      return post(answer.session(), new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/initialized"))
        .map(ignored -> answer.session());
    });
  }

  private JsonObject run(String session, String tool, JsonObject arguments, int concurrency, int seconds, boolean record)
    throws Exception {
    long[] latencies = new long[1 << 22];
    AtomicLong count = new AtomicLong();
    AtomicLong errors = new AtomicLong();
    Map<String, Long> errorKinds = new java.util.concurrent.ConcurrentHashMap<>();
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    long started = System.nanoTime();
    Promise<Void>[] done = new Promise[concurrency];
    AtomicLong ids = new AtomicLong(1);
    for (int w = 0; w < concurrency; w++) {
      done[w] = Promise.promise();
      loop(session, tool, arguments, end, latencies, count, errors, errorKinds, ids, done[w]);
    }
    for (Promise<Void> p : done) {
      await(p.future());
    }
    double elapsed = (System.nanoTime() - started) / 1e9;
    int n = (int) Math.min(count.get(), latencies.length);
    long[] sorted = Arrays.copyOf(latencies, n);
    Arrays.sort(sorted);
    JsonObject result = new JsonObject().put("concurrency", concurrency).put("seconds", seconds)
      .put("requests", count.get()).put("errors", errors.get()).put("errorKinds", new JsonObject(new LinkedHashMap<>(errorKinds)))
      .put("requestsPerSecond", Math.round(count.get() / elapsed))
      .put("latencyMs", new JsonObject().put("p50", ms(sorted, 0.50)).put("p90", ms(sorted, 0.90))
        .put("p99", ms(sorted, 0.99)).put("max", n == 0 ? 0 : sorted[n - 1] / 1e6));
    return record ? result : null;
  }

  private void loop(String session, String tool, JsonObject arguments, long end, long[] latencies, AtomicLong count,
                    AtomicLong errors, Map<String, Long> errorKinds, AtomicLong ids, Promise<Void> done) {
    if (System.nanoTime() >= end) {
      done.complete();
      return;
    }
    JsonObject call = new JsonObject().put("jsonrpc", "2.0").put("id", ids.getAndIncrement()).put("method", "tools/call")
      .put("params", new JsonObject().put("name", tool).put("arguments", arguments));
    long t0 = System.nanoTime();
    post(session, call).onComplete(ar -> {
      long nanos = System.nanoTime() - t0;
      long index = count.getAndIncrement();
      if (index < latencies.length) {
        latencies[(int) index] = nanos;
      }
      String problem = ar.failed() ? "io: " + ar.cause().getClass().getSimpleName()
        : ar.result().status() != 200 ? "http " + ar.result().status()
        : ar.result().message() == null ? "empty answer"
        : ar.result().message().containsKey("error") ? "rpc " + ar.result().message().getJsonObject("error").getInteger("code")
        : ar.result().message().getJsonObject("result").getBoolean("isError", false) ? "isError" : null;
      if (problem != null) {
        errors.incrementAndGet();
        errorKinds.merge(problem, 1L, Long::sum);
      }
      loop(session, tool, arguments, end, latencies, count, errors, errorKinds, ids, done);
    });
  }

  private static double ms(long[] sorted, double quantile) {
    if (sorted.length == 0) {
      return 0;
    }
    int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
    return Math.round(sorted[Math.max(0, index)] / 1e4) / 100.0;
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(5, TimeUnit.MINUTES);
  }
}
