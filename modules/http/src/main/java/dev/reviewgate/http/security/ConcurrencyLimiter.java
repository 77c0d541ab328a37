package dev.reviewgate.http.security;

import dev.reviewgate.core.net.ClientSlots;
import dev.reviewgate.http.HttpOptions;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.SecurityPolicyHandler;
import java.util.function.BooleanSupplier;

/**
 * Bounds the work in progress per client and in total, in two pools, so one busy agent cannot starve the others
 * and the server sheds load instead of queueing without bound. Requests in flight (429 per client, 503 in total,
 * each with {@code Retry-After}) are one pool. Long-lived work is the other: GET event streams, and requests the
 * endpoint moves there once it knows they wait for a person ({@link ClientSlots#LONG_LIVED}); they would
 * otherwise hold request slots for minutes and lock their client, or everyone, out. A slot is held until the
 * response ends or the connection closes. Clients are told apart by {@link ClientKeys}: on loopback, by process.
 * Thread-safe, so several server verticle instances (event loops) can share one limiter.
 */
public final class ConcurrencyLimiter implements SecurityPolicyHandler {

  private final HttpOptions options;
  private final ClientKeys clients;
  private final SlotPool requests;
  private final SlotPool longLived;

  public ConcurrencyLimiter(HttpOptions options, ClientKeys clients) {
    this.options = options;
    this.clients = clients;
    this.requests = new SlotPool("requests in flight", options.maxConcurrentPerClient(), "http.maxConcurrentPerClient",
      options.maxConcurrent(), "http.maxConcurrent");
    this.longLived = new SlotPool("open event streams and waits for a person", options.maxStreamsPerClient(),
      "http.maxStreamsPerClient", options.maxStreams(), "http.maxStreams");
  }

  @Override
  public void handle(RoutingContext ctx) {
    Future<String> client = clients.of(ctx.request());
    if (client.isComplete()) {
      admit(ctx, client.result());
      return;
    }
    // The first request of a local connection waits for its process to be found: hold its body until then.
    HttpServerRequest request = ctx.request();
    if (!request.isEnded()) {
      request.pause();
    }
    client.onComplete(key -> admit(ctx, key.succeeded() ? key.result() : "unknown"));
  }

  private void admit(RoutingContext ctx, String client) {
    // A GET on /mcp is an event stream, open for as long as the session lives.
    Slot slot = new Slot(ctx, client, ctx.request().method() == HttpMethod.GET ? longLived : requests);
    if (!slot.take()) {
      return;
    }
    ctx.addEndHandler(done -> slot.release());
    ctx.put(ClientSlots.CLIENT, client);
    ctx.put(ClientSlots.LONG_LIVED, (BooleanSupplier) () -> slot.moveTo(longLived));
    ctx.next();
  }

  /** The one slot a request holds, in whichever pool it is now. Used on the request's event loop only. */
  private final class Slot {

    private final RoutingContext ctx;
    private final String client;
    private SlotPool pool;
    private boolean released;

    Slot(RoutingContext ctx, String client, SlotPool pool) {
      this.ctx = ctx;
      this.client = client;
      this.pool = pool;
    }

    boolean take() {
      return granted(pool.acquire(client));
    }

    boolean moveTo(SlotPool target) {
      if (target == pool || released) {
        return true;
      }
      if (!granted(target.acquire(client))) {
        return false;
      }
      pool.release(client);
      pool = target;
      return true;
    }

    void release() {
      if (!released) {
        released = true;
        pool.release(client);
      }
    }

    /** True when nothing was refused; else answers with the refusal and its {@code Retry-After}. */
    private boolean granted(SlotPool.Refusal refusal) {
      if (refusal == null) {
        return true;
      }
      String retry = Integer.toString(options.retryAfterSeconds());
      ctx.response().putHeader("Retry-After", retry);
      RequestGuard.refuse(ctx, refusal.status(), refusal.message() + "; wait for answers or close some, retry after "
        + retry + " s");
      return false;
    }
  }
}
