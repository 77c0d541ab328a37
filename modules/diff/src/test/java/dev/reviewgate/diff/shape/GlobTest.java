package dev.reviewgate.diff.shape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import org.junit.jupiter.api.Test;

class GlobTest {

  @Test
  void doubleStarCrossesFoldersSingleStarDoesNot() {
    Glob g = Glob.of("src/**/*.ts");
    assertThat(g.matches("src/a.ts")).isTrue();
    assertThat(g.matches("src/x/y/a.ts")).isTrue();
    assertThat(g.matches("lib/src/a.ts")).isFalse();
    assertThat(g.matches("src/a.tsx")).isFalse();
    assertThat(Glob.of("src/*.ts").matches("src/x/a.ts")).isFalse();
    assertThat(Glob.of("docs/**").matches("docs/a/b.md")).isTrue();
  }

  @Test
  void patternsWithoutASlashAlsoMatchTheFileName() {
    assertThat(Glob.of("*.lock").matches("deep/dir/yarn.lock")).isTrue();
    assertThat(Glob.of("?.txt").matches("a/b.txt")).isTrue();
    assertThat(Glob.of("[ab].txt").matches("c.txt")).isFalse();
    assertThat(Glob.of("[!ab].txt").matches("c.txt")).isTrue();
    assertThat(Glob.of("a+b(1).txt").matches("a+b(1).txt")).isTrue();
  }

  @Test
  void anUnclosedBracketIsABadArgument() {
    assertThatThrownBy(() -> Glob.of("src/[ab.ts")).isInstanceOf(ToolException.class)
      .hasMessage("glob 'src/[ab.ts' has an unclosed '['; write a class like '[abc]', or '?' to match a literal '['");
  }

  @Test
  void generatedAndLockFilesAreRecognised() {
    assertThat(FilePriority.generated("frontend/package-lock.json")).isTrue();
    assertThat(FilePriority.generated("go.sum")).isTrue();
    assertThat(FilePriority.generated("web/vendor/lib.js")).isTrue();
    assertThat(FilePriority.generated("app/bundle.min.js")).isTrue();
    assertThat(FilePriority.generated("src/main/java/App.java")).isFalse();
    assertThat(FilePriority.generated("docs/vendors.md")).isFalse();
  }
}
