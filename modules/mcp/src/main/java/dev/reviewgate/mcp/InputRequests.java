package dev.reviewgate.mcp;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * The requests a server may make of the client's user or model: as {@code inputRequests} entries of an
 * {@code input_required} result (2026-07-28), or sent as server-to-client requests (session era). Each is
 * {@code {method, params}}; the client capability it needs is {@link #capabilityOf}.
 */
public final class InputRequests {

  public static final String ELICITATION = "elicitation/create";
  public static final String SAMPLING = "sampling/createMessage";
  public static final String ROOTS = "roots/list";

  private InputRequests() {
  }

  /** A form for the user: {@code message} and the flat JSON Schema of the answer. */
  public static JsonObject elicitation(String message, JsonObject requestedSchema) {
    return request(ELICITATION, new JsonObject().put("message", message).put("requestedSchema", requestedSchema));
  }

  /** One user message for the client's model to answer. */
  public static JsonObject sampling(String prompt, int maxTokens) {
    JsonArray messages = new JsonArray().add(new JsonObject().put("role", "user")
      .put("content", new JsonObject().put("type", "text").put("text", prompt)));
    return request(SAMPLING, new JsonObject().put("messages", messages).put("maxTokens", maxTokens));
  }

  /** The client's roots (the folders it lets the server see). */
  public static JsonObject roots() {
    return request(ROOTS, new JsonObject());
  }

  private static JsonObject request(String method, JsonObject params) {
    return new JsonObject().put("method", method).put("params", params);
  }

  /** The client capability (a key of {@code ClientCapabilities}) an input request of {@code method} needs. */
  public static String capabilityOf(String method) {
    return switch (method) {
      case ELICITATION -> "elicitation";
      case SAMPLING -> "sampling";
      case ROOTS -> "roots";
      default -> throw new IllegalArgumentException("not an input request method: " + method);
    };
  }
}
