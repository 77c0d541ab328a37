package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;
import java.util.Set;

/**
 * One operation of reviewgate: how models see it (name, title, description, schemas, annotations), where it is
 * served (the event-bus address) and who may call it. {@code waitsForPerson}: a call may block until a person acts
 * (catalog key {@code waitsForPerson}); a front-end whose caller is gone (stdio end of input) ends such calls at once.
 */
public record Tool(
  String name,
  String address,
  String title,
  String description,
  JsonObject inputSchema,
  JsonObject outputSchema,
  Annotations annotations,
  Set<Exposure> exposure,
  boolean waitsForPerson) {

  public static final int MAX_DESCRIPTION = 1024;

  public boolean exposedTo(Exposure frontEnd) {
    return exposure.contains(frontEnd);
  }

  /** The MCP {@code Tool} object as {@code tools/list} returns it. */
  public JsonObject toMcpJson() {
    JsonObject json = new JsonObject()
      .put("name", name)
      .put("title", title)
      .put("description", description)
      .put("inputSchema", inputSchema.copy());
    if (outputSchema != null) {
      json.put("outputSchema", outputSchema.copy());
    }
    return json.put("annotations", annotations.toJson().put("title", title));
  }
}
