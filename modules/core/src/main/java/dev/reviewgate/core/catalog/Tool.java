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
 * {@code taskSupport}: whether an MCP client that negotiated the tasks extension gets a task instead of a held call.
 * {@code confirmDraft} (null: none): with argument {@code confirm: true} the MCP front-end shows the person the draft
 * and calls the tool only if they accept; see {@link ConfirmDraft}. {@code replyContent}: which field of its reply
 * is read as text ({@link ReplyContent#NONE}: the reply is read as JSON).
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
  Set<Caller.Kind> callers,
  TaskSupport taskSupport,
  ConfirmDraft confirmDraft,
  ReplyContent replyContent) {

  public static final int MAX_DESCRIPTION = 1024;

  /**
   * What a backend answers {@code confirm: true} with: the confirmation happens in the MCP front-end, which has the
   * tool called without it once the person accepted; other callers have no way to ask the person first.
   */
  public static final String CONFIRM_NEEDS_MCP = "confirm: true is handled by the MCP front-end: the person sees the "
    + "exact draft (in the agent's client through elicitation, or in the dashboard) and it is posted only if they "
    + "approve. Over the event bus or a bridge, leave confirm out (the call posts at once) or call through MCP.";

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

  /**
   * The MCP {@code Tool} object as {@code tools/list} returns it. The output schema is the catalog's contract for
   * replies (tests hold every backend to it) but is not listed: a result's JSON names its own fields, and every
   * agent would pay for the schemas on every session (15 KB of 78 KB). Nor is the title: a model reads the name and
   * the description, and a client shows the name when there is no title; the README and {@code reviewgate tools}
   * show it.
   */
  public JsonObject toMcpJson() {
    JsonObject json = new JsonObject()
      .put("name", name)
      .put("description", description)
      .put("inputSchema", inputSchema.copy());
    if (taskSupport != TaskSupport.FORBIDDEN) {
      json.put("execution", new JsonObject().put("taskSupport", taskSupport.wire()));
    }
    JsonObject hints = annotations.toJson();
    return hints.isEmpty() ? json : json.put("annotations", hints);
  }
}
