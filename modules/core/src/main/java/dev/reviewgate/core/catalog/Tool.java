package dev.reviewgate.core.catalog;

import dev.reviewgate.core.security.Caller;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/**
 * One operation of reviewgate: how models see it (name, title, description, schemas, annotations), where it is
 * served (the event-bus address) and who may call it. {@code waitsForPerson}: a call may block until a person acts
 * (catalog key {@code waitsForPerson}); a front-end whose caller is gone (stdio end of input) ends such calls at once.
 * {@code callers}: the kinds of caller that may call it (catalog key {@code callers}, every kind when absent); a
 * service credential's {@code allow} list may open an agent's tool to that service, never a person's.
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
  boolean waitsForPerson,
  Set<Caller.Kind> callers) {

  public static final int MAX_DESCRIPTION = 1024;

  public boolean exposedTo(Exposure frontEnd) {
    return exposure.contains(frontEnd);
  }

  public boolean callableBy(Caller.Kind kind) {
    return callers.contains(kind);
  }

  /** Only the person may call it (comment as the person, complete a review): backends refuse anyone else. */
  public boolean personOnly() {
    return callers.equals(Set.of(Caller.Kind.PERSON));
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
