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

  public JsonObject toJson() {
    return new JsonObject()
      .put("readOnlyHint", readOnly)
      .put("destructiveHint", destructive)
      .put("idempotentHint", idempotent)
      .put("openWorldHint", openWorld);
  }
}
