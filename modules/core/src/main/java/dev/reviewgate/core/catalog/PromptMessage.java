package dev.reviewgate.core.catalog;

/**
 * One message of a prompt: either {@code text} or, when {@code resourceUri} is set, the prompt tool's reply
 * embedded as a resource of that URI and {@code mimeType}. Texts and the URI may hold {@code {argument}}
 * placeholders.
 */
public record PromptMessage(String role, String text, String resourceUri, String mimeType) {

  public boolean embedsReply() {
    return resourceUri != null;
  }
}
