package dev.reviewgate.forge.http;

import dev.reviewgate.core.ToolException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;

/**
 * What a forge's failed answer (after retries) is to the caller: 401 and 403 a refusal with the forge's advice on
 * the token, 404 the caller's own words on what to check, 400 and 422 bad input, 409 a conflict, anything else an
 * upstream error; each with what the forge said, when it said something.
 */
public final class ForgeFailures {

  /** The longest error body read for the forge's words; a larger one is not an error message. */
  private static final int MAX_ERROR_BODY = 64 * 1024;

  private ForgeFailures() {
  }

  /**
   * @param said        the forge's own words ({@link #said}), empty when none
   * @param notFound    the text for a 404, saying what to check
   * @param credentials for a 401: which variable to set to what
   * @param permissions for a 403: what the token needs
   */
  public static ToolException of(String forge, ForgeResponse response, String said, String notFound, String credentials,
                                 String permissions) {
    String detail = said.isEmpty() ? "" : " (" + forge + ": " + said + ")";
    String inline = said.isEmpty() ? "" : ": " + said;
    return switch (response.status()) {
      case 401 -> ToolException.notAllowed(forge + " did not accept the credentials (HTTP 401" + inline + ") for "
        + response.what() + ": " + credentials);
      case 403 -> ToolException.notAllowed(forge + " refused " + response.what() + " (HTTP 403" + inline + "); " + permissions);
      case 404 -> ToolException.notFound(notFound + detail);
      case 400, 422 -> ToolException.invalid(forge + " could not process " + response.what() + inline);
      case 409 -> ToolException.conflict(forge + " refused " + response.what() + " as a conflict" + detail);
      default -> ToolException.upstream(forge + " answered HTTP " + response.status() + " for " + response.what() + detail);
    };
  }

  /** What a JSON error body says in the first of {@code members} it has (a string, or its JSON); empty when nothing. */
  public static String said(Buffer body, String... members) {
    if (body.length() == 0 || body.getByte(0) != '{' || body.length() > MAX_ERROR_BODY) {
      return "";
    }
    try {
      JsonObject json = new JsonObject(body);
      for (String member : members) {
        Object value = json.getValue(member);
        if (value != null) {
          return value instanceof String s ? s : value.toString();
        }
      }
      return "";
    } catch (RuntimeException e) {
      return "";
    }
  }
}
