package dev.reviewgate.github;

import dev.reviewgate.core.ToolException;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * One answer from GitHub after retries: the status (a 304 served from the cache reads as the cached 200, with
 * {@code fromCache} set), the headers and the raw body bytes, untouched.
 *
 * @param what the request, e.g. {@code GET /repos/o/r/pulls/1}, for messages
 */
public record GitHubResponse(int status, MultiMap headers, Buffer body, boolean fromCache, String what) {

  public boolean ok() {
    return status >= 200 && status < 300;
  }

  public JsonObject json() {
    try {
      return body.length() == 0 ? new JsonObject() : new JsonObject(body);
    } catch (DecodeException | ClassCastException e) {
      throw ToolException.upstream("GitHub sent a body that is not a JSON object for " + what);
    }
  }

  public JsonArray jsonArray() {
    try {
      return new JsonArray(body);
    } catch (DecodeException | ClassCastException e) {
      throw ToolException.upstream("GitHub sent a body that is not a JSON array for " + what);
    }
  }

  /** GitHub's {@code message} field, when the body is a JSON object that has one. */
  public String message() {
    return message(body);
  }

  /** The {@code message} field of a GitHub answer's body, when it is a JSON object that has one. */
  static String message(Buffer body) {
    if (body.length() == 0 || body.getByte(0) != '{') {
      return null;
    }
    try {
      return new JsonObject(body).getString("message");
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The first {@code errors[].code}, e.g. {@code too_large}, or {@code null}. */
  public String errorCode() {
    if (body.length() == 0 || body.getByte(0) != '{') {
      return null;
    }
    try {
      JsonArray errors = new JsonObject(body).getJsonArray("errors");
      return errors == null || errors.isEmpty() || !(errors.getValue(0) instanceof JsonObject first) ? null : first.getString("code");
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** This response when it is a success; otherwise the failure a caller can act on. */
  public GitHubResponse requireOk(String subject) {
    if (ok()) {
      return this;
    }
    throw failure(subject);
  }

  /**
   * The failure for a non-success answer.
   *
   * @param subject what was asked for, in words, e.g. {@code pull request octo/repo#5}
   */
  public ToolException failure(String subject) {
    String said = message() == null ? "" : ": " + message();
    return switch (status) {
      case 401 -> ToolException.notAllowed("GitHub rejected the token (HTTP 401" + said + ") while reading " + subject
        + "; check GITHUB_TOKEN (or the variable named by github.tokenEnv)");
      case 403 -> ToolException.notAllowed("GitHub refused access to " + subject + " (HTTP 403" + said + "); a private repository needs a token (GITHUB_TOKEN) with access to it");
      case 404, 410 -> ToolException.notFound(subject + " not found on GitHub (HTTP " + status + said
        + "); check owner, repo and number — a private repository also needs a token");
      case 409 -> ToolException.conflict("GitHub reported a conflict for " + subject + " (HTTP 409" + said + ")");
      case 422 -> ToolException.invalid("GitHub could not process the request for " + subject + " (HTTP 422" + said + details() + ")");
      default -> ToolException.upstream("GitHub answered HTTP " + status + " for " + what + said);
    };
  }

  private String details() {
    try {
      JsonArray errors = body.length() > 0 && body.getByte(0) == '{' ? new JsonObject(body).getJsonArray("errors") : null;
      return errors == null || errors.isEmpty() ? "" : "; " + errors.encode();
    } catch (RuntimeException e) {
      return "";
    }
  }
}
