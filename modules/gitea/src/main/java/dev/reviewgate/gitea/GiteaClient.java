package dev.reviewgate.gitea;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.http.ForgeClient;
import dev.reviewgate.forge.http.ForgeFailures;
import dev.reviewgate.forge.http.ForgeHttp;
import dev.reviewgate.forge.http.ForgeRequest;
import dev.reviewgate.forge.http.ForgeResponse;
import dev.reviewgate.forge.http.ForgeSite;
import dev.reviewgate.forge.http.RateLimitPolicy;
import dev.reviewgate.forge.http.UrlQuery;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Gitea's (and Forgejo's) API v1 on the forges' shared HTTP layer ({@link ForgeHttp}, rate limits read by the shared
 * {@link RateLimitPolicy}): the server's {@code /api/v1}, the token as {@code Authorization: token …} (only to that
 * server), lists paged by {@code page}/{@code limit} and followed by their {@code Link: rel="next"} (or
 * {@code X-Total-Count}), and Gitea's error bodies ({@code {"message", "url"}}) in the failure text.
 */
final class GiteaClient extends ForgeClient<GiteaClient, GiteaOptions> {

  /** Gitea's largest page by default ({@code MAX_RESPONSE_ITEMS}); a server set lower sends fewer, which paging follows. */
  static final int PAGE_LIMIT = 50;

  /** A rate limit (429): {@code Retry-After} only, as Gitea documents no reset header. */
  private static final RateLimitPolicy.Signals RATE_LIMIT = new RateLimitPolicy.Signals("rate limit", null, null,
    "ask for less (files_only, include globs, a smaller top)");

  GiteaClient(Vertx vertx, GiteaOptions options) {
    this(options, ForgeHttp.of(vertx, new RateLimitPolicy(new ForgeSite("Gitea", options.apiBase(), "gitea.url"),
      options.http(), RATE_LIMIT)));
  }

  private GiteaClient(GiteaOptions options, ForgeHttp http) {
    super(options, http, GiteaClient::new);
  }

  /** {@code /repos/<owner>/<repo>}. */
  static String repo(String owner, String repo) {
    return "/repos/" + encode(owner) + "/" + encode(repo);
  }

  /** A GET of {@code <api>/<path>} that must answer a JSON object; {@code notFound} says what to check on a 404. */
  Future<JsonObject> getJson(String path, Map<String, String> query, String notFound) {
    return get(path, query, notFound).map(GiteaClient::object);
  }

  /** One page of a list, and whether Gitea has another. */
  record Page(List<JsonObject> items, boolean hasNext) {
  }

  /** A GET of one page of a list ({@code page}/{@code limit} are the caller's). */
  Future<Page> getPage(String path, Map<String, String> query, String notFound) {
    return get(path, query, notFound).map(response -> {
      List<JsonObject> items = array(response).stream().filter(JsonObject.class::isInstance).map(JsonObject.class::cast).toList();
      return new Page(items, hasNext(response, query, items.size()));
    });
  }

  /**
   * Whether a list goes on: Gitea links the next page ({@code Link: <…>; rel="next"}); without a Link header, the
   * total ({@code X-Total-Count}) says it, and without either a full page means there may be more.
   */
  private static boolean hasNext(ForgeResponse response, Map<String, String> query, int count) {
    String link = response.headers().get("link");
    if (link != null) {
      return link.contains("rel=\"next\"");
    }
    int page = (int) ForgeHttp.parseLong(query.getOrDefault("page", "1"));
    int limit = (int) ForgeHttp.parseLong(query.getOrDefault("limit", Integer.toString(PAGE_LIMIT)));
    String total = response.headers().get("x-total-count");
    if (total != null && ForgeHttp.parseLong(total) >= 0) {
      return (long) page * limit < ForgeHttp.parseLong(total) && count > 0;
    }
    return count >= limit;
  }

  /** A GET of a list, every page (at most {@code maxItems} items, then 413). */
  Future<List<JsonObject>> getAll(String path, Map<String, String> query, String notFound, int maxItems, String maxItemsKey) {
    List<JsonObject> all = new ArrayList<>();
    return page(path, query, notFound, 1, maxItems, maxItemsKey, all).map(v -> all);
  }

  private Future<Void> page(String path, Map<String, String> query, String notFound, int page, int maxItems,
                            String maxItemsKey, List<JsonObject> all) {
    Map<String, String> paged = new LinkedHashMap<>(query);
    paged.put("page", Integer.toString(page));
    paged.put("limit", Integer.toString(PAGE_LIMIT));
    return getPage(path, paged, notFound).compose(response -> {
      all.addAll(response.items());
      if (!response.hasNext() || response.items().isEmpty()) {
        return Future.succeededFuture();
      }
      if (all.size() >= maxItems) {
        throw ToolException.tooLarge(path + " lists more than " + maxItems + " items (" + maxItemsKey + "); nothing partial "
          + "is shown. Narrow the call, or raise " + maxItemsKey);
      }
      return page(path, query, notFound, page + 1, maxItems, maxItemsKey, all);
    });
  }

  /** The raw bytes of a file at a commit ({@code /repos/{owner}/{repo}/raw/{filepath}?ref=}). */
  Future<Buffer> rawFile(String owner, String repo, String path, String ref) {
    String url = url(repo(owner, repo) + "/raw/" + encodePath(path), Map.of("ref", ref));
    return http().send(new ForgeRequest(HttpMethod.GET, url, headers("*/*"), null, false, "GET raw " + path + " at " + abbrev(ref)))
      .map(response -> check(response, path + " not found at commit " + ref + " of " + owner + "/" + repo
        + " (the pull request's commits may have been force-pushed away)").body());
  }

  /**
   * A state-changing request with a JSON body that answers JSON: serialised with other writes, and not retried once
   * it may have been applied. Without a token it fails at once, naming the variable to set.
   */
  Future<JsonObject> write(HttpMethod method, String path, JsonObject body, String notFound) {
    try {
      requireWriteToken();
    } catch (ToolException none) {
      return Future.failedFuture(none);
    }
    ForgeRequest request = new ForgeRequest(method, url(path, Map.of()), headers("application/json")
      .add("Content-Type", "application/json"), body == null ? null : body.toBuffer(), true, method.name() + " " + path);
    return http().send(request).map(response -> {
      ForgeResponse ok = check(response, notFound);
      return ok.body().length() == 0 || ok.body().getByte(0) != '{' ? new JsonObject() : object(ok);
    });
  }

  /** Fails at once, naming the variable to set, when there is no token to write with. */
  void requireWriteToken() {
    if (options().token() == null) {
      throw ToolException.notAllowed("Gitea writes need a token: set " + options().tokenEnv() + " to an access token of "
        + options().url() + " with write:repository scope, then restart; nothing was sent");
    }
  }

  private Future<ForgeResponse> get(String path, Map<String, String> query, String notFound) {
    return http().send(new ForgeRequest(HttpMethod.GET, url(path, query), headers("application/json"), null, false, "GET " + path))
      .map(response -> check(response, notFound));
  }

  private String url(String path, Map<String, String> query) {
    return UrlQuery.url(options().apiBase(), path, query);
  }

  static String encode(String text) {
    return UrlQuery.encode(text);
  }

  /** A file path with each segment encoded and its slashes kept, as Gitea's {@code {filepath}} routes take it. */
  static String encodePath(String path) {
    StringJoiner out = new StringJoiner("/");
    for (String segment : path.split("/", -1)) {
      out.add(encode(segment));
    }
    return out.toString();
  }

  private MultiMap headers(String accept) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Accept", accept);
    if (options().token() != null) {
      headers.add("Authorization", "token " + options().token());
    }
    return headers;
  }

  private ForgeResponse check(ForgeResponse response, String notFound) {
    if (response.ok()) {
      return response;
    }
    // Gitea's APIError says what went wrong in message
    throw ForgeFailures.of("Gitea", response, ForgeFailures.said(response.body(), "message"), notFound, "set "
      + options().tokenEnv() + " to an access token of " + options().url() + " (read:repository scope for reads, "
      + "write:repository for reviews) that has not expired", "the token in " + options().tokenEnv()
      + " needs access to the repository (write:repository for reviews)");
  }

  private static JsonObject object(ForgeResponse response) {
    return response.jsonObject("Gitea");
  }

  private static JsonArray array(ForgeResponse response) {
    return response.jsonArray("Gitea");
  }

  private static String abbrev(String sha) {
    return sha == null || sha.length() <= 12 ? String.valueOf(sha) : sha.substring(0, 12);
  }
}
