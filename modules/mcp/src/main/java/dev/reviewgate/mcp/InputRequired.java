package dev.reviewgate.mcp;

import io.vertx.core.json.JsonObject;

/**
 * The answer "ask the client first" (SEP-2322): the request ends with an {@code input_required} result naming the
 * inputs it still needs and a signed {@code requestState}; the client retries with {@code inputResponses}. Raised
 * by {@link RequestContext#ask} in the 2026-07-28 era and turned into the result by {@link McpConnection}, for any
 * method that may ask (tools/call, prompts/get, resources/read). No stack trace: it is an expected outcome.
 */
final class InputRequired extends RuntimeException {

  private final transient JsonObject inputRequests;
  private final String requestState;

  InputRequired(JsonObject inputRequests, String requestState) {
    super("input required: " + inputRequests.fieldNames(), null, false, false);
    this.inputRequests = inputRequests;
    this.requestState = requestState;
  }

  JsonObject toResult() {
    JsonObject result = new JsonObject().put("resultType", "input_required").put("inputRequests", inputRequests.copy());
    if (requestState != null) {
      result.put("requestState", requestState);
    }
    return result;
  }
}
