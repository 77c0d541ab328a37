package dev.reviewgate.bitbucket;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.http.ForgeClient;
import dev.reviewgate.forge.http.ForgeHttp;
import dev.reviewgate.forge.http.ForgeRequest;
import dev.reviewgate.forge.http.ForgeResponse;
import dev.reviewgate.forge.http.ForgeSite;
import dev.reviewgate.forge.http.RateLimitPolicy;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Both Bitbucket REST APIs on the forges' shared HTTP layer: the token as Bearer (or Cloud's email and API token as
 * Basic), only to the configured base; lists followed page by page as each flavour pages them (Cloud's {@code next}
 * link, Data Center's {@code isLastPage}/{@code nextPageStart}); each flavour's error bodies in the failure text. A
 * 429 is waited out by the shared {@link RateLimitPolicy}: {@code Retry-After} when sent (Data Center), else
 * doubling waits (Cloud documents no {@code Retry-After}; its {@code X-RateLimit-*} headers name no reset time).
 */
final class BitbucketClient extends ForgeClient<BitbucketClient, BitbucketOptions> {

  /** The largest page either flavour serves for the lists read here. */
  static final int PAGE = 100;

  private static final RateLimitPolicy.Signals RATE_LIMIT = new RateLimitPolicy.Signals("rate limit", "x-ratelimit-reset",
    "x-ratelimit-resource", "ask for less (files_only, include globs, a smaller top)");

  BitbucketClient(Vertx vertx, BitbucketOptions options) {
    this(options, ForgeHttp.of(vertx, new RateLimitPolicy(new ForgeSite(options.flavor().title(), options.url(),
      options.urlKey()), options.http(), RATE_LIMIT)));
  }

  private BitbucketClient(BitbucketOptions options, ForgeHttp http) {
    super(options, http, BitbucketClient::new);
  }

  Flavor flavor() {
    return options().flavor();
  }

  String title() {
    return options().flavor().title();
  }

  /** A GET that must answer 2xx. */
  Future<ForgeResponse> get(String path, Map<String, String> query, String notFound) {
    return send(HttpMethod.GET, url(path, query), "application/json", null, false, "GET " + path, notFound);
  }

  /** A GET of {@code <api>/<path>} that must answer a JSON object. */
  Future<JsonObject> getJson(String path, Map<String, String> query, String notFound) {
    return get(path, query, notFound).map(this::object);
  }

  /** The raw bytes of a file. */
  Future<Buffer> raw(String path, Map<String, String> query, String notFound) {
    return send(HttpMethod.GET, url(path, query), "*/*", null, false, "GET " + path, notFound).map(ForgeResponse::body);
  }

  /** One page of a list: its values and whether there is another. */
  record Page(List<JsonObject> values, boolean hasNext, String next) {
  }

  /** One page of a list as the flavour pages it. */
  Future<Page> page(String pathOrUrl, Map<String, String> query, String notFound) {
    String url = pathOrUrl.startsWith("http") ? pathOrUrl : url(pathOrUrl, query);
    return send(HttpMethod.GET, url, "application/json", null, false, "GET " + what(url), notFound).map(response -> {
      JsonObject page = object(response);
      List<JsonObject> values = new ArrayList<>();
      if (page.getValue("values") instanceof JsonArray array) {
        array.forEach(v -> {
          if (v instanceof JsonObject o) {
            values.add(o);
          }
        });
      }
      if (flavor() == Flavor.CLOUD) {
        String next = page.getValue("next") instanceof String s && !s.isBlank() ? s : null;
        return new Page(values, next != null, next == null ? null : sameSite(next));
      }
      boolean last = !Boolean.FALSE.equals(page.getValue("isLastPage"));
      Object start = page.getValue("nextPageStart");
      return new Page(values, !last && start instanceof Number, !last && start instanceof Number n ? Long.toString(n.longValue()) : null);
    });
  }

  /** Every page of a list, at most {@code maxItems} items (then 413, nothing partial). */
  Future<List<JsonObject>> all(String path, Map<String, String> query, String notFound, int maxItems, String maxItemsKey) {
    List<JsonObject> all = new ArrayList<>();
    Map<String, String> first = new LinkedHashMap<>(query);
    first.put(flavor() == Flavor.CLOUD ? "pagelen" : "limit", Integer.toString(PAGE));
    return follow(path, first, notFound, maxItems, maxItemsKey, all, 0).map(v -> all);
  }

  private Future<Void> follow(String path, Map<String, String> query, String notFound, int maxItems, String maxItemsKey,
                              List<JsonObject> all, int pages) {
    return page(path, query, notFound).compose(page -> {
      all.addAll(page.values());
      if (!page.hasNext() || page.values().isEmpty()) {
        return Future.succeededFuture();
      }
      if (all.size() >= maxItems) {
        return Future.failedFuture(ToolException.tooLarge(what(path) + " lists more than " + maxItems + " items ("
          + maxItemsKey + "); nothing partial is shown. Narrow the call, or raise " + maxItemsKey));
      }
      if (flavor() == Flavor.CLOUD) {
        return follow(page.next(), Map.of(), notFound, maxItems, maxItemsKey, all, pages + 1);
      }
      Map<String, String> next = new LinkedHashMap<>(query);
      next.put("start", page.next());
      return follow(path, next, notFound, maxItems, maxItemsKey, all, pages + 1);
    });
  }

  /**
   * A state-changing request with a JSON body (or none): serialised with other writes, and not retried once it may
   * have been applied. Without a token it fails at once, naming the variable to set.
   */
  Future<ForgeResponse> write(HttpMethod method, String path, JsonObject body, String notFound) {
    try {
      requireWriteToken();
    } catch (ToolException none) {
      return Future.failedFuture(none);
    }
    return send(method, url(path, Map.of()), "application/json", body == null ? null : body.toBuffer(), true,
      method.name() + " " + path, notFound);
  }

  /** Fails at once, naming the variable to set, when there is no token to write with. */
  void requireWriteToken() {
    if (options().token() == null) {
      throw ToolException.notAllowed(title() + " writes need a token: set " + options().tokenEnv() + " to an access token of "
        + options().url() + " with write access to pull requests, then restart; nothing was sent");
    }
  }

  JsonObject object(ForgeResponse response) {
    try {
      return response.body().length() == 0 ? new JsonObject() : new JsonObject(response.body());
    } catch (RuntimeException e) {
      throw ToolException.upstream(title() + " sent a body that is not a JSON object for " + response.what());
    }
  }

  private Future<ForgeResponse> send(HttpMethod method, String url, String accept, Buffer body, boolean write, String what,
                                     String notFound) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Accept", accept);
    String authorization = options().authorization();
    if (authorization != null) {
      headers.add("Authorization", authorization);
    }
    return http().send(new ForgeRequest(method, url, headers, body, write, what)).map(response -> check(response, notFound));
  }

  /** A {@code next} link of Cloud's, kept only when it points at the configured base (the token goes nowhere else). */
  private String sameSite(String next) {
    if (!next.startsWith(options().url() + "/")) {
      throw ToolException.upstream(title() + " sent a next-page link outside " + options().url() + "; it was not followed");
    }
    return next;
  }

  private String what(String pathOrUrl) {
    String path = pathOrUrl.startsWith(options().url()) ? pathOrUrl.substring(options().url().length()) : pathOrUrl;
    int q = path.indexOf('?');
    return q < 0 ? path : path.substring(0, q);
  }

  private String url(String path, Map<String, String> query) {
    StringJoiner q = new StringJoiner("&", path.contains("?") ? "&" : "?", "").setEmptyValue("");
    query.forEach((k, v) -> {
      if (v != null) {
        q.add(encode(k) + "=" + encode(v));
      }
    });
    return options().url() + path + q;
  }

  static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** A path of several segments, each encoded ({@code /} kept between them). */
  static String encodePath(String path) {
    StringJoiner out = new StringJoiner("/");
    for (String segment : path.split("/", -1)) {
      out.add(encode(segment));
    }
    return out.toString();
  }

  private ForgeResponse check(ForgeResponse response, String notFound) {
    if (response.ok()) {
      return response;
    }
    int status = response.status();
    String said = errorMessage(response.body());
    String detail = said.isEmpty() ? "" : " (" + title() + ": " + said + ")";
    String credentials = options().email() == null ? "set " + options().tokenEnv() + " to an access token of " + options().url()
      : "set " + options().emailEnv() + " and " + options().tokenEnv() + " to an Atlassian account's email and an API token of it";
    throw switch (status) {
      case 401 -> ToolException.notAllowed(title() + " did not accept the credentials (HTTP 401" + (said.isEmpty() ? "" : ": " + said)
        + ") for " + response.what() + ": " + credentials + " that has not expired (read access for reads, write access for "
        + "pull request writes)");
      case 403 -> ToolException.notAllowed(title() + " refused " + response.what() + " (HTTP 403" + (said.isEmpty() ? "" : ": " + said)
        + "); the token in " + options().tokenEnv() + " needs access to the repository (write access for writes)");
      case 404 -> ToolException.notFound(notFound + detail);
      case 400, 422 -> ToolException.invalid(title() + " could not process " + response.what() + (said.isEmpty() ? "" : ": " + said));
      case 409 -> ToolException.conflict(title() + " refused " + response.what() + " as a conflict" + detail);
      default -> ToolException.upstream(title() + " answered HTTP " + status + " for " + response.what() + detail);
    };
  }

  /** Cloud says what went wrong in {@code error.message} (and {@code detail}), Data Center in {@code errors[].message}. */
  static String errorMessage(Buffer body) {
    if (body.length() == 0 || body.getByte(0) != '{' || body.length() > 64 * 1024) {
      return "";
    }
    try {
      JsonObject json = new JsonObject(body);
      if (json.getValue("error") instanceof JsonObject error) {
        String message = error.getValue("message") instanceof String s ? s : "";
        return error.getValue("detail") instanceof String d && !d.isBlank() ? message + ": " + d : message;
      }
      if (json.getValue("errors") instanceof JsonArray errors) {
        StringJoiner all = new StringJoiner("; ");
        errors.forEach(e -> {
          if (e instanceof JsonObject o && o.getValue("message") instanceof String s) {
            all.add(s);
          }
        });
        return all.toString();
      }
      return json.getValue("message") instanceof String s ? s : "";
    } catch (RuntimeException e) {
      return "";
    }
  }
}
