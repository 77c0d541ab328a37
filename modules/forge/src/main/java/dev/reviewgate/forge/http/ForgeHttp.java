package dev.reviewgate.forge.http;

import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The HTTP layer every forge client sends through, over vertx-web-client: bounded retries and waits decided by the
 * forge's {@link ForgePolicy}, conditional requests (ETag / If-None-Match; a 304 is served from
 * {@link ConditionalCache}), a bound on concurrent reads, serialised and spaced writes, per-request timeouts.
 * <p>A tool call uses a view bound to its caller's deadline ({@link #until(long)}): no request is sent, and no wait
 * (rate limit, {@code Retry-After}, backoff) begun, that would end after the caller has stopped waiting; such a call
 * fails at once with 429 naming when to come back, instead of reaching the caller as a bus timeout.
 */
public final class ForgeHttp {

  private static final Logger LOG = Logger.getLogger(ForgeHttp.class.getName());

  /**
   * @param http            the settings every forge section declares
   * @param writeSpacingMs  pause between writes (writes are serialised either way)
   * @param followRedirects whether a 3xx is followed rather than answered (Azure DevOps' sign-in redirect must not be)
   */
  public record Settings(ForgeHttpOptions http, long writeSpacingMs, boolean followRedirects) {
  }

  private final Vertx vertx;
  private final Settings settings;
  private final ForgePolicy policy;
  private final WebClient web;
  private final ConditionalCache cache;
  private final Limiter reads;
  private final WriteQueue writes;
  private final long deadlineMs;

  /** The shared layer of one forge client, without a deadline; tool calls use {@link #until(long)}. */
  public ForgeHttp(Vertx vertx, Settings settings, ForgePolicy policy) {
    this(vertx, settings, policy, WebClient.create(vertx, new WebClientOptions()
        .setUserAgent("reviewgate")
        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, settings.http().timeoutMs()))
        .setFollowRedirects(settings.followRedirects())),
      new ConditionalCache(settings.http().etagCacheEntries(), settings.http().etagCacheMaxBytes()),
      new Limiter(settings.http().maxConcurrentReads()), new WriteQueue(vertx, settings.writeSpacingMs()), Long.MAX_VALUE);
  }

  /** The layer of a forge whose writes are not spaced and whose redirects are answered, not followed. */
  public static ForgeHttp of(Vertx vertx, OutagePolicy policy) {
    return new ForgeHttp(vertx, new Settings(policy.http, 0, false), policy);
  }

  private ForgeHttp(Vertx vertx, Settings settings, ForgePolicy policy, WebClient web, ConditionalCache cache, Limiter reads,
                    WriteQueue writes, long deadlineMs) {
    this.vertx = vertx;
    this.settings = settings;
    this.policy = policy;
    this.web = web;
    this.cache = cache;
    this.reads = reads;
    this.writes = writes;
    this.deadlineMs = deadlineMs;
  }

  /**
   * This layer (same connections, cache, read bound and write queue) for one caller who stops waiting at
   * {@code deadlineMs} (epoch ms). Nothing is sent, nor sent again, after it, so a change cannot happen behind the
   * back of a caller who was already told it timed out.
   */
  public ForgeHttp until(long deadlineMs) {
    return new ForgeHttp(vertx, settings, policy, web, cache, reads, writes, Math.min(this.deadlineMs, deadlineMs));
  }

  /** Sends {@code request}: a read within the bound on concurrent reads, a write in the write queue. */
  public Future<ForgeResponse> send(ForgeRequest request) {
    return request.write() ? writes.run(() -> attempt(request, 0)) : reads.run(() -> attempt(request, 0));
  }

  public void close() {
    web.close();
  }

  private Future<ForgeResponse> attempt(ForgeRequest call, int attempt) {
    if (System.currentTimeMillis() > deadlineMs) {
      return Future.failedFuture(ToolException.busy(call.what() + " waited for its turn (" + (call.write() ? "writes are spaced "
        + settings.writeSpacingMs() + " ms apart" : "at most " + settings.http().maxConcurrentReads() + " reads at a time")
        + ") longer than its caller waits; it was not sent, nothing was changed. Try again."));
    }
    String cacheKey = call.method() == HttpMethod.GET ? call.headers().get("Accept") + " " + call.url() : null;
    ConditionalCache.Entry cached = cacheKey == null ? null : cache.get(cacheKey);
    HttpRequest<Buffer> request = web.requestAbs(call.method(), call.url()).timeout(settings.http().timeoutMs());
    request.putHeaders(call.headers());
    if (cached != null) {
      request.putHeader("If-None-Match", cached.etag());
    }
    Future<HttpResponse<Buffer>> sent = call.body() == null ? request.send()
      : request.putHeader("Content-Type", "application/json").sendBuffer(call.body());
    return sent.transform(done -> {
      if (done.failed()) {
        LOG.log(Level.FINE, () -> call.what() + " failed: " + done.cause().getClass().getSimpleName());
        return next(call, attempt, policy.afterNetworkError(attempt, call.write(), NetworkFailure.of(done.cause()), call.what()), null,
          System.currentTimeMillis());
      }
      HttpResponse<Buffer> raw = done.result();
      Buffer body = raw.body() == null ? Buffer.buffer() : raw.body();
      LOG.log(Level.FINE, () -> call.what() + " -> " + raw.statusCode());
      if (raw.statusCode() == 304 && cached != null) {
        return Future.succeededFuture(new ForgeResponse(200, cached.headers(), cached.body(), true, call.what()));
      }
      ForgeResponse response = new ForgeResponse(raw.statusCode(), raw.headers(), body, false, call.what());
      String etag = raw.getHeader("etag");
      if (cacheKey != null && raw.statusCode() == 200 && etag != null) {
        cache.put(cacheKey, new ConditionalCache.Entry(etag, MultiMap.caseInsensitiveMultiMap().addAll(raw.headers()), body));
      }
      long now = System.currentTimeMillis();
      Decision decision = raw.statusCode() >= 400
        ? policy.afterResponse(attempt, call.write(), raw.statusCode(), raw.headers(), body, now, call.what())
        : Decision.deliver();
      return next(call, attempt, decision, response, now);
    });
  }

  /** @param decidedAtMs the clock reading the decision's wait counts from */
  private Future<ForgeResponse> next(ForgeRequest call, int attempt, Decision decision, ForgeResponse response, long decidedAtMs) {
    return switch (decision.kind()) {
      case DELIVER -> Future.succeededFuture(response);
      case FAIL -> Future.failedFuture(decision.failure());
      case RETRY -> {
        if (decidedAtMs + decision.waitMs() > deadlineMs) {
          yield Future.failedFuture(beyondDeadline(decision, call, decidedAtMs));
        }
        LOG.info(() -> policy.forge() + ": retrying " + call.what() + " in " + decision.waitMs() + " ms"
          + (response == null ? " after a network error" : " after HTTP " + response.status()));
        yield delay(vertx, decision.waitMs()).compose(v -> attempt(call, attempt + 1));
      }
    };
  }

  /** The answer when the wait the forge asks for would end after the caller stopped waiting: 429, saying when to come back. */
  private ToolException beyondDeadline(Decision decision, ForgeRequest call, long nowMs) {
    Instant retryAt = Instant.ofEpochMilli(nowMs + decision.waitMs());
    return ToolException.busy(call.what() + ": " + decision.why() + ", which is later than its "
      + "caller waits for this answer (" + Math.max(0, (deadlineMs - nowMs) / 1000) + " s left), so it was not tried again and "
      + "nothing was changed. Try again after " + retryAt + ".");
  }

  public static Future<Void> delay(Vertx vertx, long ms) {
    if (ms <= 0) {
      return Future.succeededFuture();
    }
    Promise<Void> promise = Promise.promise();
    vertx.setTimer(ms, id -> promise.complete());
    return promise.future();
  }

  /** {@code Retry-After} is either delay-seconds or an HTTP date (RFC 9110 §10.2.3); {@code null} when absent or unreadable. */
  public static Long retryAfterMs(String value, long nowMs) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String v = value.strip();
    if (v.chars().allMatch(Character::isDigit)) {
      return parseLong(v) * 1000L;
    }
    try {
      long at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.ROOT)).toInstant().toEpochMilli();
      return Math.max(0, at - nowMs);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  public static long parseLong(String s) {
    if (s == null) {
      return 0;
    }
    try {
      return Long.parseLong(s.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
