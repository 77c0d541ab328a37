package dev.reviewgate.app;

import dev.reviewgate.core.security.UserSecret;
import dev.reviewgate.http.security.LoginCode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Credentials of the test processes, as a user of this machine holds them: the per-user secret of the tests' state
 * directory (surefire and failsafe set {@code REVIEWGATE_STATE_DIR} under target/; test processes inherit it), the
 * bearer token derived from it, and the person's session cookie got through a one-time login link.
 */
final class SignIn {

  private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  private SignIn() {
  }

  /** Where the test processes keep their secret and dashboard registry. */
  static Path stateDirectory() {
    String configured = System.getenv(UserSecret.STATE_DIR_ENV);
    return configured != null && !configured.isBlank() ? Path.of(configured)
      : Path.of("target", "reviewgate-state").toAbsolutePath();
  }

  /** The token every door but /health asks for (the output of {@code reviewgate token}). */
  static String token() {
    return UserSecret.readOrCreate(stateDirectory());
  }

  /** {@code Authorization} header value for HTTP MCP and the bridges. */
  static String bearer() {
    return "Bearer " + token();
  }

  /** A fresh one-time login link for the dashboard on {@code port}, as {@code reviewgate open --print} makes one. */
  static String loginUrl(int port, String reviewId) {
    return "http://127.0.0.1:" + port + "/login?code=" + LoginCode.mint(token(), Instant.now())
      + (reviewId == null ? "" : "&review=" + reviewId);
  }

  /** Visits {@code loginUrl} and returns the session cookie it sets, as {@code name=value}. */
  static String cookie(String loginUrl) throws Exception {
    HttpResponse<String> login = HTTP.send(HttpRequest.newBuilder(URI.create(loginUrl)).build(),
      HttpResponse.BodyHandlers.ofString());
    String setCookie = login.headers().firstValue("Set-Cookie")
      .orElseThrow(() -> new IllegalStateException("login refused (" + login.statusCode() + "): " + login.body()));
    return setCookie.substring(0, setCookie.indexOf(';'));
  }

  /** The person's session cookie on the dashboard at {@code port}. */
  static String personCookie(int port) throws Exception {
    return cookie(loginUrl(port, null));
  }
}
