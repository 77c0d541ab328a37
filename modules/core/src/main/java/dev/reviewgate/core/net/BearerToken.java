package dev.reviewgate.core.net;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The configured bearer token, compared with {@link MessageDigest#isEqual} with the token first: its time depends on
 * the token's length only, never on the guess's length or how many leading characters it got right.
 */
public final class BearerToken {

  private final byte[] token;

  public BearerToken(String token) {
    this.token = token.getBytes(StandardCharsets.UTF_8);
  }

  /** True when the {@code Authorization} header value is {@code Bearer <the token>}. */
  public boolean matchesHeader(String authorization) {
    if (authorization == null || authorization.length() < 7
      || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    return matches(authorization.substring(7).trim());
  }

  public boolean matches(String candidate) {
    return candidate != null && token.length > 0
      && MessageDigest.isEqual(token, candidate.getBytes(StandardCharsets.UTF_8));
  }
}
