package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * A review an agent asked to post on a forge ({@code confirm: true}) from a client that cannot ask its user, waiting
 * in the review store for the person's decision in the dashboard. Immutable; stored as one document so that a decision
 * survives restarts and any process sharing the store sees it.
 *
 * <p>{@code pending} until the person decides, {@code posting} while an approved draft goes to the forge, then
 * {@code posted}, {@code failed} (the forge refused it), {@code declined}, or {@code withdrawn} (the agent's call ended
 * or its task was cancelled before a decision). {@code arguments} are what is posted: the agent's, with the person's
 * edited body once approved ({@code edited}). {@code outcome} is what the agent reads ({@link
 * dev.reviewgate.core.catalog.DraftOutcome}). {@code decideBy}: after this the agent no longer listens (its held call
 * ended, or the draft's time to live passed), so the draft can no longer be approved, even if no process was left to
 * withdraw it (a SIGKILL).
 */
public record DraftApproval(String id, Instant createdAt, Instant updatedAt, String status, String tool,
                            JsonObject arguments, JsonObject draft, boolean editable, boolean edited, boolean cancelled,
                            JsonObject outcome, Instant decideBy) {

  public static final String PENDING = "pending";
  public static final String POSTING = "posting";
  public static final String POSTED = "posted";
  public static final String FAILED = "failed";
  public static final String DECLINED = "declined";
  public static final String WITHDRAWN = "withdrawn";

  private static final Pattern ID = Pattern.compile("d[0-9a-f]{32}");

  public DraftApproval {
    arguments = arguments.copy();
    draft = draft.copy();
    outcome = outcome == null ? null : outcome.copy();
  }

  static DraftApproval create(String tool, JsonObject arguments, JsonObject draft, boolean editable, Instant now,
                              Instant decideBy) {
    String id = "d" + java.util.UUID.randomUUID().toString().replace("-", "");
    return new DraftApproval(id, now, now, PENDING, tool, arguments, draft, editable, false, false, null, decideBy);
  }

  public boolean pending() {
    return PENDING.equals(status);
  }

  /** Pending, and its agent still listens: the person may decide it now. */
  public boolean decidable(Instant now) {
    return pending() && now.isBefore(decideBy);
  }

  /** Decided, posted or not: the agent's call or task can end with {@link #outcome}. */
  public boolean ended() {
    return outcome != null;
  }

  DraftApproval posting(JsonObject approvedArguments, boolean editedBody, Instant now) {
    return new DraftApproval(id, createdAt, now, POSTING, tool, approvedArguments, draft, editable, editedBody, false, null,
      decideBy);
  }

  /** Ends the draft with {@code newStatus} and what the agent reads; {@code byCancel}: the agent's task was cancelled. */
  DraftApproval ended(String newStatus, JsonObject newOutcome, boolean byCancel, Instant now) {
    return new DraftApproval(id, createdAt, now, newStatus, tool, arguments, draft, editable, edited, byCancel, newOutcome,
      decideBy);
  }

  /** The id of the durable task that reports this draft to the agent. */
  public String taskId() {
    return Addresses.DRAFT_TASK_PREFIX + id;
  }

  /** The draft named by a task id, or null when it is not a draft's task id. */
  public static String ofTask(String taskId) {
    if (taskId == null || !taskId.startsWith(Addresses.DRAFT_TASK_PREFIX)) {
      return null;
    }
    String id = taskId.substring(Addresses.DRAFT_TASK_PREFIX.length());
    return isId(id) ? id : null;
  }

  public static boolean isId(String id) {
    return id != null && ID.matcher(id).matches();
  }

  JsonObject toJson() {
    return new JsonObject().put("id", id).put("created_at", createdAt.toString()).put("updated_at", updatedAt.toString())
      .put("status", status).put("tool", tool).put("arguments", arguments).put("draft", draft).put("editable", editable)
      .put("edited", edited).put("cancelled", cancelled).put("outcome", outcome).put("decide_by", decideBy.toString());
  }

  static DraftApproval fromJson(JsonObject json) {
    return new DraftApproval(json.getString("id"), Instant.parse(json.getString("created_at")),
      Instant.parse(json.getString("updated_at")), json.getString("status"), json.getString("tool"),
      json.getJsonObject("arguments"), json.getJsonObject("draft"), json.getBoolean("editable", false),
      json.getBoolean("edited", false), json.getBoolean("cancelled", false), json.getJsonObject("outcome"),
      Instant.parse(json.getString("decide_by")));
  }
}
