package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.http.ForgeClient;
import dev.reviewgate.forge.http.ForgeHttp;
import dev.reviewgate.forge.http.ForgeRequest;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;
import dev.reviewgate.forge.json.ForgeReplies;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GitHub's REST and GraphQL APIs on the forges' shared HTTP layer ({@link ForgeHttp}: retries and waits decided by
 * GitHub's {@link RetryPolicy}, conditional requests, a bound on concurrent reads, serialised and spaced writes,
 * per-request timeouts); this class adds GitHub's headers, pagination by {@code link}, GraphQL and its error texts.
 * <p>A tool call uses a view of the client bound to its caller's deadline ({@link #until(long)}): no request is sent,
 * and no wait (rate limit, {@code Retry-After}, backoff) begun, that would end after the caller has stopped waiting;
 * such a call fails at once with 429 naming when to come back, instead of reaching the caller as a bus timeout.
 * The token goes only into the {@code Authorization} header of requests to the configured API host; it is never
 * logged and never part of a message.
 */
public final class GitHubClient extends ForgeClient<GitHubClient, GitHubOptions> {

  public static final String JSON = "application/vnd.github+json";
  public static final String DIFF = "application/vnd.github.diff";
  private static final String API_VERSION = "2022-11-28";
  private static final Pattern NEXT_LINK = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"next\"");

  /** The shared client, without a deadline; tool calls use {@link #until(long)}. */
  public GitHubClient(Vertx vertx, GitHubOptions options) {
    this(options, new ForgeHttp(vertx, new ForgeHttp.Settings(options.http(), options.writeSpacingMs(), true),
      new RetryPolicy(options)));
  }

  private GitHubClient(GitHubOptions options, ForgeHttp http) {
    super(options, http, GitHubClient::new);
  }

  /** A GET of {@code path} (relative to the API base, query included) or of an absolute URL on the API host. */
  public Future<GitHubResponse> get(String path, String accept) {
    String url = absolute(path);
    return send(HttpMethod.GET, url, accept, null, false, "GET " + relative(url));
  }

  /** A GET that must succeed with a JSON object. */
  public Future<JsonObject> getJson(String path, String subject) {
    return get(path, JSON).map(response -> response.requireOk(subject).json());
  }

  /**
   * Every item of a paginated list, following {@code link: rel="next"}, until {@code maxItems} or {@code maxPages};
   * each page read as {@code endpoint}'s reply (an item that is not an object is skipped).
   *
   * @param arrayField {@code null} when each page is a JSON array; else the member holding it (e.g. {@code check_runs}),
   *     which the reply must have
   */
  public Future<List<Fields>> getPages(String path, ForgeEndpoint endpoint, String arrayField, int maxItems, int maxPages,
                                       String subject) {
    List<Fields> items = new ArrayList<>();
    return page(absolute(path), endpoint, arrayField, maxItems, maxPages, subject, items).map(v -> items);
  }

  private Future<Void> page(String url, ForgeEndpoint endpoint, String arrayField, int maxItems, int pagesLeft, String subject,
                            List<Fields> items) {
    return get(url, JSON).compose(response -> {
      response.requireOk(subject);
      List<Fields> page = arrayField == null ? Fields.ofArray(endpoint, response.jsonArray())
        : ForgeReplies.read(endpoint, subject, () -> requiredObjects(Fields.of(endpoint, response.json()), arrayField));
      items.addAll(page.subList(0, Math.min(page.size(), maxItems - items.size())));
      String next = nextLink(response.headers().get("link"));
      if (next == null || items.size() >= maxItems || pagesLeft <= 1) {
        return Future.succeededFuture();
      }
      return page(next, endpoint, arrayField, maxItems, pagesLeft - 1, subject, items);
    });
  }

  /** The objects of an array member GitHub always sends (possibly empty); its lack names the member. */
  static List<Fields> requiredObjects(Fields reply, String arrayField) {
    if (!(reply.raw().getValue(arrayField) instanceof JsonArray)) {
      throw reply.missing(arrayField, "an array");
    }
    return reply.objects(arrayField);
  }

  /** A state-changing REST call: refused without a token; serialised with the other writes and spaced. */
  public Future<GitHubResponse> write(HttpMethod method, String path, JsonObject body, String action) {
    if (!options().hasToken()) {
      return Future.failedFuture(noToken(action));
    }
    String url = absolute(path);
    return send(method, url, JSON, body == null ? null : body.toBuffer(), true, method.name() + " " + relative(url));
  }

  /**
   * A GraphQL request; a mutation counts as a write. GitHub reports GraphQL errors as HTTP 200 with
   * {@code errors[]}: those fail here too, so a caller never mistakes them for success.
   *
   * @return the {@code data} object
   */
  public Future<JsonObject> graphql(String query, JsonObject variables, boolean mutation, String action) {
    if (!options().hasToken()) {
      return Future.failedFuture(noToken(action));
    }
    Buffer body = new JsonObject().put("query", query).put("variables", variables == null ? new JsonObject() : variables).toBuffer();
    Future<GitHubResponse> sent = send(HttpMethod.POST, options().graphqlUrl(), "application/json", body, mutation,
      "POST /graphql (" + action + ")");
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

  /** The refusal for a change without a token; callers check {@link GitHubOptions#hasToken()} before reading anything. */
  ToolException noToken(String action) {
    return ToolException.notAllowed(action + " changes GitHub and needs a token; none is configured. Set GITHUB_TOKEN (or the "
      + "environment variable named by github.tokenEnv) to a token with write access to pull requests, then restart.");
  }

  /** One request through the shared forge HTTP layer, with GitHub's headers; the token only to the API host. */
  private Future<GitHubResponse> send(HttpMethod method, String url, String accept, Buffer body, boolean write, String what) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Accept", accept).add("X-GitHub-Api-Version", API_VERSION);
    if (options().hasToken()) {
      headers.add("Authorization", options().token().authorization());
    }
    return http().send(new ForgeRequest(method, url, headers, body, write, what))
      .map(r -> new GitHubResponse(r.status(), r.headers(), r.body(), r.fromCache(), r.what()));
  }

  static Future<Void> delay(Vertx vertx, long ms) {
    return ForgeHttp.delay(vertx, ms);
  }

  private String absolute(String path) {
    if (path.startsWith("http://") || path.startsWith("https://")) {
      if (!path.startsWith(options().apiUrl() + "/")) {
        // A link header pointing elsewhere must not receive our token or our trust.
        throw ToolException.upstream("GitHub sent a pagination link outside " + options().apiUrl() + "; refusing to follow it");
      }
      return path;
    }
    return options().apiUrl() + (path.startsWith("/") ? path : "/" + path);
  }

  private String relative(String url) {
    return url.startsWith(options().apiUrl()) ? url.substring(options().apiUrl().length()) : url;
  }

  static String nextLink(String link) {
    if (link == null) {
      return null;
    }
    Matcher m = NEXT_LINK.matcher(link);
    return m.find() ? m.group(1) : null;
  }
}
