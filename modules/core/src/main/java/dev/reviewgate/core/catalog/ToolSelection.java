package dev.reviewgate.core.catalog;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which tools an MCP front-end lists: the enabled toolsets ({@code --toolsets}, {@code mcp.toolsets}) and whether
 * only tools that write nothing are on ({@code --read-only}, {@code mcp.readOnly}, by each tool's
 * {@code readOnlyHint}). A tool outside the selection stays known: a call to it is refused with {@link #refusal},
 * which says how to turn it on. Tools of no toolset (conformance fixtures) are always on, unless read-only excludes
 * them.
 *
 * @param toolsets the enabled toolsets' names, in catalog order
 * @param readOnly only tools whose annotations say they are read-only
 */
public record ToolSelection(Set<String> toolsets, boolean readOnly) {

  /** The {@code --toolsets} value that turns every toolset on. */
  public static final String ALL = "all";
  /** The {@code --toolsets} item that stands for the toolsets chosen for the setup (e.g. {@code default,diff}). */
  public static final String DEFAULT = "default";

  public ToolSelection {
    toolsets = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(toolsets));
  }

  /** Every toolset, writing tools included: the front-ends that are not MCP, and {@code --toolsets all}. */
  public static ToolSelection everything(ToolCatalog catalog) {
    return new ToolSelection(names(catalog), false);
  }

  /**
   * Reads a {@code --toolsets} value: {@code all}, or toolset names separated by commas, where {@code default}
   * stands for {@code defaults}; blank means {@code defaults}.
   *
   * @throws IllegalArgumentException naming an unknown toolset and the known ones
   */
  public static ToolSelection parse(ToolCatalog catalog, String value, Set<String> defaults, boolean readOnly) {
    Set<String> known = names(catalog);
    Set<String> chosen = new LinkedHashSet<>();
    List<String> items = value == null || value.isBlank() ? List.of(DEFAULT) : List.of(value.split(","));
    for (String raw : items) {
      String item = raw.strip().toLowerCase(java.util.Locale.ROOT);
      if (item.equals(ALL)) {
        chosen.addAll(known);
      } else if (item.equals(DEFAULT)) {
        chosen.addAll(defaults);
      } else if (known.contains(item)) {
        chosen.add(item);
      } else if (!item.isEmpty()) {
        throw new IllegalArgumentException("mcp.toolsets (--toolsets): unknown toolset '" + raw.strip() + "'; known: "
          + String.join(", ", known) + ", or " + ALL + ", or " + DEFAULT + " (the toolsets chosen for this setup)");
      }
    }
    // In catalog order, so that listings and texts do not depend on how the value was written.
    Set<String> ordered = new LinkedHashSet<>(known);
    ordered.retainAll(chosen);
    return new ToolSelection(ordered, readOnly);
  }

  /** Whether {@code tool} is listed and callable. */
  public boolean allows(ToolCatalog catalog, Tool tool) {
    return refusal(catalog, tool).isEmpty();
  }

  /** The tools of {@code catalog} exposed to {@code frontEnd} that this selection lists, in catalog order. */
  public List<Tool> tools(ToolCatalog catalog, Exposure frontEnd) {
    return catalog.tools(frontEnd).stream().filter(tool -> allows(catalog, tool)).toList();
  }

  /** The toolsets this selection leaves off, in catalog order. */
  public List<String> off(ToolCatalog catalog) {
    List<String> off = new ArrayList<>(names(catalog));
    off.removeAll(toolsets);
    return off;
  }

  /** Why a call to {@code tool} is refused, with what turns it on; empty when it is allowed. */
  public Optional<String> refusal(ToolCatalog catalog, Tool tool) {
    if (readOnly && !tool.annotations().readOnly()) {
      return Optional.of(tool.name() + " writes, and this server runs read-only (--read-only, config mcp.readOnly, "
        + "env REVIEWGATE_READ_ONLY): ask the person to start reviewgate without it to use " + tool.name() + ".");
    }
    Optional<Toolset> set = catalog.toolsetOf(tool.name());
    if (set.isEmpty() || toolsets.contains(set.get().name())) {
      return Optional.empty();
    }
    List<String> wanted = new ArrayList<>(toolsets);
    wanted.add(set.get().name());
    return Optional.of(tool.name() + " is in toolset " + set.get().name() + ", which this server does not offer "
      + "(on: " + (toolsets.isEmpty() ? "none" : String.join(", ", toolsets)) + "). Ask the person to start reviewgate "
      + "with --toolsets " + String.join(",", wanted) + " (or set config mcp.toolsets / env REVIEWGATE_TOOLSETS).");
  }

  private static Set<String> names(ToolCatalog catalog) {
    Set<String> names = new LinkedHashSet<>();
    catalog.toolsets().forEach(set -> names.add(set.name()));
    return names;
  }
}
