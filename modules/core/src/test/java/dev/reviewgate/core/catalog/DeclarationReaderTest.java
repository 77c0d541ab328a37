package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Declarations are checked against the tools when the catalog loads: the standard catalog with one file changed. */
class DeclarationReaderTest {

  private static final String ROOT = "reviewgate/catalog/";

  @Test
  void theStandardCatalogDeclaresTheGitTemplatesThePromptAndTheirCompletions() {
    ToolCatalog catalog = ToolCatalog.standard();
    assertThat(catalog.resourceTemplates()).extracting(template -> template.uriTemplate().text())
      .containsExactly("git://{repo}/diff/{base}..{head}", "git://{repo}/file/{rev}/{path}");
    ResourceTemplate file = catalog.resourceTemplates().get(1);
    assertThat(file.arguments("git://alpha/file/release%2F2/src/a.txt")).contains(new JsonObject()
      .put("repo", "alpha").put("revision", "release/2").put("path", "src/a.txt"));
    assertThat(file.completions()).containsExactly(java.util.Map.entry("repo", "repository-names"), java.util.Map.entry("rev", "revisions"));
    ResourceTemplate diff = catalog.resourceTemplates().get(0);
    assertThat(diff.arguments("git://alpha/diff/a...b")).as("head may not start with a dot").isEmpty();
    assertThat(catalog.prompts()).extracting(Prompt::name).containsExactly("review_range");
    assertThat(catalog.prompts().get(0).arguments()).extracting(PromptArgument::defaultValue).containsExactly(null, null, "HEAD");
    assertThat(catalog.completionSource("repository-names")).isPresent();
    assertThat(catalog.with(java.util.List.of()).resourceTemplates()).isEqualTo(catalog.resourceTemplates());
  }

  static Stream<Arguments> wrongDeclarations() {
    return Stream.of(
      wrong("resource-templates/git-diff.json", json -> json.put("tool", "git_dif"),
        "catalog resource-templates/git-diff.json: tool git_dif is not in the catalog"),
      wrong("resource-templates/git-file.json", json -> json.getJsonObject("variables").getJsonObject("rev").remove("argument"),
        "catalog resource-templates/git-file.json variable rev: maps to argument rev, which the inputSchema of git_show_file does not have (it has: repo, revision, path"),
      wrong("prompts/review_range.json", json -> json.getJsonArray("arguments").getJsonObject(2).put("argument", "heads"),
        "catalog prompts/review_range.json argument head: maps to argument heads, which the inputSchema of git_diff does not have"),
      wrong("prompts/review_range.json", json -> json.getJsonArray("arguments").getJsonObject(2).put("argument", "context_lines"),
        "maps to argument context_lines of git_diff, which takes integer, but a URI variable or prompt argument is a string"),
      wrong("resource-templates/git-diff.json", json -> json.getJsonObject("variables").getJsonObject("head").put("argument", "base"),
        "catalog resource-templates/git-diff.json: two values map to argument base of the tool"),
      wrong("completions/revisions.json", json -> json.put("tool", "git_repo"), "catalog completions/revisions.json: tool git_repo is not in the catalog"),
      wrong("completions/revisions.json", json -> json.put("tool", "git_show_file"),
        "tool git_show_file requires arguments [\"path\"], but a completion source calls its tool without arguments"),
      wrong("completions/revisions.json", json -> json.put("filterBy", "repository"),
        "catalog resource-templates/git-diff.json variable base: completion source revisions filters by repository, which is not an argument here (repo, base, head)"),
      wrong("resource-templates/git-diff.json", json -> json.getJsonObject("variables").getJsonObject("repo").put("completion", "repos"),
        "completion source repos is not declared (index.json \"completions\": repository-names, revisions)"),
      wrong("resource-templates/git-diff.json", json -> json.getJsonObject("variables").remove("head"),
        "variable {head} of the uriTemplate is not declared under \"variables\""),
      wrong("resource-templates/git-file.json", json -> {
        json.put("uriTemplate", "git://{repo}/file/{rev}");
        json.getJsonObject("variables").remove("path");
      }, "tool git_show_file requires argument path, which no URI variable supplies"),
      wrong("resource-templates/git-file.json", json -> json.put("textField", "text"),
        "\"textField\" names text, which the outputSchema of git_show_file does not have"),
      wrong("resource-templates/git-diff.json", json -> json.put("uriTemplate", "git://{repo}/diff/{base}{head}"),
        "{head} needs literal text before it"),
      wrong("prompts/review_range.json", json -> json.put("failure", "Cannot build {bsae}"),
        "placeholder {bsae} is not an argument that always has a value (required or with a default): repo, base, head"),
      wrong("prompts/review_range.json", json -> json.getJsonArray("arguments").getJsonObject(2).put("required", true),
        "catalog prompts/review_range.json argument head: a required argument takes no \"default\""),
      wrong("prompts/review_range.json", json -> json.put("textFeild", "diff"), "unknown key \"textFeild\""),
      wrong("prompts/review_range.json", json -> json.put("name", "review"), "\"name\" must be review_range"));
  }

  private static Arguments wrong(String file, Consumer<JsonObject> change, String message) {
    return Arguments.of(file, change, message);
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("wrongDeclarations")
  void aDeclarationTheToolsCannotServeStopsLoading(String file, Consumer<JsonObject> change, String message) {
    assertThatThrownBy(() -> loadWith(file, change)).isInstanceOf(IllegalStateException.class).hasMessageContaining(message);
  }

  @Test
  void theUnchangedFilesLoad() {
    assertThat(loadWith("prompts/review_range.json", json -> { }).prompts()).hasSize(1);
  }

  /** The standard catalog, read through a class loader that answers {@code file} changed. */
  private static ToolCatalog loadWith(String file, Consumer<JsonObject> change) {
    ClassLoader parent = DeclarationReaderTest.class.getClassLoader();
    JsonObject changed = ToolCatalog.readJson(parent, ROOT + file).copy();
    change.accept(changed);
    ClassLoader overlay = new ClassLoader(parent) {
      @Override
      public InputStream getResourceAsStream(String name) {
        return name.equals(ROOT + file) ? new ByteArrayInputStream(changed.encode().getBytes(StandardCharsets.UTF_8))
          : super.getResourceAsStream(name);
      }
    };
    return ToolCatalog.load(overlay, ROOT);
  }
}
