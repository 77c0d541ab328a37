package dev.reviewgate.bitbucket;

import dev.reviewgate.forge.http.ForgeBlobOptions;
import dev.reviewgate.forge.http.ForgeHttpOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * The {@code bitbucket} configuration section, typed. Every default lives in {@code config/reviewgate.json}. The URL
 * comes from the variable named by {@code urlEnv} ({@code BITBUCKET_URL}) when set, else {@code apiUrl}: Cloud's API
 * base ({@code https://api.bitbucket.org/2.0}, the default) or a Data Center server's base, to which
 * {@code /rest/api/1.0} is appended. The flavour is told by the URL (api.bitbucket.org or a {@code /2.0} path is Cloud,
 * a {@code /rest/api/1.0} path is Data Center), else by {@code flavor} or the variable {@code flavorEnv}
 * ({@code BITBUCKET_FLAVOR=cloud|dc}), else Data Center (a server of one's own). The token comes only from
 * {@code tokenEnv} ({@code BITBUCKET_TOKEN}) and is sent as Bearer; with {@code emailEnv} ({@code BITBUCKET_EMAIL})
 * also set on Cloud, the email and the API token go as Basic. Neither is logged nor put in a result
 * ({@link #toString()} hides them).
 *
 * @param url        the API base, without a trailing slash
 * @param email      Cloud's Atlassian account email for Basic auth with an API token, or null (then the token is Bearer)
 * @param localRepos {@code workspace/repo} or {@code PROJECT/repo} → a repository this server serves, for diffs read
 *                   locally (besides a served repository named like the Bitbucket repository)
 * @param maxListItems most comments or activities of one pull request read (all pages); more is refused
 */
public record BitbucketOptions(Flavor flavor, String url, String token, String email, String tokenEnv, String emailEnv, String urlKey,
                               ForgeHttpOptions http, ForgeBlobOptions blobs, Map<String, String> localRepos, int maxListItems) {

  static final String CLOUD_API = "https://api.bitbucket.org/2.0";
  private static final String DC_API = "/rest/api/1.0";

  public static BitbucketOptions from(JsonObject section, UnaryOperator<String> env) {
    String urlEnv = section.getString("urlEnv", "");
    String urlKey = "bitbucket.apiUrl" + (urlEnv.isBlank() ? "" : " (or " + urlEnv + ")");
    String url = firstNonBlank(urlEnv.isBlank() ? null : env.apply(urlEnv), section.getString("apiUrl"));
    if (url == null) {
      throw new IllegalArgumentException(urlKey + " is empty: set it to " + CLOUD_API + " or to a Data Center server's base URL");
    }
    while (url.endsWith("/")) {
      url = url.substring(0, url.length() - 1);
    }
    if (!url.startsWith("https://") && !url.startsWith("http://")) {
      throw new IllegalArgumentException(urlKey + " must be an http(s) URL such as " + CLOUD_API + ", not '" + url + "'");
    }
    String flavorEnv = section.getString("flavorEnv", "");
    String named = firstNonBlank(flavorEnv.isBlank() ? null : env.apply(flavorEnv), section.getString("flavor"));
    Flavor flavor = flavor(url, named, flavorEnv);
    if (flavor == Flavor.DC && !url.endsWith(DC_API)) {
      url = url + DC_API;
    }
    String tokenEnv = section.getString("tokenEnv");
    String emailEnv = section.getString("emailEnv");
    String token = tokenEnv == null ? null : firstNonBlank(env.apply(tokenEnv), null);
    String email = emailEnv == null ? null : firstNonBlank(env.apply(emailEnv), null);
    Map<String, String> local = new TreeMap<>();
    section.getJsonObject("localRepos", new JsonObject()).forEach(e -> local.put(e.getKey(), String.valueOf(e.getValue())));
    return new BitbucketOptions(flavor, url, token, flavor == Flavor.CLOUD ? email : null, tokenEnv, emailEnv, urlKey,
      ForgeHttpOptions.from("bitbucket", section), ForgeBlobOptions.from("bitbucket", section), Map.copyOf(local),
      section.getInteger("maxListItems"));
  }

  private static Flavor flavor(String url, String named, String flavorEnv) {
    String host = URI.create(url).getHost();
    if ("api.bitbucket.org".equals(host) || url.endsWith("/2.0")) {
      return Flavor.CLOUD;
    }
    if (url.endsWith(DC_API)) {
      return Flavor.DC;
    }
    if (named == null) {
      return Flavor.DC;
    }
    return switch (named.toLowerCase(java.util.Locale.ROOT)) {
      case "cloud" -> Flavor.CLOUD;
      case "dc", "datacenter", "server" -> Flavor.DC;
      default -> throw new IllegalArgumentException("bitbucket.flavor" + (flavorEnv.isBlank() ? "" : " (or " + flavorEnv + ")")
        + " is 'cloud' or 'dc', not '" + named + "'");
    };
  }

  /** The {@code Authorization} header's value, or null without a token. */
  String authorization() {
    if (token == null) {
      return null;
    }
    return email == null ? "Bearer " + token
      : "Basic " + Base64.getEncoder().encodeToString((email + ":" + token).getBytes(StandardCharsets.UTF_8));
  }

  /** The web host people's clones name (bitbucket.org for Cloud, the server's host for Data Center). */
  public String webHost() {
    return flavor == Flavor.CLOUD && "api.bitbucket.org".equals(URI.create(url).getHost()) ? "bitbucket.org" : URI.create(url).getHost();
  }

  @Override
  public String toString() {
    return "BitbucketOptions[" + flavor + ", url=" + url + ", token=" + (token == null ? "none" : "set")
      + (email == null ? "" : ", email=set") + "]";
  }

  private static String firstNonBlank(String a, String b) {
    if (a != null && !a.isBlank()) {
      return a.strip();
    }
    return b == null || b.isBlank() ? null : b.strip();
  }
}
