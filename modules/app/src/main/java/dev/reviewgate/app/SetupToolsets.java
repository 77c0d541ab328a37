package dev.reviewgate.app;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.git.OriginUrl;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which tools the MCP front-ends ({@code stdio}, {@code serve}) and {@code reviewgate tools} offer:
 * {@code mcp.toolsets} ({@code --toolsets}, {@code REVIEWGATE_TOOLSETS}) and {@code mcp.readOnly}
 * ({@code --read-only}, {@code REVIEWGATE_READ_ONLY}). Unless told otherwise the toolsets fit the setup: git and
 * review always; a forge's when it is configured (its token or URL in the environment, its settings changed from the
 * defaults) or when the origin remote of a served repository names it; threads when any forge is on. Decided here,
 * where the configuration is known, so that the MCP module knows no forge.
 */
final class SetupToolsets {

  static final String GITHUB = "github";
  static final String GITLAB = "gitlab";
  static final String ADO = "ado";
  static final String GITEA = "gitea";
  static final String BITBUCKET = "bitbucket";

  private SetupToolsets() {
  }

  /** The selection of this process: its environment, and the repository of its working directory. */
  static ToolSelection ofThisProcess(ToolCatalog catalog, ReviewgateConfig config) {
    return selection(catalog, config, System.getenv(), Path.of("").toAbsolutePath());
  }

  /**
   * @throws UsageException naming an unknown toolset of {@code mcp.toolsets}
   */
  static ToolSelection selection(ToolCatalog catalog, ReviewgateConfig config, Map<String, String> env, Path workingDirectory) {
    JsonObject mcp = config.section("mcp");
    try {
      return ToolSelection.parse(catalog, mcp.getString("toolsets", ""), defaults(config, env, workingDirectory),
        Boolean.TRUE.equals(mcp.getValue("readOnly")));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The toolsets that fit the setup, in no particular order. */
  static Set<String> defaults(ReviewgateConfig config, Map<String, String> env, Path workingDirectory) {
    Set<String> forges = new LinkedHashSet<>(configuredForges(config, env));
    for (Path repository : servedRepositories(config, workingDirectory)) {
      OriginUrl.find(repository).flatMap(OriginUrl::host).flatMap(host -> forgeOf(host, config, env)).ifPresent(forges::add);
    }
    Set<String> toolsets = new LinkedHashSet<>(List.of("git", "review"));
    toolsets.addAll(forges);
    if (!forges.isEmpty()) {
      toolsets.add("threads");
    }
    return toolsets;
  }

  /** Forges whose settings say they are meant to be used: a token or URL in the environment, or changed settings. */
  private static Set<String> configuredForges(ReviewgateConfig config, Map<String, String> env) {
    JsonObject defaults = ReviewgateConfig.defaults().json();
    Set<String> forges = new LinkedHashSet<>();
    JsonObject github = config.section(GITHUB);
    if (set(env, github.getString("tokenEnv")) || github.getValue("owner") != null
      || !github.getValue("apiUrl").equals(defaults.getJsonObject(GITHUB).getValue("apiUrl"))) {
      forges.add(GITHUB);
    }
    JsonObject gitlab = config.section(GITLAB);
    if (set(env, gitlab.getString("tokenEnv")) || set(env, gitlab.getString("urlEnv"))
      || !gitlab.getValue("apiUrl").equals(defaults.getJsonObject(GITLAB).getValue("apiUrl"))
      || !gitlab.getJsonObject("localRepos", new JsonObject()).isEmpty()) {
      forges.add(GITLAB);
    }
    JsonObject bitbucket = config.section(BITBUCKET);
    if (set(env, bitbucket.getString("tokenEnv")) || set(env, bitbucket.getString("urlEnv"))
      || !bitbucket.getValue("apiUrl").equals(defaults.getJsonObject(BITBUCKET).getValue("apiUrl"))
      || !bitbucket.getJsonObject("localRepos", new JsonObject()).isEmpty()) {
      forges.add(BITBUCKET);
    }
    JsonObject ado = config.section(ADO);
    if (set(env, ado.getString("tokenEnv")) || !ado.getString("orgUrl", "").isBlank()
      || !ado.getJsonObject("localRepos", new JsonObject()).isEmpty()) {
      forges.add(ADO);
    }
    JsonObject gitea = config.section(GITEA);
    if (set(env, gitea.getString("tokenEnv")) || set(env, gitea.getString("urlEnv"))
      || !gitea.getValue("url").equals(defaults.getJsonObject(GITEA).getValue("url"))
      || !gitea.getJsonObject("localRepos", new JsonObject()).isEmpty()) {
      forges.add(GITEA);
    }
    return forges;
  }

  /** The forge a remote's host belongs to: the public ones by name, self-hosted ones by the configured URL. */
  static Optional<String> forgeOf(String host, ReviewgateConfig config, Map<String, String> env) {
    if (host.equals("github.com") || host.equals(OriginUrl.webHost(config.section(GITHUB).getString("apiUrl")))) {
      return Optional.of(GITHUB);
    }
    JsonObject gitlab = config.section(GITLAB);
    String gitlabUrl = env.get(gitlab.getString("urlEnv", ""));
    if (host.equals("gitlab.com") || host.startsWith("gitlab.") || host.equals(OriginUrl.webHost(gitlab.getString("apiUrl")))
      || gitlabUrl != null && !gitlabUrl.isBlank() && host.equals(OriginUrl.webHost(gitlabUrl.strip()))) {
      return Optional.of(GITLAB);
    }
    JsonObject bitbucket = config.section(BITBUCKET);
    String bitbucketUrl = env.get(bitbucket.getString("urlEnv", ""));
    if (host.equals("bitbucket.org") || host.equals(OriginUrl.webHost(bitbucket.getString("apiUrl")))
      || bitbucketUrl != null && !bitbucketUrl.isBlank() && host.equals(OriginUrl.webHost(bitbucketUrl.strip()))) {
      return Optional.of(BITBUCKET);
    }
    if (host.equals("dev.azure.com") || host.endsWith(".dev.azure.com") || host.endsWith(".visualstudio.com")) {
      return Optional.of(ADO);
    }
    JsonObject gitea = config.section(GITEA);
    String giteaUrl = env.get(gitea.getString("urlEnv", ""));
    if (host.equals("codeberg.org") || host.equals(OriginUrl.webHost(gitea.getString("url")))
      || giteaUrl != null && !giteaUrl.isBlank() && host.equals(OriginUrl.webHost(giteaUrl.strip()))) {
      return Optional.of(GITEA);
    }
    return Optional.empty();
  }

  /** The repository around the working directory (served by default) and every configured one. */
  private static List<Path> servedRepositories(ReviewgateConfig config, Path workingDirectory) {
    List<Path> repositories = new ArrayList<>();
    if (workingDirectory != null) {
      repositories.add(workingDirectory);
    }
    config.section("repos").forEach(entry -> {
      if (entry.getValue() instanceof String path && !path.isBlank()) {
        repositories.add(Path.of(path));
      }
    });
    return repositories;
  }

  private static boolean set(Map<String, String> env, String name) {
    String value = name == null ? null : env.get(name);
    return value != null && !value.isBlank();
  }
}
