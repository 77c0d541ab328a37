package dev.reviewgate.http.security;

import dev.reviewgate.http.HttpOptions;
import io.vertx.ext.web.handler.SecurityPolicyHandler;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the requests in flight, per client (its remote address: 429) and in total (503), each with
 * {@code Retry-After}, so one busy agent cannot starve the others and the server sheds load instead of queueing
 * without bound. A request holds its slot until its response ends or its connection closes. Thread-safe, so
 * several server verticle instances (event loops) can share one limiter.
 */
public final class ConcurrencyLimiter implements SecurityPolicyHandler {

  private final HttpOptions options;
  private final ConcurrentHashMap<String, AtomicInteger> perClient = new ConcurrentHashMap<>();
  private final AtomicInteger total = new AtomicInteger();

  public ConcurrencyLimiter(HttpOptions options) {
    this.options = options;
  }

  @Override
  public void handle(RoutingContext ctx) {
    String client = ctx.request().remoteAddress() == null ? "unknown" : ctx.request().remoteAddress().hostAddress();
    String retry = Integer.toString(options.retryAfterSeconds());
    if (total.incrementAndGet() > options.maxConcurrent()) {
      total.decrementAndGet();
      ctx.response().putHeader("Retry-After", retry);
      RequestGuard.refuse(ctx, 503, "the server is at its limit of " + options.maxConcurrent()
        + " requests in flight; retry after " + retry + " s");
      return;
    }
    AtomicInteger mine = perClient.computeIfAbsent(client, k -> new AtomicInteger());
    if (mine.incrementAndGet() > options.maxConcurrentPerClient()) {
      release(client, mine);
      ctx.response().putHeader("Retry-After", retry);
      RequestGuard.refuse(ctx, 429, "too many requests in flight from this client (limit "
        + options.maxConcurrentPerClient() + "); wait for answers, retry after " + retry + " s");
      return;
    }
    AtomicBoolean released = new AtomicBoolean();
    ctx.addEndHandler(done -> {
      if (released.compareAndSet(false, true)) {
        release(client, mine);
      }
    });
    ctx.next();
  }

  private void release(String client, AtomicInteger mine) {
    total.decrementAndGet();
    if (mine.decrementAndGet() <= 0) {
      perClient.remove(client, mine);
    }
  }
}
