package dev.reviewgate.app;

import dev.reviewgate.core.json.JsonErrors;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.UserSecret;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Builds the configuration in layers: the defaults ({@code config/reviewgate.json}), then {@code --config FILE},
 * then the environment ({@code REVIEWGATE_*}), then command-line flags. Every layer is checked against the
 * defaults: an unknown key or a value of the wrong type is a {@link UsageException} naming it.
 */
final class Settings {

  static final String ENV_PREFIX = "REVIEWGATE_";
  /**
   * Short names, as GitHub's MCP server has them (GITHUB_TOOLSETS, GITHUB_READ_ONLY, GITHUB_LOCKDOWN_MODE), for the
   * tool selection, lockdown and the writes that need the person.
   */
  private static final Map<String, String> ALIASES = Map.of(
    "REVIEWGATE_TOOLSETS", "REVIEWGATE_MCP_TOOLSETS",
    "REVIEWGATE_READ_ONLY", "REVIEWGATE_MCP_READ_ONLY",
    "REVIEWGATE_LOCKDOWN", "REVIEWGATE_MCP_LOCKDOWN",
    "REVIEWGATE_CONFIRM_WRITES", "REVIEWGATE_MCP_CONFIRM_WRITES");
  /** Read by bin/reviewgate, not configuration. */
  private static final String JAVA_OPTS = "REVIEWGATE_JAVA_OPTS";
  /** Objects keyed by names the user chooses (repository names, tool names): any key, values typed like the defaults'. */
  private static final Set<String> OPEN_MAPS = Set.of("repos", "mcp.toolTimeoutsMs", "ado.localRepos", "gitlab.localRepos", "gitea.localRepos", "bitbucket.localRepos", "services");

  private Settings() {
  }

  static ReviewgateConfig load(Path configFile, Map<String, String> environment, JsonObject flags) {
    ReviewgateConfig config = ReviewgateConfig.defaults();
    JsonObject defaults = config.json();
    if (configFile != null) {
      JsonObject file = readFile(configFile);
      check(defaults, file, configFile + ": ");
      config = config.merge(file);
    }
    JsonObject env = fromEnvironment(defaults, withoutSecrets(config.json(), environment));
    check(defaults, env, "environment: ");
    config = config.merge(env);
    check(defaults, flags, "flags: ");
    return config.merge(flags);
  }

  private static JsonObject readFile(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UsageException("cannot read --config " + file + ": " + e.getMessage());
    }
    try {
      return new JsonObject(text);
    } catch (DecodeException e) {
      throw new UsageException("--config " + file + " is not a JSON object: " + JsonErrors.reason(e));
    }
  }

  /**
   * The environment without the variables that hold secrets (those named by a {@code tokenEnv} key, e.g.
   * {@code REVIEWGATE_TOKEN}): they are read where they are used, never as configuration.
   */
  static Map<String, String> withoutSecrets(JsonObject config, Map<String, String> environment) {
    Set<String> secrets = new HashSet<>();
    collectTokenEnv(config, secrets);
    Map<String, String> rest = new HashMap<>(environment);
    rest.keySet().removeAll(secrets);
    return rest;
  }

  private static void collectTokenEnv(JsonObject json, Set<String> names) {
    for (String key : json.fieldNames()) {
      Object value = json.getValue(key);
      if (value instanceof JsonObject nested) {
        collectTokenEnv(nested, names);
      } else if (key.equals("tokenEnv") && value instanceof String name) {
        names.add(name);
      }
    }
  }

  /** Rejects keys the defaults do not have and values whose JSON type differs from the default's. */
  private static void check(JsonObject defaults, JsonObject layer, String where) {
    check(defaults, layer, where, "");
  }

  private static void check(JsonObject defaults, JsonObject layer, String where, String path) {
    boolean open = OPEN_MAPS.contains(path.isEmpty() ? "" : path.substring(0, path.length() - 1));
    for (String key : layer.fieldNames()) {
      String name = path + key;
      Object value = layer.getValue(key);
      if (open) {
        Object sample = defaults.isEmpty() ? null : defaults.iterator().next().getValue();
        if (sample != null && value != null && !sameType(sample, value)) {
          throw new UsageException(where + "'" + name + "' must be " + typeName(sample) + " (got " + Json.encode(value) + ")");
        }
        continue;
      }
      if (!defaults.containsKey(key)) {
        throw new UsageException(where + "unknown configuration key '" + name + "'; known keys at this level: "
          + String.join(", ", defaults.fieldNames()));
      }
      Object expected = defaults.getValue(key);
      if (expected instanceof JsonObject nested) {
        if (!(value instanceof JsonObject given)) {
          throw new UsageException(where + "'" + name + "' must be an object");
        }
        if (!nested.isEmpty() || OPEN_MAPS.contains(name)) {
          check(nested, given, where, name + ".");
        }
      } else if (expected != null && value != null && !sameType(expected, value)) {
        throw new UsageException(where + "'" + name + "' must be " + typeName(expected) + " (got " + Json.encode(value) + ")");
      }
    }
  }

  private static boolean sameType(Object expected, Object value) {
    if (expected instanceof Number) {
      return value instanceof Number && (!(expected instanceof Integer || expected instanceof Long)
        || value instanceof Integer || value instanceof Long);
    }
    return expected.getClass() == value.getClass()
      || expected instanceof JsonArray && value instanceof JsonArray;
  }

  private static String typeName(Object value) {
    if (value instanceof Integer || value instanceof Long) {
      return "an integer";
    }
    if (value instanceof Number) {
      return "a number";
    }
    if (value instanceof Boolean) {
      return "true or false";
    }
    if (value instanceof JsonArray) {
      return "an array";
    }
    if (value instanceof JsonObject) {
      return "a JSON object";
    }
    return "a string";
  }

  /**
   * {@code REVIEWGATE_MCP_MAX_LINE_BYTES=1} → {@code mcp.maxLineBytes = 1}: underscores separate words, matched
   * against the keys of the defaults without regard to case. {@code REVIEWGATE_REPOS=a=/x,b=/y} sets repositories.
   */
  static JsonObject fromEnvironment(JsonObject defaults, Map<String, String> environment) {
    JsonObject layer = new JsonObject();
    for (Map.Entry<String, String> entry : environment.entrySet()) {
      String name = entry.getKey();
      String key = ALIASES.getOrDefault(name, name);
      // Not configuration: the launcher's JVM options, and where this user's secret and dashboards live.
      if (!name.startsWith(ENV_PREFIX) || name.equals(JAVA_OPTS) || name.equals(UserSecret.STATE_DIR_ENV)) {
        continue;
      }
      String[] words = key.substring(ENV_PREFIX.length()).toLowerCase(Locale.ROOT).split("_");
      if (words.length == 1 && words[0].equals("repos")) {
        layer.put("repos", repos(name, entry.getValue()));
        continue;
      }
      put(layer, defaults, words, 0, name, entry.getValue());
    }
    return layer;
  }

  private static void put(JsonObject layer, JsonObject defaults, String[] words, int from, String name, String text) {
    StringBuilder joined = new StringBuilder();
    for (int end = from; end < words.length; end++) {
      joined.append(words[end]);
      String key = match(defaults, joined.toString());
      if (key == null) {
        continue;
      }
      Object expected = defaults.getValue(key);
      if (end == words.length - 1) {
        layer.put(key, parse(name, text, expected));
        return;
      }
      if (expected instanceof JsonObject nested) {
        JsonObject child = layer.getJsonObject(key, new JsonObject());
        layer.put(key, child);
        put(child, nested, words, end + 1, name, text);
        return;
      }
    }
    throw new UsageException("environment variable " + name + " names no configuration key; see config/reviewgate.json "
      + "(REVIEWGATE_<SECTION>_<KEY> with the key's words separated by _)");
  }

  private static String match(JsonObject defaults, String squashed) {
    for (String key : defaults.fieldNames()) {
      if (key.toLowerCase(Locale.ROOT).replace("_", "").equals(squashed)) {
        return key;
      }
    }
    return null;
  }

  private static Object parse(String name, String text, Object expected) {
    try {
      if (expected instanceof Integer || expected instanceof Long) {
        return Long.parseLong(text.trim());
      }
      if (expected instanceof Number) {
        return Double.parseDouble(text.trim());
      }
      if (expected instanceof Boolean) {
        if (!text.equals("true") && !text.equals("false")) {
          throw new NumberFormatException();
        }
        return Boolean.parseBoolean(text);
      }
      if (expected instanceof JsonObject || expected instanceof JsonArray) {
        return Json.decodeValue(text);
      }
      return text;
    } catch (NumberFormatException | DecodeException e) {
      throw new UsageException("environment variable " + name + " must be " + typeName(expected == null ? "" : expected)
        + " (got '" + text + "')");
    }
  }

  private static JsonObject repos(String name, String text) {
    JsonObject repos = new JsonObject();
    for (String item : text.split(",")) {
      int eq = item.indexOf('=');
      if (eq <= 0 || eq == item.length() - 1) {
        throw new UsageException("environment variable " + name + " takes NAME=PATH[,NAME=PATH...] (got '" + text + "')");
      }
      repos.put(item.substring(0, eq).trim(), Path.of(item.substring(eq + 1).trim()).toAbsolutePath().normalize().toString());
    }
    return repos;
  }
}
