package dev.reviewgate.forge.http;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;

/** The whole-number keys of one forge section, with the one error text for a value that is not one. */
record ConfigNumbers(String sectionName, JsonObject section) {

  long longAtLeast(String key, long min) {
    return atLeast(key, min, Long.MAX_VALUE);
  }

  int intAtLeast(String key, int min) {
    return (int) atLeast(key, min, Integer.MAX_VALUE);
  }

  /** @throws IllegalArgumentException naming {@code sectionName.key}, its value and the range when it is not in it */
  private long atLeast(String key, long min, long max) {
    Object value = ReviewgateConfig.require(section, sectionName, key);
    if (value instanceof Number number && number.doubleValue() == number.longValue() && number.longValue() >= min
      && number.longValue() <= max) {
      return number.longValue();
    }
    throw new IllegalArgumentException("configuration key " + sectionName + "." + key + " must be a whole number from " + min
      + " to " + max + " (got " + (value instanceof String ? "'" + value + "'" : value) + "); config/reviewgate.json has its default");
  }
}
