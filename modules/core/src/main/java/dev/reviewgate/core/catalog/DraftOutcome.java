package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;

/**
 * What the agent reads once the person decided on a draft review ({@code confirm: true}), the same whether they were
 * asked in the agent's client (elicitation) or in the dashboard. On the bus an outcome is {@code {"result": reply of
 * the tool, "note": text}} when the draft was posted, or {@code {"error_text": text}} when nothing was.
 */
public final class DraftOutcome {

  private DraftOutcome() {
  }

  /** The first line of the result of a posted draft. */
  public static String approved(boolean edited) {
    return edited ? "The person approved the draft after editing its body; the edited body was posted."
      : "The person approved the draft as shown; it was posted.";
  }

  /** The error text of a draft that was not posted; {@code how}: what the person (or time) did, e.g. "declined". */
  public static String notPosted(String how, JsonObject shown) {
    return "[NOT_POSTED] The person " + how + " the draft review; nothing was posted. Draft shown: " + shown.encode()
      + ". Ask them what to change, or leave it.";
  }

  public static JsonObject posted(JsonObject reply, boolean edited) {
    return new JsonObject().put("result", reply).put("note", approved(edited));
  }

  public static JsonObject notPostedOutcome(String text) {
    return new JsonObject().put("error_text", text);
  }
}
