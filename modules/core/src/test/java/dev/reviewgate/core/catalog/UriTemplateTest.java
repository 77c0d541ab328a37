package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UriTemplateTest {

  @Test
  void aVariableIsOneSegmentUnlessItSpansSlashes() {
    UriTemplate file = UriTemplate.parse("git://{repo}/file/{rev}/{path}", Set.of("path"));
    assertThat(file.variables()).containsExactly("repo", "rev", "path");
    assertThat(file.match("git://r/file/main/src/a/b.txt")).contains(Map.of("repo", "r", "rev", "main", "path", "src/a/b.txt"));
    assertThat(file.match("git://r/file/main")).isEmpty();
    assertThat(UriTemplate.parse("git://{repo}/file/{rev}/{path}", Set.of()).match("git://r/file/main/src/a.txt")).isEmpty();
  }

  @Test
  void eachVariableTakesTheShortestTextThatLetsTheRestMatch() {
    UriTemplate diff = UriTemplate.parse("git://{repo}/diff/{base}..{head}", Set.of());
    assertThat(diff.match("git://r/diff/v1.0..v1.1")).contains(Map.of("repo", "r", "base", "v1.0", "head", "v1.1"));
    assertThat(diff.match("git://r/diff/a..b..c")).contains(Map.of("repo", "r", "base", "a", "head", "b..c"));
    assertThat(diff.match("git://r/diff/a...b")).contains(Map.of("repo", "r", "base", "a", "head", ".b"));
    assertThat(diff.match("git://r/diff/ab")).isEmpty();
    assertThat(diff.match("xgit://r/diff/a..b")).as("literals are literal, anchored").isEmpty();
  }

  @Test
  void messagesShowTheSchemeAndAnExample() {
    UriTemplate diff = UriTemplate.parse("git://{repo}/diff/{base}..{head}", Set.of());
    assertThat(diff.scheme()).isEqualTo("git://");
    assertThat(diff.example()).isEqualTo("git://REPO/diff/BASE..HEAD");
    assertThat(UriTemplate.parse("notes/{id}", Set.of()).scheme()).isEqualTo("notes/{id}");
  }

  @Test
  void onlySimpleSeparatedExpressions() {
    assertThatThrownBy(() -> UriTemplate.parse("git://{+path}", Set.of())).hasMessageContaining("{+path} is not a simple {name}");
    assertThatThrownBy(() -> UriTemplate.parse("git://{a}{b}", Set.of())).hasMessageContaining("{b} needs literal text before it");
    assertThatThrownBy(() -> UriTemplate.parse("git://{a}/{a}", Set.of())).hasMessageContaining("{a} stands twice");
    assertThatThrownBy(() -> UriTemplate.parse("git://{a}/b}", Set.of())).hasMessageContaining("unbalanced");
  }

  @Test
  void percentDecodingIsUtf8AndLeavesPlusAndBadEscapes() {
    assertThat(UriTemplate.decode("release%2F2")).isEqualTo("release/2");
    assertThat(UriTemplate.decode("%C3%A9t%C3%A9+x")).isEqualTo("été+x");
    assertThat(UriTemplate.decode("50%")).isEqualTo("50%");
    assertThat(UriTemplate.decode("%zz%2")).isEqualTo("%zz%2");
  }

  @Test
  void charactersOutsideTheBmpSurviveNextToEscapes() {
    // An emoji is two UTF-16 chars; encoded one char at a time each half became '?'.
    assertThat(UriTemplate.decode("notes/\uD83D\uDE80%20launch")).isEqualTo("notes/\uD83D\uDE80 launch");
    assertThat(UriTemplate.decode("%F0%9F%9A%80\uD83D\uDE80")).isEqualTo("\uD83D\uDE80\uD83D\uDE80");
    assertThat(UriTemplate.decode("\uD83D\uDE80%")).isEqualTo("\uD83D\uDE80%");
  }
}
