package dev.reviewgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * mcp knows no tool by name: what it must know of one (waits for a person, shows a draft, its timeout, the words of
 * the instructions) it reads from the catalog. Fails when a string literal of mcp's main sources names a catalog tool
 * or one of their arguments.
 */
class KnowsNoToolTest {

  private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

  /**
   * Arguments and reply fields whose names are also MCP's own words (an elicitation's {@code action}, a task's
   * {@code status}, a list's {@code cursor}, a schema's {@code title} and {@code description}, a result's
   * {@code content}, a text block's {@code text} and {@code type}).
   */
  private static final Set<String> MCP_WORDS = Set.of("action", "status", "cursor", "title", "description", "content",
    "text", "type");

  /** Which field of a tool's reply is its text is the catalog's to say (replyContent), not the result builder's. */
  @Test
  void theResultBuilderNamesNoFieldOfAToolsReply() throws IOException {
    Set<String> fields = new TreeSet<>();
    for (Tool tool : ToolCatalog.standard().tools()) {
      if (tool.outputSchema() != null && tool.outputSchema().getValue("properties") instanceof JsonObject properties) {
        fields.addAll(properties.fieldNames());
      }
    }
    fields.removeAll(MCP_WORDS);
    assertThat(fields).contains("diff", "instructions", "diff_in_content", "commits", "matches");
    Matcher literal = STRING_LITERAL.matcher(Files.readString(Path.of("src/main/java/dev/reviewgate/mcp/ToolResults.java")));
    List<String> named = new ArrayList<>();
    while (literal.find()) {
      if (fields.contains(literal.group(1))) {
        named.add(literal.group(1));
      }
    }
    assertThat(named).as("say it in the tool's replyContent (core's reviewgate/catalog/tools/) and read it from there").isEmpty();
  }

  @Test
  void mcpsMainSourcesNameNoCatalogToolOrArgument() throws IOException {
    ToolCatalog catalog = ToolCatalog.standard();
    Set<String> tools = new TreeSet<>();
    Set<String> arguments = new TreeSet<>();
    for (Tool tool : catalog.tools()) {
      tools.add(tool.name());
      collectProperties(tool.inputSchema(), arguments);
    }
    arguments.removeAll(MCP_WORDS);
    assertThat(tools).contains("review_update", "git_diff", "pr_review");
    assertThat(arguments).contains("pr_number", "review_id", "confirm", "body", "line", "side");

    List<String> found = new ArrayList<>();
    Path main = Path.of("src/main/java");
    assertThat(main).isDirectory();
    try (Stream<Path> files = Files.walk(main)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher literal = STRING_LITERAL.matcher(Files.readString(file));
        while (literal.find()) {
          String text = literal.group(1);
          for (String name : tools) {
            if (Pattern.compile("\\b" + name + "\\b").matcher(text).find()) {
              found.add(main.relativize(file) + ": tool " + name + " in \"" + text + "\"");
            }
          }
          for (String name : arguments) {
            // A snake_case argument anywhere in a text; a one-word one as a whole literal (a key read or written).
            if (name.contains("_") ? Pattern.compile("\\b" + name + "\\b").matcher(text).find() : text.equals(name)) {
              found.add(main.relativize(file) + ": argument " + name + " in \"" + text + "\"");
            }
          }
        }
      }
    }
    assertThat(found).as("say it in the catalog (core's reviewgate/catalog/) and read it from there").isEmpty();
  }

  /** Every property name of a schema, nested ones (a comment's path, line, side) included. */
  private static void collectProperties(Object schema, Set<String> names) {
    if (schema instanceof JsonObject object) {
      if (object.getValue("properties") instanceof JsonObject properties) {
        names.addAll(properties.fieldNames());
      }
      object.forEach(member -> collectProperties(member.getValue(), names));
    } else if (schema instanceof JsonArray array) {
      array.forEach(item -> collectProperties(item, names));
    }
  }
}
