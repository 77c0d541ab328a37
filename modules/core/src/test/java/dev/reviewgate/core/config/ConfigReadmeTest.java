package dev.reviewgate.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * config/README.md documents every key of config/reviewgate.json, and nothing else: a table row per key, its dotted
 * name in the first cell and its default (as JSON) in the second. This fails, naming the key, when they drift.
 */
class ConfigReadmeTest {

  /** {@code | `git.timeoutMs` | `30000` | ...}: the key and the default as written. */
  private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| `([^`]*)` \\|", Pattern.MULTILINE);

  private static final Path CONFIG = Path.of("").toAbsolutePath().resolve("../../config").normalize();

  @Test
  void everyKeyOfTheDefaultsIsDocumentedAndEveryDocumentedKeyExists() throws IOException {
    Map<String, Object> keys = keys(defaultsFile());
    Map<String, String> documented = documented();

    List<String> missing = new ArrayList<>(keys.keySet());
    missing.removeAll(documented.keySet());
    List<String> stale = new ArrayList<>(documented.keySet());
    stale.removeAll(keys.keySet());

    SoftAssertions.assertSoftly(soft -> {
      soft.assertThat(missing).as("keys of config/reviewgate.json missing from config/README.md (add a row to the section's table)")
        .isEmpty();
      soft.assertThat(stale).as("keys documented in config/README.md that config/reviewgate.json no longer has (remove the row)")
        .isEmpty();
    });
  }

  @Test
  void everyDocumentedDefaultIsTheFilesDefault() throws IOException {
    Map<String, Object> keys = keys(defaultsFile());
    documented().forEach((key, shown) -> {
      if (keys.containsKey(key)) {
        assertThat(shown).as("default of %s in config/README.md", key).isEqualTo(Json.encode(keys.get(key)));
      }
    });
  }

  @Test
  void keysAreCollectedRecursivelyWithDottedNames() {
    JsonObject sample = new JsonObject("{\"a\": 1, \"b\": {\"c\": null, \"d\": {\"e\": []}}, \"f\": {}}");
    assertThat(keys(sample)).containsOnlyKeys("a", "b.c", "b.d.e", "f");
  }

  /** Leaves by dotted name; an empty object (a map with no default entries, e.g. {@code repos}) is a key itself. */
  static Map<String, Object> keys(JsonObject json) {
    Map<String, Object> keys = new LinkedHashMap<>();
    collect(json, "", keys);
    return keys;
  }

  private static void collect(JsonObject json, String prefix, Map<String, Object> keys) {
    for (String name : json.fieldNames()) {
      Object value = json.getValue(name);
      if (value instanceof JsonObject nested && !nested.isEmpty()) {
        collect(nested, prefix + name + ".", keys);
      } else {
        keys.put(prefix + name, value);
      }
    }
  }

  private static JsonObject defaultsFile() throws IOException {
    return new JsonObject(Files.readString(CONFIG.resolve("reviewgate.json"), StandardCharsets.UTF_8));
  }

  private static Map<String, String> documented() throws IOException {
    String text = Files.readString(CONFIG.resolve("README.md"), StandardCharsets.UTF_8);
    Map<String, String> rows = new LinkedHashMap<>();
    Matcher m = ROW.matcher(text);
    while (m.find()) {
      assertThat(rows.put(m.group(1), m.group(2))).as("config/README.md documents %s twice", m.group(1)).isNull();
    }
    assertThat(rows).as("config/README.md has key tables").isNotEmpty();
    return rows;
  }
}
