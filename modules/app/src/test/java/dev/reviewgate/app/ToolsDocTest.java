package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.Toolset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The tools reference (docs/tools.md) is the catalog's: this fails when its generated table drifts, and says how to
 * regenerate it; and the README names every toolset there is and links the reference.
 */
class ToolsDocTest {

  static final String REGENERATE = "./mvnw -q -o -pl modules/app -am test -Dtest=ToolsDocTest "
    + "-Dsurefire.failIfNoSpecifiedTests=false -Dreviewgate.updateToolsDoc=true";

  private static final Path TOP = Path.of("").toAbsolutePath().resolve("../..").normalize();

  @Test
  void theToolsReferenceTableMatchesTheCatalog() throws Exception {
    Path doc = TOP.resolve("docs/tools.md");
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    int begin = text.indexOf(ToolTable.BEGIN);
    int end = text.indexOf(ToolTable.END);
    assertThat(begin).as("docs/tools.md has the tools:begin marker").isNotNegative();
    assertThat(end).as("docs/tools.md has the tools:end marker after tools:begin").isGreaterThan(begin);
    String current = text.substring(begin, end + ToolTable.END.length() + 1);
    String expected = ToolTable.markdown(ToolCatalog.standard());
    if (Boolean.getBoolean("reviewgate.updateToolsDoc")) {
      Files.writeString(doc, text.substring(0, begin) + expected + text.substring(end + ToolTable.END.length() + 1), StandardCharsets.UTF_8);
      return;
    }
    assertThat(current).as("docs/tools.md's tool table differs from the catalog; regenerate it with:\n  " + REGENERATE + "\n")
      .isEqualTo(expected);
  }

  @Test
  void theReadmeLinksTheReferenceAndItsForgesSectionNamesEveryForge() throws Exception {
    String readme = Files.readString(TOP.resolve("README.md"), StandardCharsets.UTF_8);
    assertThat(readme).contains("(docs/tools.md)");
    int start = readme.indexOf("\n## Forges\n");
    assertThat(start).as("README.md has a Forges section").isNotNegative();
    int next = readme.indexOf("\n## ", start + 1);
    String forges = readme.substring(start, next < 0 ? readme.length() : next);
    for (Toolset set : ToolCatalog.standard().toolsets()) {
      if (!Set.of("git", "review", "diff", "threads").contains(set.name())) {
        // A forge's toolset is named after it ("github", "gitlab"), Azure DevOps's excepted.
        String forge = set.name().equals("ado") ? "Azure DevOps" : set.name();
        assertThat(forges).as("README.md's Forges section names the forge of toolset " + set.name()).containsIgnoringCase(forge);
      }
    }
  }
}
