package dev.reviewgate.core.catalog;

import java.util.List;

/**
 * A group of tools an agent turns on or off as one ({@code --toolsets}, {@code mcp.toolsets}): declared in the
 * catalog's {@code index.json} under {@code toolsets}, each tool in exactly one.
 *
 * @param name        what {@code --toolsets} names, e.g. {@code git}
 * @param description one line for a model and the README: what the set is for
 * @param tools       the names of its tools, in the order tools/list shows them
 */
public record Toolset(String name, String description, List<String> tools) {

  public Toolset {
    tools = List.copyOf(tools);
  }
}
