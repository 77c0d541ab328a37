package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ToolCatalogTest {

  private final ToolCatalog catalog = ToolCatalog.standard();

  /**
   * What tools/list sends is the schema as written: the validator's own notes (it writes each subschema's resolved
   * URI into the schema it is given) stay out of it, after validations that pass and fail alike.
   */
  @Test
  void publishedSchemasCarryNoneOfTheValidatorsNotes() {
    int passed = 0;
    for (Tool tool : catalog.tools()) {
      try {
        catalog.validate(tool.name(), new JsonObject().put("not_an_argument_of_any_tool", 1));
      } catch (ToolException expected) {
        // every schema here refuses unknown names; what matters is what the validation left behind
      }
      try {
        catalog.validate(tool.name(), validArguments(tool));
        passed++;
      } catch (ToolException notMadeRight) {
        // a tool whose required arguments this simple maker cannot get right: its failed validation counts too
      }
      String published = tool.toMcpJson().encode();
      assertThat(published).as(tool.name()).doesNotContain("__absolute_uri__").doesNotContain("\"__");
    }
    assertThat(passed).as("tools validated with arguments they accept").isGreaterThanOrEqualTo(catalog.tools().size() * 2 / 3);
  }

  /** The required arguments of a tool, each a value of its declared kind. */
  private static JsonObject validArguments(Tool tool) {
    JsonObject arguments = new JsonObject();
    JsonObject properties = tool.inputSchema().getJsonObject("properties", new JsonObject());
    for (Object name : tool.inputSchema().getJsonArray("required", new JsonArray())) {
      JsonObject property = properties.getJsonObject((String) name, new JsonObject());
      JsonArray choices = property.getJsonArray("enum");
      Object value = choices != null ? choices.getValue(0) : switch (property.getString("type", "string")) {
        case "integer", "number" -> property.getInteger("minimum", 1);
        case "boolean" -> true;
        case "array" -> new JsonArray();
        case "object" -> new JsonObject();
        default -> text(property);
      };
      arguments.put((String) name, value);
    }
    return arguments;
  }

  private static String text(JsonObject property) {
    String pattern = property.getString("pattern");
    for (String candidate : new String[] {"x".repeat(Math.max(1, property.getInteger("minLength", 1))),
      "0123456789abcdef0123456789abcdef01234567", "main", "octocat"}) {
      if (pattern == null || java.util.regex.Pattern.compile(pattern).matcher(candidate).find()) {
        return candidate;
      }
    }
    return "x";
  }

  @Test
  void everyToolIsWellFormed() {
    assertThat(catalog.tools()).isNotEmpty();
    for (Tool tool : catalog.tools()) {
      assertThat(tool.name()).matches("[a-z][a-z0-9_]*");
      assertThat(tool.address()).startsWith(Addresses.PREFIX);
      assertThat(tool.title()).isNotBlank();
      assertThat(tool.description()).hasSizeLessThanOrEqualTo(Tool.MAX_DESCRIPTION);
      assertThat(tool.inputSchema().getString("type")).isEqualTo("object");
      assertThat(tool.inputSchema().encode()).doesNotContain("x-include").doesNotContain("\"$ref\"");
      // snake_case arguments across the whole catalog
      for (String argument : tool.inputSchema().getJsonObject("properties", new JsonObject()).fieldNames()) {
        assertThat(argument).as(tool.name() + " argument").matches("[a-z][a-z0-9_]*");
      }
    }
  }

  /** What a model reads first: every tool says what it does, every argument what it is, in words. */
  @Test
  void everyToolAndEveryArgumentIsDescribedInWords() {
    for (Tool tool : catalog.tools()) {
      assertThat(words(tool.description())).as(tool.name() + " description: " + tool.description()).isGreaterThanOrEqualTo(8);
      JsonObject properties = tool.inputSchema().getJsonObject("properties", new JsonObject());
      for (String argument : properties.fieldNames()) {
        String description = properties.getJsonObject(argument).getString("description", "");
        assertThat(words(description)).as(tool.name() + " argument " + argument + ": '" + description + "'")
          .isGreaterThanOrEqualTo(3);
      }
    }
  }

  private static int words(String text) {
    return text.isBlank() ? 0 : text.strip().split("\\s+").length;
  }

  @Test
  void everyToolIsInExactlyOneToolset() {
    Set<String> listed = new HashSet<>();
    for (Toolset set : catalog.toolsets()) {
      assertThat(set.description()).as(set.name()).isNotBlank();
      for (String name : set.tools()) {
        assertThat(listed.add(name)).as(name + " in one toolset only").isTrue();
        assertThat(catalog.toolsetOf(name)).contains(set);
      }
    }
    assertThat(listed).containsExactlyInAnyOrderElementsOf(catalog.tools().stream().map(Tool::name).toList());
    assertThat(catalog.toolsets()).extracting(Toolset::name)
      .containsExactly("git", "review", "diff", "github", "gitlab", "gitea", "bitbucket", "ado", "threads");
  }

  @Test
  void everyAddressIsAConstantAndEveryToolAddressIsServedByOne() throws IllegalAccessException {
    Set<String> constants = new HashSet<>();
    for (Field field : Addresses.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
        constants.add((String) field.get(null));
      }
    }
    for (Tool tool : catalog.tools()) {
      assertThat(constants).as("address constant for " + tool.name()).contains(tool.address());
    }
  }

  @Test
  void sharedShapingOptionsAreMergedIntoDiffTools() {
    JsonObject properties = catalog.require("diff_parse").inputSchema().getJsonObject("properties");
    assertThat(properties.fieldNames()).contains("diff", "files", "include", "files_only", "format", "token_budget", "markers");
  }

  /** The shared path options take an array or one string, as before they were written as a type list. */
  @Test
  void wrongPathOptionsAreRefusedNamingTheArgument() {
    for (JsonObject wrong : java.util.List.of(new JsonObject().put("files", 5), new JsonObject().put("include", ""),
      new JsonObject().put("exclude", new JsonArray().add("")), new JsonObject().put("files", new JsonArray().add(1)))) {
      String argument = wrong.fieldNames().iterator().next();
      assertThatThrownBy(() -> catalog.validate("git_diff", wrong)).as(wrong.encode())
        .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage()).contains("argument '" + argument));
    }
    catalog.validate("git_diff", new JsonObject().put("files", "a.txt,b.txt").put("include", "src/**").put("exclude",
      new JsonArray().add("**/*.lock")));
  }

  @Test
  void validArgumentsPass() {
    catalog.validate("diff_parse", new JsonObject().put("diff", "").put("files", new JsonArray().add("a/b.txt")).put("top", 5));
    catalog.validate("diff_parse", new JsonObject().put("diff", "").put("files", "a.txt,b.txt"));
  }

  @Test
  void everyIntegerArgumentIsBoundedOnBothSides() {
    for (Tool tool : catalog.tools()) {
      JsonObject properties = tool.inputSchema().getJsonObject("properties", new JsonObject());
      for (String argument : properties.fieldNames()) {
        JsonObject schema = properties.getJsonObject(argument);
        if ("integer".equals(schema.getValue("type")) || "number".equals(schema.getValue("type"))) {
          assertThat(schema.getValue("minimum")).as(tool.name() + "." + argument + " minimum").isNotNull();
          assertThat(schema.getValue("maximum")).as(tool.name() + "." + argument + " maximum").isNotNull();
        }
      }
    }
  }

  @Test
  void numbersBeyondTheirBoundsAreRefusedNotWrapped() {
    // Decoded from the wire as clients send them: 2^31 and 2^64 do not fit an int or a long.
    JsonObject showFile = new JsonObject("{\"path\": \"a\", \"end_line\": 2147483648}");
    assertThatThrownBy(() -> catalog.validate("git_show_file", showFile))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage())
        .contains("argument 'end_line'").contains("2147483647"));
    JsonObject diff = new JsonObject("{\"diff\": \"\", \"skip\": 18446744073709551616}");
    assertThatThrownBy(() -> catalog.validate("diff_parse", diff))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage())
        .contains("argument 'skip'").contains("2147483647"));
    JsonObject negative = new JsonObject("{\"diff\": \"\", \"skip\": -18446744073709551616}");
    assertThatThrownBy(() -> catalog.validate("diff_parse", negative))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.getMessage()).contains("argument 'skip'"));
  }

  @Test
  void invalidArgumentsAreNamedWithWhatWasExpected() {
    JsonObject bad = new JsonObject().put("format", "fancy").put("top", 0).put("bogus", true);
    assertThatThrownBy(() -> catalog.validate("diff_parse", bad))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.INVALID_ARGUMENTS);
        assertThat(e.getMessage())
          .startsWith("invalid arguments for diff_parse:")
          .contains("argument 'format'")
          .contains("argument 'top'")
          .contains("Accepted arguments: ")
          .contains("(required: diff)")
          .contains("0 is less than 1")
          .contains("argument 'bogus': not an argument of this tool")
          .doesNotContain("additional properties schema");
      });
  }

  @Test
  void callersSayWhoMayCallAndOnlyThePersonCommentsOrCompletes() {
    ToolCatalog catalog = ToolCatalog.standard();
    assertThat(catalog.tools().stream().filter(Tool::personOnly).map(Tool::name))
      .containsExactlyInAnyOrder("review_comment", "review_complete", "review_draft_list", "review_draft_decide");
    for (String write : java.util.List.of("github_update_pull_request_state", "pr_review", "pr_reply", "pr_resolve_thread",
      "review_publish")) {
      assertThat(catalog.require(write).callers()).as(write).containsExactly(dev.reviewgate.core.security.Caller.Kind.AGENT);
    }
    assertThat(catalog.require("git_diff").callers()).hasSize(3);
    // MCP's callers are agents: nothing listed for MCP is closed to them
    assertThat(catalog.tools(Exposure.MCP)).allMatch(tool -> tool.callableBy(dev.reviewgate.core.security.Caller.Kind.AGENT));
  }

  @Test
  void aMalformedCallersKeyStopsTheLoadNamingTheToolAndTheFix() {
    JsonObject entry = ToolCatalog.standard().require("review_comment").toMcpJson().put("address", "reviewgate.x")
      .put("exposure", new io.vertx.core.json.JsonArray().add("BRIDGE"));
    assertThatThrownBy(() -> ToolCatalog.parseTool(getClass().getClassLoader(),
      entry.copy().put("callers", new io.vertx.core.json.JsonArray().add("robot"))))
      .hasMessageContaining("review_comment").hasMessageContaining("unknown caller 'robot'");
    assertThatThrownBy(() -> ToolCatalog.parseTool(getClass().getClassLoader(),
      entry.copy().put("callers", new io.vertx.core.json.JsonArray())))
      .hasMessageContaining("non-empty list");
    assertThatThrownBy(() -> ToolCatalog.parseTool(getClass().getClassLoader(), entry.copy()
      .put("callers", new io.vertx.core.json.JsonArray().add("person")).put("exposure", new io.vertx.core.json.JsonArray().add("MCP"))))
      .hasMessageContaining("exposed to MCP").hasMessageContaining("add agent to callers");
    assertThat(ToolCatalog.parseTool(getClass().getClassLoader(), entry.copy()
      .put("callers", new io.vertx.core.json.JsonArray().add("person").add("service"))).callers()).hasSize(2);
  }
}
