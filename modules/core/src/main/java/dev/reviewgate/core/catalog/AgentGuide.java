package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * What the catalog tells an agent besides each tool's own description ({@code index.json}'s {@code guide}), in the
 * catalog because it names tools and arguments: a front-end only assembles it. Absent in a catalog: all empty.
 *
 * @param opening         the first line of the instructions, before one line per toolset
 * @param afterToolsets   what follows the toolsets
 * @param readOnly        added after {@code afterToolsets} when the tools that write are off
 * @param guidance        the instructions' last lines: how the tools work together
 * @param waitEndedByEndOfInput the error of a call that waited for a person when the client's input ended
 */
public record AgentGuide(String opening, String afterToolsets, String readOnly, List<String> guidance,
                         String waitEndedByEndOfInput) {

  public AgentGuide {
    guidance = List.copyOf(guidance);
  }

  static AgentGuide from(JsonObject guide) {
    JsonObject json = guide == null ? new JsonObject() : guide;
    return new AgentGuide(json.getString("opening", ""), json.getString("afterToolsets", ""),
      json.getString("readOnly", ""), json.getJsonArray("guidance", new io.vertx.core.json.JsonArray()).stream()
        .map(String::valueOf).toList(), json.getString("waitEndedByEndOfInput", ""));
  }
}
