package dev.reviewgate.ado;

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
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Azure DevOps Git REST 7.1 on the forges' shared HTTP layer ({@link ForgeHttp}, throttling read by the shared
 * {@link RateLimitPolicy}): the
 * organization URL, {@code api-version}, Basic authentication with the PAT (only to that organization), and the ways
 * Azure DevOps reports failure that look like success — a sign-in page (HTML, on 203 or a 302) instead of data, and a
 * JSON error object inside a 200 blob stream — turned into clear failures.
 */
final class AdoClient extends ForgeClient<AdoClient, AdoOptions> {

  static final String API_VERSION = "7.1";

  /** Throttling (429, TF400733): {@code Retry-After}, else {@code X-RateLimit-Reset}; the failure names the resource. */
  private static final RateLimitPolicy.Signals THROTTLING = new RateLimitPolicy.Signals("throttling", "x-ratelimit-reset",
    "x-ratelimit-resource", "ask for less (include_diffs=false, include globs, a smaller top)");

  AdoClient(Vertx vertx, AdoOptions options) {
    this(options, ForgeHttp.of(vertx, new RateLimitPolicy(new ForgeSite("Azure DevOps", options.orgUrl(), "ado.orgUrl"),
      options.http(), THROTTLING)));
  }

  private AdoClient(AdoOptions options, ForgeHttp http) {
    super(options, http, AdoClient::new);
  }

  /**
   * A GET of {@code {orgUrl}/{project}/_apis/{path}} that must answer a JSON object.
   *
   * @param notFound the text for a 404, saying what to check
   */
  Future<JsonObject> getJson(String project, String path, Map<String, String> query, String notFound) {
    String url = url(project, path, query);
    return http().send(request(url, "application/json", "GET /" + project + "/_apis/" + path))
      .map(response -> json(check(response, notFound), url));
  }

  /**
   * A state-changing request with a JSON body that must answer a JSON object: serialised with other writes, and not
   * retried once it may have been applied.
   *
   * @param project null for an organization-level path such as {@code connectionData}
   */
  Future<JsonObject> write(HttpMethod method, String project, String path, JsonObject body, String notFound) {
    String url = url(project, path, Map.of());
    MultiMap headers = headers("application/json");
    ForgeRequest request = new ForgeRequest(method, url, headers, body.toBuffer(), true,
      method.name() + " " + (project == null ? "" : "/" + project) + "/_apis/" + path);
    return http().send(request).map(response -> json(check(response, notFound), url));
  }

  /** The raw bytes of a blob ({@code $format=octetstream}). */
  Future<Buffer> blob(String project, String repository, String sha) {
    String path = "git/repositories/" + segment(repository) + "/blobs/" + sha;
    String url = url(project, path, Map.of("$format", "octetstream"));
    return http().send(request(url, "application/octet-stream", "GET blob " + sha)).map(response -> {
      check(response, "blob " + sha + " not found in repository " + repository
        + " (the pull request's commits may have been deleted or force-pushed away)");
      Buffer body = response.body();
      String type = String.valueOf(response.headers().get("content-type")).toLowerCase(Locale.ROOT);
      if (type.startsWith("application/json") || errorObject(body)) {
        throw ToolException.upstream("Azure DevOps sent an error instead of the content of blob " + sha + " (HTTP 200 with "
          + "an error object: " + errorMessage(body) + "); nothing partial is shown — try again, or ask for include_diffs=false");
      }
      return body;
    });
  }

  String url(String project, String path, Map<String, String> query) {
    requireConfigured();
    StringJoiner q = new StringJoiner("&", "?", "");
    query.forEach((k, v) -> {
      if (v != null) {
        q.add(encode(k) + "=" + encode(v));
      }
    });
    q.add("api-version=" + API_VERSION);
    return options().orgUrl() + (project == null ? "" : "/" + segment(project)) + "/_apis/" + path + q;
  }

  /**
   * Fails, saying what to set, when no organization or no personal access token is configured: before any request,
   * since without a PAT Azure DevOps answers a sign-in page (or nothing, slowly) instead of saying what is missing.
   */
  void requireConfigured() {
    if (options().orgUrl() == null) {
      throw ToolException.invalid("Azure DevOps is not configured: set AZURE_DEVOPS_ORG_URL (e.g. https://dev.azure.com/contoso, "
        + "or an on-premises collection URL) and AZURE_DEVOPS_PAT (a personal access token with Code (Read) scope), or "
        + "ado.orgUrl in the configuration, then restart");
    }
    if (options().authorization() == null) {
      throw ToolException.invalid("Azure DevOps at " + options().orgUrl() + " is configured without a personal access token: set "
        + "AZURE_DEVOPS_PAT (or the variable named by ado.tokenEnv) to a PAT with Code (Read) scope, and Code (Read & "
        + "write) for pr_review, pr_reply and pr_resolve_thread, then restart; nothing was sent");
    }
  }

  static String segment(String name) {
    return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20").replace("%24", "$");
  }

  private ForgeRequest request(String url, String accept, String what) {
    return new ForgeRequest(HttpMethod.GET, url, headers(accept), null, false, what);
  }

  private MultiMap headers(String accept) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("Accept", accept)
      // Without it a failed sign-in answers 203/302 with an HTML page instead of 401.
      .add("X-TFS-FedAuthRedirect", "Suppress");
    if (options().authorization() != null) {
      headers.add("Authorization", options().authorization());
    }
    return headers;
  }

  private ForgeResponse check(ForgeResponse response, String notFound) {
    int status = response.status();
    boolean html = String.valueOf(response.headers().get("content-type")).toLowerCase(Locale.ROOT).startsWith("text/html")
      || (response.body().length() > 0 && response.body().getByte(0) == '<');
    if (status == 203 || status == 302 || status == 401 || (response.ok() && html)) {
      throw ToolException.notAllowed("Azure DevOps did not accept the credentials (HTTP " + status + (html ? ", a sign-in page" : "")
        + ") for " + response.what() + ": set AZURE_DEVOPS_PAT to a personal access token of " + options().orgUrl()
        + " with Code (Read) scope that has not expired");
    }
    if (response.ok()) {
      return response;
    }
    String said = errorMessage(response.body());
    throw switch (status) {
      case 403 -> ToolException.notAllowed("Azure DevOps refused access (HTTP 403" + (said.isEmpty() ? "" : ": " + said)
        + ") to " + response.what() + "; the PAT needs Code (Read) scope on this project");
      case 404 -> ToolException.notFound(notFound + (said.isEmpty() ? "" : " (Azure DevOps: " + said + ")"));
      case 400 -> ToolException.invalid("Azure DevOps could not process " + response.what() + (said.isEmpty() ? "" : ": " + said));
      default -> ToolException.upstream("Azure DevOps answered HTTP " + status + " for " + response.what()
        + (said.isEmpty() ? "" : ": " + said));
    };
  }

  private static JsonObject json(ForgeResponse response, String url) {
    try {
      return response.body().length() == 0 ? new JsonObject() : new JsonObject(response.body());
    } catch (RuntimeException e) {
      throw ToolException.upstream("Azure DevOps sent a body that is not a JSON object for " + response.what());
    }
  }

  /** Azure DevOps' error objects carry {@code $id}, {@code message} and {@code typeKey}. */
  private static boolean errorObject(Buffer body) {
    if (body.length() == 0 || body.getByte(0) != '{' || body.length() > 64 * 1024) {
      return false;
    }
    try {
      JsonObject json = new JsonObject(body);
      return json.containsKey("typeKey") && json.containsKey("message");
    } catch (RuntimeException notJson) {
      return false;
    }
  }

  private static String errorMessage(Buffer body) {
    if (body.length() == 0 || body.getByte(0) != '{') {
      return "";
    }
    try {
      return new JsonObject(body).getString("message", "");
    } catch (RuntimeException e) {
      return "";
    }
  }
}
