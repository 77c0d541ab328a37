package dev.reviewgate.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.catalog.ToolCatalog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's tool table is the catalog's: this fails when they drift, and says how to regenerate. */
class ReadmeToolsTest {

  static final String REGENERATE = "./mvnw -q -o -pl modules/app -am test -Dtest=ReadmeToolsTest "
    + "-Dsurefire.failIfNoSpecifiedTests=false -Dreviewgate.updateReadme=true";

  @Test
  void readmeToolTableMatchesTheCatalog() throws Exception {
    Path readme = Path.of("").toAbsolutePath().resolve("../../README.md").normalize();
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    int begin = text.indexOf(ToolTable.BEGIN);
    int end = text.indexOf(ToolTable.END);
    assertThat(begin).as("README.md has the tools:begin marker under ## Tools").isNotNegative();
    assertThat(end).as("README.md has the tools:end marker after tools:begin").isGreaterThan(begin);
    String current = text.substring(begin, end + ToolTable.END.length() + 1);
    String expected = ToolTable.markdown(ToolCatalog.standard());
    if (Boolean.getBoolean("reviewgate.updateReadme")) {
      Files.writeString(readme, text.substring(0, begin) + expected + text.substring(end + ToolTable.END.length() + 1), StandardCharsets.UTF_8);
      return;
    }
    assertThat(current).as("README.md's tool table differs from the catalog; regenerate it with:\n  " + REGENERATE + "\n")
      .isEqualTo(expected);
  }
}
