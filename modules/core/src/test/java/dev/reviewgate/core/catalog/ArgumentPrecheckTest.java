package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.Validator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The precheck may only ever say "valid" where the JSON Schema validator does: checked against the validator itself
 * over every tool's schema with arguments made from it (right ones, wrong types, lengths and bounds either side of
 * the limits, characters outside the BMP, extra names), and on shapes it must leave to the validator.
 */
class ArgumentPrecheckTest {

  private static final String SHA = "0551dfd4ad989b6a3d5683c0d4cf326c6efef929";
  private final ToolCatalog catalog = ToolCatalog.standard();

  private static Validator validator(JsonObject schema) {
    return Validator.create(JsonSchema.of(schema.copy()), new JsonSchemaOptions().setDraft(Draft.DRAFT202012)
      .setBaseUri("https://reviewgate.dev/schemas/").setOutputFormat(OutputFormat.Basic));
  }

  @Test
  void neverCallsValidWhatTheValidatorRefusesOverEveryToolsSchema() {
    Random random = new Random(20261129);
    int proven = 0;
    int valid = 0;
    int cases = 0;
    for (Tool tool : catalog.tools()) {
      JsonObject schema = tool.inputSchema();
      Validator oracle = validator(schema);
      ArgumentPrecheck precheck = ArgumentPrecheck.of(schema.copy());
      for (int i = 0; i < 400; i++) {
        JsonObject arguments = arguments(schema, random);
        boolean validatorSays = oracle.validate(arguments).getValid();
        boolean precheckSays = precheck.provesValid(arguments);
        assertThat(!precheckSays || validatorSays)
          .as("%s: the precheck proved %s valid, the validator does not", tool.name(), arguments.encode()).isTrue();
        cases++;
        valid += validatorSays ? 1 : 0;
        proven += precheckSays ? 1 : 0;
      }
    }
    // It must also do its job: most arguments the validator accepts are proven without it.
    assertThat(cases).isGreaterThanOrEqualTo(400 * 30);
    assertThat(valid).as("valid cases made").isGreaterThan(cases / 10);
    assertThat(proven).as("of %d valid cases", valid).isGreaterThan(valid / 2);
  }

  @Test
  void provesAnAgentsEverydayCallsValid() {
    assertThat(proves("git_diff", new JsonObject().put("commit", SHA))).isTrue();
    assertThat(proves("git_diff", new JsonObject().put("base", "main").put("head", "HEAD~3")
      .put("paths", new JsonArray().add("src").add("docs/a.md")).put("context_lines", 5))).isTrue();
    assertThat(proves("git_log", new JsonObject().put("limit", 20))).isTrue();
    assertThat(proves("git_repos", new JsonObject())).isTrue();
  }

  @Test
  void leavesToTheValidatorWhatItCannotProve() {
    // Wrong: an unknown name, a wrong type, out of bounds.
    assertThat(proves("git_diff", new JsonObject().put("commit", SHA).put("comit", SHA))).isFalse();
    assertThat(proves("git_diff", new JsonObject().put("commit", 7))).isFalse();
    assertThat(proves("git_diff", new JsonObject().put("commit", ""))).isFalse();
    assertThat(proves("git_diff", new JsonObject().put("commit", "x".repeat(1025)))).isFalse();
    assertThat(proves("git_log", new JsonObject().put("limit", -1))).isFalse();
    // Perhaps right, but counted or typed in ways the validator settles: 20.0 for an integer, a decimal type the
    // JSON decoder never makes, characters outside the BMP under a length bound.
    assertThat(proves("git_log", new JsonObject().put("limit", 20.0))).isFalse();
    assertThat(proves("git_log", new JsonObject().put("limit", new BigDecimal(20)))).isFalse();
    assertThat(proves("git_diff", new JsonObject().put("commit", "\uD83D\uDE00"))).isFalse();
    // A keyword it does not know makes the whole (sub)schema the validator's.
    ArgumentPrecheck oneOf = ArgumentPrecheck.of(new JsonObject().put("type", "object").put("properties",
      new JsonObject().put("x", new JsonObject().put("oneOf", new JsonArray().add(new JsonObject().put("type", "string"))
        .add(new JsonObject().put("type", "integer"))))));
    assertThat(oneOf.provesValid(new JsonObject().put("x", "a"))).isFalse();
    assertThat(oneOf.provesValid(new JsonObject())).isTrue();
    assertThat(ArgumentPrecheck.of(false).provesValid(new JsonObject())).isFalse();
    assertThat(ArgumentPrecheck.of(true).provesValid(new JsonObject().put("any", 1))).isTrue();
  }

  @Test
  void aPatternMeansWhatTheValidatorsRegexFindMeans() {
    JsonObject schema = new JsonObject().put("type", "object").put("properties", new JsonObject()
      .put("repo", new JsonObject().put("type", "string").put("pattern", "^[a-z]+$")));
    Validator oracle = validator(schema);
    ArgumentPrecheck precheck = ArgumentPrecheck.of(schema);
    for (String repo : List.of("abc", "abc\n", "ABC", "", "a-b", "abc\r\n", "\nabc")) {
      JsonObject arguments = new JsonObject().put("repo", repo);
      assertThat(precheck.provesValid(arguments)).as("%s", arguments.encode())
        .isEqualTo(oracle.validate(arguments).getValid());
    }
  }

  private boolean proves(String tool, JsonObject arguments) {
    JsonObject schema = catalog.require(tool).inputSchema();
    boolean proven = ArgumentPrecheck.of(schema.copy()).provesValid(arguments);
    if (proven) {
      assertThat(validator(schema).validate(arguments).getValid()).as("the validator on %s", arguments.encode()).isTrue();
    }
    return proven;
  }

  /** Arguments for {@code schema}: each property present or not, with a value of its kind or another. */
  private static JsonObject arguments(JsonObject schema, Random random) {
    JsonObject out = new JsonObject();
    JsonObject properties = schema.getJsonObject("properties", new JsonObject());
    for (String name : properties.fieldNames()) {
      if (random.nextInt(5) < 2) {
        Object property = properties.getValue(name);
        out.put(name, property instanceof JsonObject sub ? value(sub, random, 0) : "x");
      }
    }
    if (random.nextInt(8) == 0) {
      out.put(random.nextBoolean() ? "unknown_argument" : "", random.nextBoolean() ? "x" : 1);
    }
    return out;
  }

  private static Object value(JsonObject schema, Random random, int depth) {
    if (random.nextInt(10) == 0) {
      return other(random); // any kind at all
    }
    JsonArray choices = schema.getJsonArray("enum");
    if (choices != null && !choices.isEmpty() && random.nextInt(4) != 0) {
      return choices.getValue(random.nextInt(choices.size()));
    }
    String type = schema.getValue("type") instanceof String name ? name : "";
    return switch (type) {
      case "string" -> string(schema, random);
      case "integer", "number" -> number(schema, random, type.equals("number"));
      case "boolean" -> random.nextBoolean();
      case "array" -> {
        JsonArray array = new JsonArray();
        int max = schema.getInteger("maxItems", 5);
        int size = random.nextInt(4) == 0 ? max + 1 : random.nextInt(Math.min(max, 6) + 1);
        JsonObject items = schema.getJsonObject("items", new JsonObject());
        for (int i = 0; i < size; i++) {
          array.add(depth > 3 ? "x" : value(items, random, depth + 1));
        }
        yield array;
      }
      case "object" -> depth > 3 ? new JsonObject() : arguments(schema, random);
      default -> other(random);
    };
  }

  private static String string(JsonObject schema, Random random) {
    int min = schema.getInteger("minLength", 0);
    int max = schema.getInteger("maxLength", 200);
    List<String> pool = new ArrayList<>(List.of("", "a", "main", "HEAD~3", SHA, "v2.40.0..v2.41.0", "A...B",
      "src/**/*.c", "docs/a.md", "repo-name_1.2", "-bad", "UPPER", "ab\n", "\n", "é", "\uD83D\uDE00", "a\uD83D\uDE00b",
      "../x", " ", "octocat/hello-world", "42", "https://example.com/x", "2026-11-29T12:00:00Z"));
    pool.add("x".repeat(Math.max(0, min - 1)));
    pool.add("x".repeat(min));
    pool.add("y".repeat(Math.min(max, 5000)));
    pool.add("z".repeat(Math.min(max + 1, 5001)));
    pool.add("\uD83D\uDE00".repeat(Math.max(1, Math.min(max, 3000) / 2 + random.nextInt(2))));
    return pool.get(random.nextInt(pool.size()));
  }

  private static Object number(JsonObject schema, Random random, boolean decimals) {
    long min = schema.getValue("minimum") instanceof Number n ? n.longValue() : -5;
    long max = schema.getValue("maximum") instanceof Number n ? n.longValue() : 1000;
    Object[] pool = {min - 1, min, max, max + 1, (min + max) / 2, 0, 1, -1, 1.0, 1.5, (double) max, (double) max + 0.5,
      Long.MAX_VALUE, (1L << 53) + 1, -0.0, Integer.MIN_VALUE};
    Object picked = pool[random.nextInt(pool.length)];
    if (picked instanceof Long value && value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE && random.nextBoolean()) {
      return (int) (long) value; // the decoder gives Integer where the value fits
    }
    return decimals || random.nextInt(3) != 0 ? picked : 3;
  }

  private static Object other(Random random) {
    Object[] pool = {null, true, 0, -1, 2.5, "text", new JsonObject().put("a", 1), new JsonArray().add("a").add(2),
      new JsonArray(), new JsonObject()};
    return pool[random.nextInt(pool.length)];
  }
}
