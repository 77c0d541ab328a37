package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;

/** MCP tool annotations: hints for clients, never guarantees. */
public record Annotations(boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {

  static Annotations fromJson(JsonObject json) {
    // Defaults are MCP's own: a tool not marked otherwise may write, destroy, repeat effects, reach the world.
    return new Annotations(
      json.getBoolean("readOnlyHint", false),
      json.getBoolean("destructiveHint", true),
      json.getBoolean("idempotentHint", false),
      json.getBoolean("openWorldHint", true));
  }

  /**
   * The hints that differ from MCP's defaults, as {@link #fromJson} reads them back: every agent pays for each byte
   * of tools/list. A read-only tool's destructive and idempotent hints mean nothing (MCP: meaningful only when
   * readOnlyHint is false), so they are left out too. A writing tool always says whether it destroys: the one hint a
   * client must not miss by not knowing the default.
   */
  public JsonObject toJson() {
    JsonObject json = new JsonObject();
    if (readOnly) {
      json.put("readOnlyHint", true);
    } else {
      json.put("destructiveHint", destructive);
      if (idempotent) {
        json.put("idempotentHint", true);
      }
    }
    if (!openWorld) {
      json.put("openWorldHint", false);
    }
    return json;
  }
}
