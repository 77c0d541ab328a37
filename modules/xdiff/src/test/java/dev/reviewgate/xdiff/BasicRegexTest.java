package dev.reviewgate.xdiff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BasicRegexTest {

  @Test
  void operatorsAreEscapedAndBareCharactersAreLiterals() {
    assertThat(BasicRegex.toExtended("^\\(sub\\|def\\) \\([a-z]*\\)(+)")).isEqualTo("^(sub|def) ([a-z]*)\\(\\+\\)");
    assertThat(BasicRegex.toExtended("a\\{2,3\\}b\\+c\\?|d{e}")).isEqualTo("a{2,3}b+c?\\|d\\{e\\}");
  }

  @Test
  void aStarWithNothingBeforeItAndMisplacedAnchorsAreLiterals() {
    assertThat(BasicRegex.toExtended("*x")).isEqualTo("\\*x");
    assertThat(BasicRegex.toExtended("^*x")).isEqualTo("^\\*x");
    assertThat(BasicRegex.toExtended("\\(*a\\)")).isEqualTo("(\\*a)");
    assertThat(BasicRegex.toExtended("a^b$c$")).isEqualTo("a\\^b\\$c$");
  }

  @Test
  void bracketsKeepTheirMembersAndABackslashInsideIsItself() {
    assertThat(BasicRegex.toExtended("[]a\\[:alpha:]]x")).isEqualTo("[\\]a\\\\[:alpha:]]x");
    assertThat(BasicRegex.toExtended("[^]a]")).isEqualTo("[^\\]a]");
    assertThat(BasicRegex.toExtended("\\<word\\>\\.")).isEqualTo("\\bword\\b\\.");
  }

  @Test
  void backReferencesAndUnclosedBracketsHaveNoExtendedForm() {
    assertThatThrownBy(() -> BasicRegex.toExtended("\\(a\\)\\1")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BasicRegex.toExtended("[abc")).isInstanceOf(IllegalArgumentException.class);
    assertThat(RepoDiffConfig.extended("ok\n\\(a\\)\\1")).as("refused as a whole").isEqualTo("\\1");
    assertThat(RepoDiffConfig.extended("!^#\n^\\(x\\)")).isEqualTo("!^#\n^(x)");
  }
}
