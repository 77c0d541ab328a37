package dev.reviewgate.testkit.forge;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A stand-in for api.github.com on {@link FakeForge} that replays recorded answers. A route is an exact method and
 * path-with-query, optionally narrowed by the Accept header or the request body; its replies are served in order and
 * the last one repeats (like a WireMock scenario). Unmatched requests get GitHub's own 404 body. Every request is
 * kept for assertions (headers included: that is how tests see the token and If-None-Match).
 */
public final class FakeGitHub extends FakeForge {

  /** Recorded replies for one method and path-with-query. */
  public final class Route {
    private final String method;
    private final String uri;
    private Predicate<HttpServerRequest> accept = r -> true;
    private Predicate<String> body = b -> true;
    private final List<Reply> replies = new ArrayList<>();
    private int served;

    private Route(String method, String uri) {
      this.method = method;
      this.uri = uri;
    }

    public Route accept(String contains) {
      accept = r -> String.valueOf(r.getHeader("Accept")).contains(contains);
      return this;
    }

    public Route bodyContains(String text) {
      body = b -> b.contains(text);
      return this;
    }

    public Route reply(Reply... in) {
      replies.addAll(List.of(in));
      return this;
    }

    public int served() {
      return served;
    }

    private boolean matches(Exchange x) {
      return method.equals(x.method()) && uri.equals(x.request().uri()) && accept.test(x.request()) && body.test(x.body().toString());
    }

    private synchronized Reply next() {
      Reply reply = replies.get(Math.min(served, replies.size() - 1));
      served++;
      return reply;
    }
  }

  private final List<Route> routes = new CopyOnWriteArrayList<>();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();

  private FakeGitHub(Vertx vertx) {
    super(vertx);
    route("*", ".*", this::replay);
  }

  public static Future<FakeGitHub> start(Vertx vertx) {
    FakeGitHub fake = new FakeGitHub(vertx);
    return fake.listen().map(v -> fake);
  }

  public String url() {
    return baseUrl();
  }

  /** A route; the one added last wins when several match a request, so add general routes before specific ones. */
  public Route on(String method, String uri) {
    Route route = new Route(method, uri);
    routes.add(0, route);
    return route;
  }

  /** The most requests that were being answered at the same time. */
  public int maxInFlight() {
    return maxInFlight.get();
  }

  @Override
  protected void unmatched(Exchange x) {
    respond(x.request(), 404, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/json; charset=utf-8"),
      Buffer.buffer("{\"message\":\"Not Found\",\"documentation_url\":\"https://docs.github.com/rest\",\"status\":\"404\"}"), 0);
  }

  private void replay(Exchange x) {
    Route route = routes.stream().filter(r -> r.matches(x)).findFirst().orElse(null);
    if (route == null || route.replies.isEmpty()) {
      unmatched(x);
      return;
    }
    Reply reply = route.next();
    switch (reply.kind()) {
      case HANG_UP -> x.request().connection().close();
      case SILENCE -> {
        // never answer: the client's timeout must fire
      }
      case ANSWER -> {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        x.request().response().endHandler(done -> inFlight.decrementAndGet());
        respond(x.request(), reply.status(), reply.headers(), reply.body(), reply.delayMs());
      }
    }
  }

  /** One recorded (or deliberately broken) answer. */
  public record Reply(Kind kind, int status, MultiMap headers, Buffer body, long delayMs) {

    public enum Kind { ANSWER, HANG_UP, SILENCE }

    public static Reply of(int status, MultiMap headers, Buffer body) {
      return new Reply(Kind.ANSWER, status, headers, body, 0);
    }

    public static Reply json(int status, String body) {
      return of(status, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/json; charset=utf-8"), Buffer.buffer(body));
    }

    public static Reply hangUp() {
      return new Reply(Kind.HANG_UP, 0, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(), 0);
    }

    public static Reply silence() {
      return new Reply(Kind.SILENCE, 0, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(), 0);
    }

    public Reply withHeader(String name, String value) {
      MultiMap copy = MultiMap.caseInsensitiveMultiMap().addAll(headers);
      copy.set(name, value);
      return new Reply(kind, status, copy, body, delayMs);
    }

    public Reply withoutHeader(String name) {
      MultiMap copy = MultiMap.caseInsensitiveMultiMap().addAll(headers);
      copy.remove(name);
      return new Reply(kind, status, copy, body, delayMs);
    }

    public Reply withStatus(int newStatus) {
      return new Reply(kind, newStatus, headers, body, delayMs);
    }

    public Reply delayed(long ms) {
      return new Reply(kind, status, headers, body, ms);
    }
  }
}
