package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNamesTest {

  private static final List<String> TOOLS = ToolCatalog.standard().tools().stream().map(Tool::name).toList();

  @Test
  void aMistypedToolNameFindsTheToolsItWasMeantToBe() {
    assertThat(NearestNames.to("git_dif", TOOLS)).startsWith("git_diff");
    assertThat(NearestNames.to("gti_log", TOOLS)).containsExactly("git_log");
    assertThat(NearestNames.to("GIT_DIFF_STATS", TOOLS)).startsWith("git_diff_stat");
    assertThat(NearestNames.to("review_requets", TOOLS)).startsWith("review_request");
  }

  @Test
  void aPartOfTheNameFindsTheNamesHoldingIt() {
    assertThat(NearestNames.to("diff_stat", TOOLS)).containsExactly("git_diff_stat");
    assertThat(NearestNames.to("show_file", TOOLS)).containsExactly("git_show_file");
  }

  @Test
  void nothingNearGivesNoSuggestionAndAtMostThreeAreOffered() {
    assertThat(NearestNames.to("rm_rf", TOOLS)).isEmpty();
    assertThat(NearestNames.suggestion("rm_rf", TOOLS)).isEmpty();
    assertThat(NearestNames.to("x".repeat(10_000), TOOLS)).isEmpty();
    assertThat(NearestNames.to("", TOOLS)).isEmpty();
    assertThat(NearestNames.to("git", TOOLS)).hasSizeLessThanOrEqualTo(NearestNames.MOST);
    assertThat(NearestNames.suggestion("git_dif", TOOLS)).startsWith(" Did you mean git_diff").endsWith("?");
  }

  @Test
  void distanceCountsASwapOfNeighboursOnce() {
    assertThat(NearestNames.distance("gti", "git")).isEqualTo(1);
    assertThat(NearestNames.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(NearestNames.distance("", "abc")).isEqualTo(3);
  }
}
