package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GitHub's REST and GraphQL APIs over vertx-web-client, with the robustness an agent needs: bounded retries with
 * backoff ({@link RetryPolicy}), rate-limit waits, conditional requests (ETag / If-None-Match; a 304 is served from
 * {@link ConditionalCache}), a bound on concurrent reads, serialised and spaced writes, and per-request timeouts.
 * <p>A tool call uses a view of the client bound to its caller's deadline ({@link #until(long)}): no request is sent,
 * and no wait (rate limit, {@code Retry-After}, backoff) begun, that would end after the caller has stopped waiting;
 * such a call fails at once with 429 naming when to come back, instead of reaching the caller as a bus timeout.
 * The token goes only into the {@code Authorization} header of requests to the configured API host; it is never
 * logged and never part of a message.
 */
public final class GitHubClient {

  public static final String JSON = "application/vnd.github+json";
  public static final String DIFF = "application/vnd.github.diff";
  private static final String API_VERSION = "2022-11-28";
  private static final Pattern NEXT_LINK = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"next\"");
  private static final Logger LOG = Logger.getLogger(GitHubClient.class.getName());

  private final Vertx vertx;
  private final GitHubOptions options;
  private final WebClient web;
  private final RetryPolicy policy;
  private final ConditionalCache cache;
  private final Limiter reads;
  private final WriteQueue writes;
  private final long deadlineMs;

  /** The shared client, without a deadline; tool calls use {@link #until(long)}. */
  public GitHubClient(Vertx vertx, GitHubOptions options) {
    this(vertx, options, WebClient.create(vertx, new WebClientOptions()
        .setUserAgent("reviewgate")
        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, options.timeoutMs()))
        .setFollowRedirects(true)),
      new ConditionalCache(options.etagCacheEntries(), options.etagCacheMaxBytes()), new Limiter(options.maxConcurrentReads()),
      new WriteQueue(vertx, options.writeSpacingMs()), Long.MAX_VALUE);
  }

  private GitHubClient(Vertx vertx, GitHubOptions options, WebClient web, ConditionalCache cache, Limiter reads, WriteQueue writes,
                       long deadlineMs) {
    this.vertx = vertx;
    this.options = options;
    this.web = web;
    this.policy = new RetryPolicy(options);
    this.cache = cache;
    this.reads = reads;
    this.writes = writes;
    this.deadlineMs = deadlineMs;
  }

  /**
   * This client (same connections, cache, read bound and write queue) for one caller who stops waiting at
   * {@code deadlineMs} (epoch ms): the event-bus timeout its front-end applies. Nothing is sent, nor sent again, after
   * it, so a merge cannot happen behind the back of a caller who was already told it timed out.
   */
  public GitHubClient until(long deadlineMs) {
    return new GitHubClient(vertx, options, web, cache, reads, writes, Math.min(this.deadlineMs, deadlineMs));
  }

  public GitHubOptions options() {
    return options;
  }

  /** A GET of {@code path} (relative to the API base, query included) or of an absolute URL on the API host. */
  public Future<GitHubResponse> get(String path, String accept) {
    String url = absolute(path);
    return reads.run(() -> attempt(new Call(HttpMethod.GET, url, accept, null, false, "GET " + relative(url)), 0));
  }

  /** A GET that must succeed with a JSON object. */
  public Future<JsonObject> getJson(String path, String subject) {
    return get(path, JSON).map(response -> response.requireOk(subject).json());
  }

  /**
   * Every item of a paginated list, following {@code link: rel="next"}, until {@code maxItems} or {@code maxPages}.
   *
   * @param arrayField {@code null} when each page is a JSON array; else the field holding it (e.g. {@code check_runs})
   */
  public Future<List<JsonObject>> getPages(String path, String arrayField, int maxItems, int maxPages, String subject) {
    List<JsonObject> items = new ArrayList<>();
    return page(absolute(path), arrayField, maxItems, maxPages, subject, items).map(v -> items);
  }

  private Future<Void> page(String url, String arrayField, int maxItems, int pagesLeft, String subject, List<JsonObject> items) {
    return get(url, JSON).compose(response -> {
      response.requireOk(subject);
      JsonArray array = arrayField == null ? response.jsonArray() : response.json().getJsonArray(arrayField, new JsonArray());
      for (int i = 0; i < array.size() && items.size() < maxItems; i++) {
        if (array.getValue(i) instanceof JsonObject item) {
          items.add(item);
        }
      }
      String next = nextLink(response.headers().get("link"));
      if (next == null || items.size() >= maxItems || pagesLeft <= 1) {
        return Future.succeededFuture();
      }
      return page(next, arrayField, maxItems, pagesLeft - 1, subject, items);
    });
  }

  /** A state-changing REST call: refused without a token; serialised with the other writes and spaced. */
  public Future<GitHubResponse> write(HttpMethod method, String path, JsonObject body, String action) {
    if (!options.hasToken()) {
      return Future.failedFuture(noToken(action));
    }
    String url = absolute(path);
    return writes.run(() -> attempt(new Call(method, url, JSON, body == null ? null : body.toBuffer(), true,
      method.name() + " " + relative(url)), 0));
  }

  /**
   * A GraphQL request; a mutation counts as a write. GitHub reports GraphQL errors as HTTP 200 with
   * {@code errors[]}: those fail here too, so a caller never mistakes them for success.
   *
   * @return the {@code data} object
   */
  public Future<JsonObject> graphql(String query, JsonObject variables, boolean mutation, String action) {
    if (!options.hasToken()) {
      return Future.failedFuture(noToken(action));
    }
    Buffer body = new JsonObject().put("query", query).put("variables", variables == null ? new JsonObject() : variables).toBuffer();
    Call call = new Call(HttpMethod.POST, options.graphqlUrl(), "application/json", body, mutation, "POST /graphql (" + action + ")");
    Future<GitHubResponse> sent = mutation ? writes.run(() -> attempt(call, 0)) : reads.run(() -> attempt(call, 0));
    return sent.map(response -> graphqlData(response.requireOk(action), action));
  }

  static JsonObject graphqlData(GitHubResponse response, String action) {
    JsonObject json = response.json();
    JsonArray errors = json.getJsonArray("errors");
    if (errors != null && !errors.isEmpty()) {
      List<String> messages = new ArrayList<>();
      String type = null;
      for (Object e : errors) {
        if (e instanceof JsonObject error) {
          messages.add(error.getString("message", "unknown error"));
          type = type == null ? error.getString("type") : type;
        }
      }
      String text = "GitHub refused " + action + ": " + String.join("; ", messages);
      throw switch (type == null ? "" : type) {
        case "NOT_FOUND" -> ToolException.notFound(text);
        case "FORBIDDEN" -> ToolException.notAllowed(text);
        case "RATE_LIMITED" -> ToolException.busy(text + " — wait and try again");
        case "UNPROCESSABLE" -> ToolException.conflict(text);
        default -> ToolException.upstream(text);
      };
    }
    JsonObject data = json.getJsonObject("data");
    if (data == null) {
      throw ToolException.upstream("GitHub sent no data for " + action);
    }
    return data;
  }

  public void close() {
    web.close();
  }

  /** The refusal for a change without a token; callers check {@link GitHubOptions#hasToken()} before reading anything. */
  ToolException noToken(String action) {
    return ToolException.notAllowed(action + " changes GitHub and needs a token; none is configured. Set GITHUB_TOKEN (or the "
      + "environment variable named by github.tokenEnv) to a token with write access to pull requests, then restart.");
  }

  private record Call(HttpMethod method, String url, String accept, Buffer body, boolean write, String what) {
  }

  private Future<GitHubResponse> attempt(Call call, int attempt) {
    if (System.currentTimeMillis() > deadlineMs) {
      return Future.failedFuture(ToolException.busy(call.what() + " waited for its turn (" + (call.write() ? "writes are spaced "
        + options.writeSpacingMs() + " ms apart" : "at most " + options.maxConcurrentReads() + " reads at a time")
        + ") longer than its caller waits; it was not sent, nothing was changed. Try again."));
    }
    String cacheKey = call.method() == HttpMethod.GET ? call.accept() + " " + call.url() : null;
    ConditionalCache.Entry cached = cacheKey == null ? null : cache.get(cacheKey);
    HttpRequest<Buffer> request = web.requestAbs(call.method(), call.url())
      .timeout(options.timeoutMs())
      .putHeader("Accept", call.accept())
      .putHeader("X-GitHub-Api-Version", API_VERSION);
    if (options.hasToken()) {
      request.putHeader("Authorization", options.token().authorization());
    }
    if (cached != null) {
      request.putHeader("If-None-Match", cached.etag());
    }
    Future<HttpResponse<Buffer>> sent = call.body() == null ? request.send() : request.putHeader("Content-Type", "application/json").sendBuffer(call.body());
    return sent.transform(done -> {
      if (done.failed()) {
        boolean timedOut = isTimeout(done.cause());
        LOG.log(Level.FINE, () -> call.what() + " failed: " + done.cause().getClass().getSimpleName());
        return next(call, attempt, policy.afterNetworkError(attempt, call.write(), timedOut, call.what()), null, System.currentTimeMillis());
      }
      HttpResponse<Buffer> raw = done.result();
      Buffer body = raw.body() == null ? Buffer.buffer() : raw.body();
      LOG.log(Level.FINE, () -> call.what() + " -> " + raw.statusCode());
      if (raw.statusCode() == 304 && cached != null) {
        return Future.succeededFuture(new GitHubResponse(200, cached.headers(), cached.body(), true, call.what()));
      }
      GitHubResponse response = new GitHubResponse(raw.statusCode(), raw.headers(), body, false, call.what());
      String etag = raw.getHeader("etag");
      if (cacheKey != null && raw.statusCode() == 200 && etag != null) {
        cache.put(cacheKey, new ConditionalCache.Entry(etag, MultiMap.caseInsensitiveMultiMap().addAll(raw.headers()), body));
      }
      long now = System.currentTimeMillis();
      RetryPolicy.Decision decision = raw.statusCode() >= 400
        ? policy.afterResponse(attempt, call.write(), raw.statusCode(), raw.headers(), response.message(), now, call.what())
        : RetryPolicy.Decision.deliver();
      return next(call, attempt, decision, response, now);
    });
  }

  /** @param decidedAtMs the clock reading the decision's wait counts from */
  private Future<GitHubResponse> next(Call call, int attempt, RetryPolicy.Decision decision, GitHubResponse response, long decidedAtMs) {
    return switch (decision.kind()) {
      case DELIVER -> Future.succeededFuture(response);
      case FAIL -> Future.failedFuture(decision.failure());
      case RETRY -> {
        if (decidedAtMs + decision.waitMs() > deadlineMs) {
          yield Future.failedFuture(beyondDeadline(decision, call, decidedAtMs));
        }
        LOG.info(() -> "GitHub: retrying " + call.what() + " in " + decision.waitMs() + " ms"
          + (response == null ? " after a network error" : " after HTTP " + response.status()));
        yield delay(decision.waitMs()).compose(v -> attempt(call, attempt + 1));
      }
    };
  }

  /** The answer when the wait GitHub asks for would end after the caller stopped waiting: 429, saying when to come back. */
  private ToolException beyondDeadline(RetryPolicy.Decision decision, Call call, long nowMs) {
    Instant retryAt = Instant.ofEpochMilli(nowMs + decision.waitMs());
    return ToolException.busy(call.what() + ": " + decision.why() + ", which is later than its "
      + "caller waits for this answer (" + Math.max(0, (deadlineMs - nowMs) / 1000) + " s left), so it was not tried again and "
      + "nothing was changed. Try again after " + retryAt + ".");
  }

  private Future<Void> delay(long ms) {
    return delay(vertx, ms);
  }

  static Future<Void> delay(Vertx vertx, long ms) {
    if (ms <= 0) {
      return Future.succeededFuture();
    }
    Promise<Void> promise = Promise.promise();
    vertx.setTimer(ms, id -> promise.complete());
    return promise.future();
  }

  private String absolute(String path) {
    if (path.startsWith("http://") || path.startsWith("https://")) {
      if (!path.startsWith(options.apiUrl() + "/")) {
        // A link header pointing elsewhere must not receive our token or our trust.
        throw ToolException.upstream("GitHub sent a pagination link outside " + options.apiUrl() + "; refusing to follow it");
      }
      return path;
    }
    return options.apiUrl() + (path.startsWith("/") ? path : "/" + path);
  }

  private String relative(String url) {
    return url.startsWith(options.apiUrl()) ? url.substring(options.apiUrl().length()) : url;
  }

  static String nextLink(String link) {
    if (link == null) {
      return null;
    }
    Matcher m = NEXT_LINK.matcher(link);
    return m.find() ? m.group(1) : null;
  }

  private static boolean isTimeout(Throwable cause) {
    return cause instanceof TimeoutException || cause.getClass().getSimpleName().toLowerCase(Locale.ROOT).contains("timeout");
  }
}
