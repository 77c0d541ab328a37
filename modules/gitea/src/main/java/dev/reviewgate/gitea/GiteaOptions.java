package dev.reviewgate.gitea;

import dev.reviewgate.forge.http.ForgeBlobOptions;
import dev.reviewgate.forge.http.ForgeHttpOptions;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The {@code gitea} configuration section, typed (Gitea and Forgejo alike). Every default lives in
 * {@code config/reviewgate.json}. The server comes from the environment variable named by {@code urlEnv}
 * ({@code GITEA_URL}) when set, else {@code url} ({@code https://codeberg.org}); the API is at
 * {@code <url>/api/v1}. The token comes only from the variable named by {@code tokenEnv} ({@code GITEA_TOKEN}), is
 * sent as {@code Authorization: token …} to that server only, and is never logged nor put in a result
 * ({@link #toString()} hides it).
 *
 * @param url        the server's base, e.g. {@code https://codeberg.org} (no trailing /, no {@code /api/v1})
 * @param token      the access token, or null without one
 * @param localRepos {@code owner/repo} → the name of a repository this server serves, for diffs read from the local
 *                   object database (besides a served repository named like the repository)
 * @param maxListItems most reviews, review comments or changed files of one pull request read (all pages)
 */
public record GiteaOptions(String url, String token, String tokenEnv, ForgeHttpOptions http, ForgeBlobOptions blobs,
                           Map<String, String> localRepos, int maxListItems) {

  private static final String API = "/api/v1";

  public static GiteaOptions from(JsonObject section, UnaryOperator<String> env) {
    String urlEnv = section.getString("urlEnv");
    String fromEnv = urlEnv == null || urlEnv.isBlank() ? null : env.apply(urlEnv);
    String url = fromEnv != null && !fromEnv.isBlank() ? fromEnv.strip() : blankToNull(section.getString("url"));
    String named = "gitea.url" + (urlEnv == null || urlEnv.isBlank() ? "" : " (or " + urlEnv + ")");
    if (url == null) {
      throw new IllegalArgumentException(named + " is empty: set it to the Gitea or Forgejo server, e.g. https://codeberg.org");
    }
    while (url.endsWith("/")) {
      url = url.substring(0, url.length() - 1);
    }
    if (url.endsWith(API)) {
      url = url.substring(0, url.length() - API.length());
    }
    if (!url.startsWith("https://") && !url.startsWith("http://")) {
      throw new IllegalArgumentException(named + " must be an http(s) URL such as https://codeberg.org, not '" + url + "'");
    }
    String tokenEnv = section.getString("tokenEnv");
    String token = tokenEnv == null ? null : env.apply(tokenEnv);
    Map<String, String> local = new TreeMap<>();
    section.getJsonObject("localRepos", new JsonObject()).forEach(e -> local.put(e.getKey(), String.valueOf(e.getValue())));
    return new GiteaOptions(url, token == null || token.isBlank() ? null : token.strip(), tokenEnv,
      ForgeHttpOptions.from("gitea", section), ForgeBlobOptions.from("gitea", section), Map.copyOf(local),
      section.getInteger("maxListItems"));
  }

  /** The REST base, {@code <url>/api/v1}. */
  public String apiBase() {
    return url + API;
  }

  /** Whether the secret is hidden from {@link #toString()}: records print every component otherwise. */
  @Override
  public String toString() {
    return "GiteaOptions[url=" + url + ", token=" + (token == null ? "none" : "set") + "]";
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text.strip();
  }
}
