package dev.reviewgate.mcp.transport;

import dev.reviewgate.mcp.JsonRpc;
import dev.reviewgate.mcp.ToolResults;
import io.vertx.core.json.JsonObject;

/**
 * What a transport sends instead of a message longer than it may write ({@code mcp.maxReplyBytes}): for a tool's
 * result, an error result saying how to ask for less; for another response, an error response; a notification is
 * dropped (nothing waits for it).
 */
final class TooLong {

  private TooLong() {
  }

  static JsonObject instead(JsonObject message, long maxBytes) {
    Object id = message.getValue("id");
    String said = "the reply is longer than mcp.maxReplyBytes (" + maxBytes + " bytes), the longest line this server "
      + "writes (a client closes the connection on a line over its own limit), so it was not sent";
    if (message.getValue("result") instanceof JsonObject result && result.containsKey("content")) {
      return new JsonObject().put("jsonrpc", "2.0").put("id", id).put("result", ToolResults.error("[TOO_LARGE] " + said
        + ". Ask for less: a smaller budget (a tool's reply is cut to its budget and says how to go on), fewer "
        + "files or paths, or fewer entries per page."));
    }
    if (id == null) {
      return new JsonObject().put("jsonrpc", "2.0").put("method", "notifications/message").put("params",
        new JsonObject().put("level", "warning").put("logger", "reviewgate").put("data", "a notification was dropped: " + said));
    }
    return JsonRpc.error(id, JsonRpc.INTERNAL_ERROR, "Internal error: " + said + ".", null);
  }
}
