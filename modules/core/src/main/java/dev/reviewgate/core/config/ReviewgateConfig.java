package dev.reviewgate.core.config;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The merged configuration. {@code config/reviewgate.json} (shipped on the classpath as
 * {@code reviewgate/reviewgate.json}) holds every default; later layers (a config file, the environment,
 * command-line flags) are merged over it deeply. Each module reads its own section into a typed options record.
 */
public record ReviewgateConfig(JsonObject json) {

  private static final String DEFAULTS = "reviewgate/reviewgate.json";

  public static ReviewgateConfig defaults() {
    try (InputStream in = ReviewgateConfig.class.getClassLoader().getResourceAsStream(DEFAULTS)) {
      if (in == null) {
        throw new IllegalStateException("defaults missing from the classpath: " + DEFAULTS);
      }
      return new ReviewgateConfig(new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A new configuration with {@code layer} merged over this one (objects merged key by key, other values replaced). */
  public ReviewgateConfig merge(JsonObject layer) {
    return new ReviewgateConfig(json.copy().mergeIn(layer, true));
  }

  /** A section such as {@code git} or {@code http}; empty when absent. */
  public JsonObject section(String name) {
    JsonObject section = json.getJsonObject(name);
    return section == null ? new JsonObject() : section;
  }

  /**
   * A key of a section that typed options read; its absence is a configuration error naming it (every key has its
   * default in {@code config/reviewgate.json}, so only a broken layer can lose one).
   */
  public static Object require(JsonObject section, String sectionName, String key) {
    Object value = section.getValue(key);
    if (value == null) {
      throw new IllegalArgumentException("configuration key " + sectionName + "." + key + " is missing; "
        + "config/reviewgate.json lists every key with its default");
    }
    return value;
  }

  public long requestTimeoutMs() {
    return json.getLong("requestTimeoutMs", 30_000L);
  }

  /** How long the launcher waits for deployments (backends, HTTP server) before it gives up. */
  public long startTimeoutMs() {
    return json.getLong("startTimeoutMs");
  }
}
