package dev.reviewgate.gitlab;

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
import io.vertx.core.buffer.Buffer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GitLab REST v4 on the forges' shared HTTP layer ({@link ForgeHttp}, rate limits read by the shared
 * {@link RateLimitPolicy}): the instance's
 * {@code /api/v4}, the token as {@code PRIVATE-TOKEN} (only to that instance), {@code page}/{@code per_page} lists
 * followed by {@code X-Next-Page}, and GitLab's error bodies ({@code message} or {@code error}) in the failure text.
 */
final class GitLabClient extends ForgeClient<GitLabClient, GitLabOptions> {

  /** GitLab's largest page. */
  static final int PER_PAGE = 100;

  /** A rate limit (429): {@code Retry-After}, else {@code RateLimit-Reset} (epoch seconds). */
  private static final RateLimitPolicy.Signals RATE_LIMIT = new RateLimitPolicy.Signals("rate limit", "ratelimit-reset", null,
    "ask for less (include_diffs=false, include globs, a smaller top)");

  GitLabClient(Vertx vertx, GitLabOptions options) {
    this(options, ForgeHttp.of(vertx, new RateLimitPolicy(new ForgeSite("GitLab", options.apiBase(), "gitlab.apiUrl"),
      options.http(), RATE_LIMIT)));
  }

  private GitLabClient(GitLabOptions options, ForgeHttp http) {
    super(options, http, GitLabClient::new);
  }

  /** {@code /projects/<id or url-encoded group/name>}. */
  static String project(String project) {
    return "/projects/" + encode(project);
  }

  /**
   * A GET of {@code <api>/<path>} that must answer a JSON object.
   *
   * @param notFound the text for a 404, saying what to check
   */
  Future<JsonObject> getJson(String path, Map<String, String> query, String notFound) {
    return get(path, query, notFound).map(GitLabClient::object);
  }

  /** One page of a list, and whether GitLab has another ({@code X-Next-Page}). */
  record Page(List<JsonObject> items, String next) {

    boolean hasNext() {
      return next != null && !next.isBlank();
    }
  }

  /** A GET of one page of a list ({@code page}/{@code per_page} are the caller's). */
  Future<Page> getPage(String path, Map<String, String> query, String notFound) {
    return get(path, query, notFound).map(response -> new Page(array(response).stream().filter(JsonObject.class::isInstance)
      .map(JsonObject.class::cast).toList(), response.headers().get("x-next-page")));
  }

  /** A GET of a list, every page ({@code X-Next-Page} followed, at most {@code maxItems} items, then 413). */
  Future<List<JsonObject>> getAll(String path, Map<String, String> query, String notFound, int maxItems, String maxItemsKey) {
    List<JsonObject> all = new ArrayList<>();
    return page(path, query, notFound, 1, maxItems, maxItemsKey, all).map(v -> all);
  }

  private Future<Void> page(String path, Map<String, String> query, String notFound, int page, int maxItems,
                            String maxItemsKey, List<JsonObject> all) {
    Map<String, String> paged = new java.util.LinkedHashMap<>(query);
    paged.put("per_page", Integer.toString(PER_PAGE));
    paged.put("page", Integer.toString(page));
    return getPage(path, paged, notFound).compose(response -> {
      all.addAll(response.items());
      if (!response.hasNext()) {
        return Future.succeededFuture();
      }
      int next = (int) ForgeHttp.parseLong(response.next());
      if (next <= page) {
        return Future.succeededFuture();
      }
      if (all.size() >= maxItems) {
        throw ToolException.tooLarge(path + " lists more than " + maxItems + " items (" + maxItemsKey + "); nothing partial "
          + "is shown. Narrow the call, or raise " + maxItemsKey);
      }
      return page(path, query, notFound, next, maxItems, maxItemsKey, all);
    });
  }

  /** The raw bytes of a file at a commit ({@code /repository/files/:path/raw?ref=}). */
  Future<Buffer> rawFile(String project, String path, String ref) {
    String url = url(project(project) + "/repository/files/" + encode(path) + "/raw", Map.of("ref", ref));
    return http().send(new ForgeRequest(HttpMethod.GET, url, headers("*/*"), null, false, "GET raw " + path + " at " + abbrev(ref)))
      .map(response -> check(response, path + " not found at commit " + ref + " of project " + project
        + " (the merge request's commits may have been force-pushed away)").body());
  }

  /**
   * A state-changing request with a JSON body (or none) that answers JSON: serialised with other writes, and not
   * retried once it may have been applied. Without a token it fails at once, naming the variable to set.
   */
  Future<JsonObject> write(HttpMethod method, String path, JsonObject body, String notFound) {
    try {
      requireWriteToken();
    } catch (ToolException none) {
      return Future.failedFuture(none);
    }
    String url = url(path, Map.of());
    ForgeRequest request = new ForgeRequest(method, url, headers("application/json"), body == null ? null : body.toBuffer(), true,
      method.name() + " " + path);
    return http().send(request).map(response -> {
      ForgeResponse ok = check(response, notFound);
      return ok.body().length() == 0 || ok.body().getByte(0) != '{' ? new JsonObject() : object(ok);
    });
  }

  /** Fails at once, naming the variable to set, when there is no token to write with. */
  void requireWriteToken() {
    if (options().token() == null) {
      throw ToolException.notAllowed("GitLab writes need a token: set " + options().tokenEnv() + " to an access token with the "
        + "api scope for " + options().url() + ", then restart; nothing was sent");
    }
  }

  private Future<ForgeResponse> get(String path, Map<String, String> query, String notFound) {
    String url = url(path, query);
    return http().send(new ForgeRequest(HttpMethod.GET, url, headers("application/json"), null, false, "GET " + path))
      .map(response -> check(response, notFound));
  }

  private String url(String path, Map<String, String> query) {
    return UrlQuery.url(options().apiBase(), path, query);
  }

  static String encode(String text) {
    return UrlQuery.encode(text);
  }

  private MultiMap headers(String accept) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Accept", accept);
    if (options().token() != null) {
      headers.add("PRIVATE-TOKEN", options().token());
    }
    return headers;
  }

  private ForgeResponse check(ForgeResponse response, String notFound) {
    if (response.ok()) {
      return response;
    }
    throw ForgeFailures.of("GitLab", response, errorMessage(response.body()), notFound, "set " + options().tokenEnv()
      + " to an access token of " + options().url() + " (read_api scope for reads, api for writes) that has not expired",
      "the token in " + options().tokenEnv() + " needs the api scope for writes (read_api for reads) and access to the project");
  }

  private static JsonObject object(ForgeResponse response) {
    return response.jsonObject("GitLab");
  }

  private static JsonArray array(ForgeResponse response) {
    return response.jsonArray("GitLab");
  }

  /** GitLab says what went wrong in {@code message} (a string, or field → reasons) or {@code error}. */
  static String errorMessage(Buffer body) {
    return ForgeFailures.said(body, "message", "error");
  }

  private static String abbrev(String sha) {
    return sha == null || sha.length() <= 12 ? String.valueOf(sha) : sha.substring(0, 12);
  }
}
