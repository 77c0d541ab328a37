package dev.reviewgate.testkit.forge;

import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every fake forge of the tests is made of: a Vert.x HTTP server on 127.0.0.1 (port 0) that a test starts and
 * stops, a table of routes (method and path pattern), every request recorded, faults scripted per path fragment
 * (a status with headers and body, a delay, a hang-up; each once per arming), writes whose response is lost, blobs
 * served from a real repository, and ETag/304 on request. A forge's fake only adds its route table.
 */
public abstract class FakeForge implements AutoCloseable {

  /** One request as it arrived; {@code atMs} for spacing checks. */
  public record Received(String method, String uri, MultiMap headers, String body, long atMs) {
  }

  /** One request as a route sees it: {@code path} is the route's match, for its groups. */
  public record Exchange(HttpServerRequest request, Buffer body, Matcher path) {

    public String method() {
      return request.method().name();
    }

    public String group(int n) {
      return path.group(n);
    }

    public String param(String name) {
      return request.getParam(name);
    }

    public String param(String name, String otherwise) {
      return request.getParam(name, otherwise);
    }

    public JsonObject json() {
      return body.length() == 0 ? new JsonObject() : body.toJsonObject();
    }
  }

  /** A route's answer to one request. */
  @FunctionalInterface
  public interface Handler {
    void handle(Exchange exchange);
  }

  /** A scripted answer that replaces the route's: a status, headers and body after a delay, or a closed connection. */
  public record Fault(int status, MultiMap headers, Buffer body, long delayMs, boolean closesConnection) {

    public static Fault status(int status, JsonObject body) {
      return new Fault(status, MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/json"),
        Buffer.buffer(body.encode()), 0, false);
    }

    public static Fault closedConnection() {
      return new Fault(0, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(), 0, true);
    }

    public Fault header(String name, String value) {
      MultiMap copy = MultiMap.caseInsensitiveMultiMap().addAll(headers).set(name, value);
      return new Fault(status, copy, body, delayMs, closesConnection);
    }

    public Fault delayed(long ms) {
      return new Fault(status, headers, body, ms, closesConnection);
    }
  }

  private record Route(String method, Pattern path, Handler handler) {
  }

  protected final Vertx vertx;
  private final List<Route> routes = new CopyOnWriteArrayList<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Map<String, Fault> armed = new ConcurrentHashMap<>();
  private final Map<String, Integer> faultsServed = new ConcurrentHashMap<>();
  private final AtomicInteger lostWrites = new AtomicInteger();
  private final AtomicInteger blobRequests = new AtomicInteger();
  private volatile boolean conditional;
  private HttpServer server;

  protected FakeForge(Vertx vertx) {
    this.vertx = vertx;
  }

  /** Starts listening on a free loopback port. */
  public final Future<Void> listen() {
    server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0));
    server.requestHandler(this::accept);
    return server.listen().mapEmpty();
  }

  /** {@code http://127.0.0.1:port}, without a path. */
  public final String baseUrl() {
    return "http://127.0.0.1:" + server.actualPort();
  }

  public final Future<Void> stop() {
    return server.close();
  }

  /** Stops the server and waits for it: for try-with-resources and {@code @AfterEach}. */
  @Override
  public final void close() {
    Await.result(stop());
  }

  /** Adds a route; the first added that matches the method ({@code "*"}: any) and the whole path answers. */
  protected final void route(String method, String pathPattern, Handler handler) {
    routes.add(new Route(method, Pattern.compile(pathPattern), handler));
  }

  /** Answers the next request whose path contains {@code pathFragment} with {@code fault} instead of its route. */
  public final void failOnce(String pathFragment, Fault fault) {
    armed.put(pathFragment, fault);
  }

  /** Path fragments armed and not yet hit. */
  public final Set<String> armedFaults() {
    return Set.copyOf(armed.keySet());
  }

  /** How often a fault armed for {@code pathFragment} was served. */
  public final int faultsServed(String pathFragment) {
    return faultsServed.getOrDefault(pathFragment, 0);
  }

  /** The next {@code writes} writes are applied and then answered by a closed connection (a response lost on the way). */
  public final void loseResponses(int writes) {
    lostWrites.set(writes);
  }

  /** From now on a 200 reply carries an ETag of its body, and a request whose If-None-Match names it gets 304. */
  public final void conditionalReplies(boolean on) {
    conditional = on;
  }

  public final List<Received> received() {
    return List.copyOf(received);
  }

  public final List<Received> received(String method, String uriPrefix) {
    return received.stream().filter(r -> r.method().equals(method) && r.uri().startsWith(uriPrefix)).toList();
  }

  /** Requests received, refused ones included. */
  public final int requests() {
    return received.size();
  }

  public final int blobRequests() {
    return blobRequests.get();
  }

  /**
   * Checks a request before faults and routes (credentials, required parameters); answers it and returns false to
   * stop there.
   */
  protected boolean admit(Exchange exchange) {
    return true;
  }

  /** Answers with a reply a test scripted for this request instead of its route's; true when it did. */
  protected boolean scripted(Exchange exchange) {
    return false;
  }

  /** The answer when no route matches. */
  protected void unmatched(Exchange exchange) {
    json(exchange, 404, new JsonObject().put("message", "Not Found"));
  }

  /** The answer when a route throws: a 500 whose body names the exception, so the test's failure shows it. */
  protected void broken(Exchange exchange, RuntimeException e) {
    json(exchange, 500, new JsonObject().put("message", "500 Internal Server Error: " + e));
  }

  private void accept(HttpServerRequest request) {
    request.body().onSuccess(body -> {
      received.add(new Received(request.method().name(), request.uri(), MultiMap.caseInsensitiveMultiMap().addAll(request.headers()),
        body.toString(StandardCharsets.UTF_8), System.currentTimeMillis()));
      Exchange whole = new Exchange(request, body, null);
      if (!admit(whole) || faulted(request) || scripted(whole)) {
        return;
      }
      String path = request.path();
      for (Route route : routes) {
        Matcher m = route.path().matcher(path);
        if ((route.method().equals("*") || route.method().equals(request.method().name())) && m.matches()) {
          try {
            route.handler().handle(new Exchange(request, body, m));
          } catch (RuntimeException e) {
            broken(whole, e);
          }
          return;
        }
      }
      unmatched(whole);
    });
  }

  private boolean faulted(HttpServerRequest request) {
    for (Map.Entry<String, Fault> entry : armed.entrySet()) {
      if (request.path().contains(entry.getKey()) && armed.remove(entry.getKey(), entry.getValue())) {
        faultsServed.merge(entry.getKey(), 1, Integer::sum);
        Fault fault = entry.getValue();
        if (fault.closesConnection()) {
          request.connection().close();
        } else {
          respond(request, fault.status(), fault.headers(), fault.body(), fault.delayMs());
        }
        return true;
      }
    }
    return false;
  }

  /** Answers with {@code body} after {@code delayMs}; a conditional 200 becomes 304 when If-None-Match names its ETag. */
  protected final void respond(HttpServerRequest request, int status, MultiMap headers, Buffer body, long delayMs) {
    Runnable answer = () -> {
      HttpServerResponse response = request.response();
      headers.forEach(response::putHeader);
      String etag = conditional && status == 200 ? headers.get("ETag") != null ? headers.get("ETag") : etagOf(body) : null;
      if (etag != null) {
        response.putHeader("ETag", etag);
        if (etag.equals(request.getHeader("If-None-Match"))) {
          response.setStatusCode(304).end();
          return;
        }
      }
      response.setStatusCode(status).end(body);
    };
    if (delayMs > 0) {
      vertx.setTimer(delayMs, id -> answer.run());
    } else {
      answer.run();
    }
  }

  /** Answers a JSON object or array. */
  protected final void json(Exchange exchange, int status, Object body) {
    String text = body instanceof JsonObject o ? o.encode() : ((JsonArray) body).encode();
    respond(exchange.request(), status, MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/json; charset=utf-8"),
      Buffer.buffer(text), 0);
  }

  /** Answers a write that was applied: its body, or a closed connection while responses are being lost. */
  protected final void answerWrite(Exchange exchange, int status, JsonObject body) {
    if (lostWrites.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      exchange.request().connection().close();
    } else {
      json(exchange, status, body);
    }
  }

  /**
   * Serves the bytes of {@code object} ({@code git cat-file blob}: a blob id or {@code rev:path}) from {@code repo};
   * when git has no such blob, {@code missing} answers instead.
   */
  protected final void blob(Exchange exchange, TempGitRepo repo, String object, String contentType, Handler missing) {
    blobRequests.incrementAndGet();
    byte[] bytes;
    try {
      bytes = repo.gitBytes("cat-file", "blob", object);
    } catch (RuntimeException notThere) {
      missing.handle(exchange);
      return;
    }
    respond(exchange.request(), 200, MultiMap.caseInsensitiveMultiMap().add("Content-Type", contentType), Buffer.buffer(bytes), 0);
  }

  private static String etagOf(Buffer body) {
    try {
      return "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(body.getBytes())) + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
