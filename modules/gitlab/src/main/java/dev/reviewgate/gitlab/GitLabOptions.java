package dev.reviewgate.gitlab;

import dev.reviewgate.forge.http.ForgeBlobOptions;
import dev.reviewgate.forge.http.ForgeHttpOptions;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The {@code gitlab} configuration section, typed. Every default lives in {@code config/reviewgate.json}. The
 * instance URL comes from the environment variable named by {@code urlEnv} ({@code GITLAB_URL}) when set, else
 * {@code apiUrl} ({@code https://gitlab.com}); the API is at {@code <url>/api/v4}. The token comes only from the
 * variable named by {@code tokenEnv} ({@code GITLAB_TOKEN}), is sent as {@code PRIVATE-TOKEN}, and is never logged
 * nor put in a result ({@link #toString()} hides it).
 *
 * @param url        the instance, e.g. {@code https://gitlab.com} or {@code https://gitlab.example.com} (no trailing /)
 * @param token      the personal, project or group access token, or null without one
 * @param http       the HTTP settings every forge section declares
 * @param blobs      how many and how large file versions are fetched to make a diff
 * @param localRepos GitLab project ({@code group/name} or id) → the name of a repository this server serves, for
 *                   diffs read from the local object database (besides a served repository named like the
 *                   project's last path segment)
 * @param maxListItems most discussions, draft notes or versions of one merge request read (all pages); more is refused
 * @param maxPipelines most pipelines of one merge request read; with more, the pipelines are left out with a warning
 * @param maxTrustLookups most authors of one answer whose access level is asked for; the others are untrusted
 */
public record GitLabOptions(String url, String token, String tokenEnv, ForgeHttpOptions http, ForgeBlobOptions blobs,
                            Map<String, String> localRepos, int maxListItems, int maxPipelines, int maxTrustLookups) {

  public static GitLabOptions from(JsonObject section, UnaryOperator<String> env) {
    String urlEnv = section.getString("urlEnv");
    String url = firstNonBlank(urlEnv == null || urlEnv.isBlank() ? null : env.apply(urlEnv), section.getString("apiUrl"));
    if (url == null) {
      throw new IllegalArgumentException("gitlab.apiUrl is empty: set it" + (urlEnv == null || urlEnv.isBlank() ? "" : " (or " + urlEnv + ")")
        + " to the GitLab instance, e.g. https://gitlab.com");
    }
    while (url.endsWith("/")) {
      url = url.substring(0, url.length() - 1);
    }
    if (url.endsWith("/api/v4")) {
      url = url.substring(0, url.length() - "/api/v4".length());
    }
    if (!url.startsWith("https://") && !url.startsWith("http://")) {
      throw new IllegalArgumentException("gitlab.apiUrl (or " + urlEnv + ") must be an http(s) URL such as https://gitlab.com, not '"
        + url + "'");
    }
    String tokenEnv = section.getString("tokenEnv");
    String token = tokenEnv == null ? null : env.apply(tokenEnv);
    Map<String, String> local = new TreeMap<>();
    section.getJsonObject("localRepos", new JsonObject()).forEach(e -> local.put(e.getKey(), String.valueOf(e.getValue())));
    return new GitLabOptions(url, token == null || token.isBlank() ? null : token.strip(), tokenEnv,
      ForgeHttpOptions.from("gitlab", section), ForgeBlobOptions.from("gitlab", section), Map.copyOf(local),
      section.getInteger("maxListItems"), section.getInteger("maxPipelines"), section.getInteger("maxTrustLookups", 50));
  }

  /** The REST base, {@code <url>/api/v4}. */
  public String apiBase() {
    return url + "/api/v4";
  }

  /** Whether the secret is hidden from {@link #toString()}: records print every component otherwise. */
  @Override
  public String toString() {
    return "GitLabOptions[url=" + url + ", token=" + (token == null ? "none" : "set") + "]";
  }

  private static String firstNonBlank(String a, String b) {
    if (a != null && !a.isBlank()) {
      return a.strip();
    }
    return b == null || b.isBlank() ? null : b.strip();
  }
}
