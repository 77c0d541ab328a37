package dev.reviewgate.ado;

import dev.reviewgate.forge.http.ForgeBlobOptions;
import dev.reviewgate.forge.http.ForgeHttpOptions;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The {@code ado} configuration section, typed. Every default lives in {@code config/reviewgate.json}. The
 * organization URL and the default project may come from the environment ({@code AZURE_DEVOPS_ORG_URL},
 * {@code AZURE_DEVOPS_PROJECT}), which wins over the file; the personal access token comes only from the environment
 * variable named by {@code tokenEnv} ({@code AZURE_DEVOPS_PAT}) and is never logged nor put in a result.
 *
 * @param orgUrl             e.g. {@code https://dev.azure.com/contoso} or an on-premises collection URL; null when unset
 * @param project            the default project, or null
 * @param authorization      the {@code Authorization} header value (Basic, empty user, the PAT), or null without one
 * @param http               the HTTP settings every forge section declares
 * @param blobs              how many and how large file versions are fetched to make a diff
 * @param localRepos         Azure DevOps repository name → the name of a repository this server serves, for diffs
 *                           read from the local object database (besides a served repository of the same name)
 * @param trust              the authors the operator trusts ({@code ado.trustedAuthors}); everyone else is untrusted
 */
public record AdoOptions(String orgUrl, String project, String authorization, ForgeHttpOptions http, ForgeBlobOptions blobs,
                         Map<String, String> localRepos, AdoTrust trust) {

  public static final String ORG_URL_ENV = "AZURE_DEVOPS_ORG_URL";
  public static final String PROJECT_ENV = "AZURE_DEVOPS_PROJECT";

  public static AdoOptions from(JsonObject section, UnaryOperator<String> env) {
    String orgUrl = firstNonBlank(env.apply(ORG_URL_ENV), section.getString("orgUrl"));
    if (orgUrl != null) {
      orgUrl = orgUrl.endsWith("/") ? orgUrl.substring(0, orgUrl.length() - 1) : orgUrl;
      if (!orgUrl.startsWith("https://") && !orgUrl.startsWith("http://")) {
        throw new IllegalArgumentException("ado.orgUrl (or AZURE_DEVOPS_ORG_URL) must be an http(s) URL such as "
          + "https://dev.azure.com/contoso, not '" + orgUrl + "'");
      }
    }
    String pat = env.apply(section.getString("tokenEnv"));
    String authorization = pat == null || pat.isBlank() ? null
      : "Basic " + Base64.getEncoder().encodeToString((":" + pat.strip()).getBytes(StandardCharsets.UTF_8));
    Map<String, String> local = new java.util.TreeMap<>();
    section.getJsonObject("localRepos", new JsonObject()).forEach(e -> local.put(e.getKey(), String.valueOf(e.getValue())));
    return new AdoOptions(orgUrl, firstNonBlank(env.apply(PROJECT_ENV), section.getString("project")), authorization,
      ForgeHttpOptions.from("ado", section), ForgeBlobOptions.from("ado", section), Map.copyOf(local),
      AdoTrust.of(section.getJsonArray("trustedAuthors", new io.vertx.core.json.JsonArray()).stream().map(String::valueOf).toList()));
  }

  /** Whether the secret is hidden from {@link #toString()}: records print every component otherwise. */
  @Override
  public String toString() {
    return "AdoOptions[orgUrl=" + orgUrl + ", project=" + project + ", token=" + (authorization == null ? "none" : "set") + "]";
  }

  private static String firstNonBlank(String a, String b) {
    if (a != null && !a.isBlank()) {
      return a.strip();
    }
    return b == null || b.isBlank() ? null : b.strip();
  }
}
