package dev.reviewgate.github;

import dev.reviewgate.forge.http.ForgeHttpOptions;
import io.vertx.core.json.JsonObject;
import java.util.function.UnaryOperator;

/**
 * The {@code github} configuration section, typed. Every default lives in {@code config/reviewgate.json}; this
 * record only reads it. The base URL and the token may come from the environment ({@code GITHUB_API_URL}, the
 * variable named by {@code tokenEnv}), which wins over the file so that GitHub Actions works unconfigured.
 *
 * @param apiUrl REST base, e.g. {@code https://api.github.com} or {@code https://HOST/api/v3}
 * @param graphqlUrl GraphQL endpoint, derived from {@code apiUrl} unless configured
 * @param token {@code null} for anonymous access (reads only)
 * @param owner default repository owner, or {@code null}
 * @param repo default repository name, or {@code null}
 * @param http the HTTP settings every forge section declares (timeouts, retries, rate-limit waits, read bound, ETag cache)
 * @param secondaryMinWaitMs wait after a secondary limit without Retry-After (doubles on each further attempt)
 * @param writeSpacingMs pause between writes (writes are also serialised)
 * @param pinnedDiffCacheEntries SHA-pinned diffs kept (they never change)
 * @param maxDiffBytes largest diff served; a bigger one is cut at a file boundary with a warning
 * @param maxFallbackFiles files read through {@code /pulls/{n}/files} when GitHub refuses a diff as too large
 * @param maxListPages pages followed when listing pull requests, reviews, check runs or review threads
 * @param mergeablePollAttempts polls while {@code mergeable} is {@code null} when the caller asks to wait
 * @param mergeablePollIntervalMs pause between those polls
 */
public record GitHubOptions(String apiUrl, String graphqlUrl, GitHubToken token, String owner, String repo,
                            ForgeHttpOptions http, long secondaryMinWaitMs, long writeSpacingMs, int pinnedDiffCacheEntries, long maxDiffBytes, int maxFallbackFiles,
                            int maxListPages, int mergeablePollAttempts, long mergeablePollIntervalMs) {

  public static final String API_URL_ENV = "GITHUB_API_URL";

  /**
   * @param section the {@code github} section of the merged configuration
   * @param env the environment (e.g. {@code System::getenv}); tests pass a map
   */
  public static GitHubOptions from(JsonObject section, UnaryOperator<String> env) {
    String apiUrl = firstNonBlank(env.apply(API_URL_ENV), section.getString("apiUrl"));
    if (apiUrl == null) {
      throw new IllegalArgumentException("github.apiUrl is missing: set it in the configuration or GITHUB_API_URL");
    }
    apiUrl = stripTrailingSlash(apiUrl);
    if (!apiUrl.startsWith("https://") && !apiUrl.startsWith("http://")) {
      throw new IllegalArgumentException("github.apiUrl (or GITHUB_API_URL) must be an http(s) URL such as https://api.github.com "
        + "or https://HOST/api/v3, not '" + apiUrl + "'");
    }
    String graphqlUrl = firstNonBlank(section.getString("graphqlUrl"), null);
    String tokenEnv = section.getString("tokenEnv");
    GitHubToken token = tokenEnv == null ? null : GitHubToken.of(env.apply(tokenEnv));
    return new GitHubOptions(apiUrl, graphqlUrl == null ? graphqlUrlFor(apiUrl) : stripTrailingSlash(graphqlUrl), token,
      blankToNull(section.getString("owner")), blankToNull(section.getString("repo")),
      ForgeHttpOptions.from("github", section), section.getLong("secondaryMinWaitMs"), section.getLong("writeSpacingMs"),
      section.getInteger("pinnedDiffCacheEntries"), section.getLong("maxDiffBytes"), section.getInteger("maxFallbackFiles"),
      section.getInteger("maxListPages"), section.getInteger("mergeablePollAttempts"), section.getLong("mergeablePollIntervalMs"));
  }

  /** GitHub Enterprise serves REST under {@code /api/v3} and GraphQL at {@code /api/graphql}; github.com at {@code /graphql}. */
  static String graphqlUrlFor(String apiUrl) {
    return apiUrl.endsWith("/api/v3") ? apiUrl.substring(0, apiUrl.length() - "/v3".length()) + "/graphql" : apiUrl + "/graphql";
  }

  public boolean hasToken() {
    return token != null;
  }

  private static String firstNonBlank(String a, String b) {
    return a != null && !a.isBlank() ? a.strip() : blankToNull(b);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }

  private static String stripTrailingSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
