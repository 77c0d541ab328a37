package dev.reviewgate.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ToolSelectionTest {

  private final ToolCatalog catalog = ToolCatalog.standard();

  @Test
  void blankMeansTheSetupsDefaultsAndDefaultCanBeExtended() {
    assertThat(ToolSelection.parse(catalog, "", Set.of("git", "review"), false).toolsets()).containsExactly("git", "review");
    assertThat(ToolSelection.parse(catalog, " Diff , default", Set.of("review", "git"), false).toolsets())
      .as("catalog order, whatever order the value names them in").containsExactly("git", "review", "diff");
  }

  @Test
  void allTurnsOnEveryToolset() {
    ToolSelection all = ToolSelection.parse(catalog, "all", Set.of("git"), false);
    assertThat(all.toolsets()).containsExactlyElementsOf(catalog.toolsets().stream().map(Toolset::name).toList());
    assertThat(all.tools(catalog, Exposure.MCP)).containsExactlyElementsOf(catalog.tools(Exposure.MCP));
    assertThat(all.off(catalog)).isEmpty();
  }

  @Test
  void anUnknownToolsetIsRefusedNamingTheKnownOnes() {
    assertThatThrownBy(() -> ToolSelection.parse(catalog, "git,gitlub", Set.of(), false))
      .isInstanceOf(IllegalArgumentException.class)
      .hasMessageContaining("unknown toolset 'gitlub'").hasMessageContaining("gitlab").hasMessageContaining("all");
  }

  @Test
  void aToolOutsideTheSelectionIsRefusedSayingHowToTurnItOn() {
    ToolSelection selection = ToolSelection.parse(catalog, "git,review", Set.of(), false);
    assertThat(selection.refusal(catalog, catalog.require("git_diff"))).isEmpty();
    assertThat(selection.refusal(catalog, catalog.require("gitlab_get_merge_request")))
      .hasValueSatisfying(text -> assertThat(text).contains("toolset gitlab", "--toolsets git,review,gitlab", "mcp.toolsets"));
    assertThat(selection.tools(catalog, Exposure.MCP)).extracting(Tool::name)
      .contains("git_diff", "review_request").doesNotContain("diff_parse", "pr_review", "github_get_pull_request");
  }

  @Test
  void readOnlyLeavesOutEveryToolThatWrites() {
    ToolSelection readOnly = ToolSelection.parse(catalog, "all", Set.of(), true);
    List<Tool> listed = readOnly.tools(catalog, Exposure.MCP);
    assertThat(listed).isNotEmpty().allMatch(tool -> tool.annotations().readOnly());
    assertThat(listed).extracting(Tool::name).contains("git_diff", "pr_list_threads")
      .doesNotContain("review_request", "pr_review", "github_update_pull_request_state");
    assertThat(readOnly.refusal(catalog, catalog.require("pr_review")))
      .hasValueSatisfying(text -> assertThat(text).contains("read-only", "mcp.readOnly"));
  }
}
