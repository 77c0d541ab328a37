package dev.reviewgate.core.catalog;

import io.vertx.core.json.JsonObject;

/**
 * An argument of a prompt: the tool argument its value goes to, the value used when it is omitted
 * ({@code defaultValue}, only for optional arguments; null for none) and where its completions come from
 * ({@code completion}, a {@link CompletionSource} name, or null).
 */
public record PromptArgument(String name, String description, boolean required, String defaultValue, String argument,
                             String completion) implements Completable {

  /** The MCP {@code PromptArgument} object as {@code prompts/list} returns it. */
  public JsonObject toMcpJson() {
    return new JsonObject().put("name", name).put("description", description).put("required", required);
  }
}
