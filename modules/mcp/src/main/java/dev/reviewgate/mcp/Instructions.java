package dev.reviewgate.mcp;

import dev.reviewgate.core.catalog.AgentGuide;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.catalog.ToolSelection;
import dev.reviewgate.core.catalog.Toolset;

/**
 * What {@code initialize} and {@code server/discover} tell an agent before it reads a tool: which toolset serves
 * which job (and which are on here), then the catalog's guidance (the review loop, how diffs are shaped: the shaping
 * options are explained there once, so each diff tool's schema can name them tersely). The words are the catalog's
 * ({@link AgentGuide}); this only assembles them.
 */
final class Instructions {

  private Instructions() {
  }

  static String of(ToolCatalog catalog, ToolSelection selection) {
    AgentGuide guide = catalog.guide();
    StringBuilder text = new StringBuilder(guide.opening());
    for (Toolset set : catalog.toolsets()) {
      text.append("\n- ").append(set.name()).append(selection.toolsets().contains(set.name()) ? " (on): " : " (off): ")
        .append(set.description());
    }
    text.append("\n").append(guide.afterToolsets());
    if (selection.readOnly()) {
      text.append(guide.readOnly());
    }
    guide.guidance().forEach(line -> text.append("\n").append(line));
    return text.toString();
  }
}
