package dev.reviewgate.mcp;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import dev.reviewgate.core.catalog.Toolset;

/**
 * What {@code initialize} and {@code server/discover} tell an agent before it reads a tool: which toolset serves
 * which job (and which are on here), the review loop, and how diffs are shaped. The shaping options are explained
 * here once, so each diff tool's schema can name them tersely.
 */
final class Instructions {

  private Instructions() {
  }

  static String of(ToolCatalog catalog, ToolSelection selection) {
    StringBuilder text = new StringBuilder("reviewgate serves git history, diffs and code review. Toolsets:");
    for (Toolset set : catalog.toolsets()) {
      text.append("\n- ").append(set.name()).append(selection.toolsets().contains(set.name()) ? " (on): " : " (off): ")
        .append(set.description());
    }
    text.append("\nA tool that is off says how to turn it on.");
    if (selection.readOnly()) {
      text.append(" Read-only: tools that write are off.");
    }
    return text.append("""

      Review loop: commit, call review_request, tell the person the review id and to run `reviewgate open <id>` \
      (the first progress message names both); act on each feedback as its instructions say, then review_update \
      wait_for_feedback until the review is completed. Do not edit files while waiting.
      Diffs: look first with git_diff_stat or git_changed_files, then diff the files you need. Diff tools shape \
      with files (exact paths), include/exclude (globs), files_only, format (unified, side_by_side, json, stat), \
      context_lines, skip/top (next_skip pages), max_lines_per_file, max_bytes, token_budget, markers. Results \
      have summary and warnings; what a cap left out is in cut, with fetch arguments that return it whole. repo \
      defaults to the served repository; forge owner/repo/project to the configuration or origin remote.""").toString();
  }
}
