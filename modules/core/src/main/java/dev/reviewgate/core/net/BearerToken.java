package dev.reviewgate.core.net;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The configured bearer token. Compared through SHA-256 digests with {@link MessageDigest#isEqual}, so the time
 * taken reveals neither the token's length nor how many leading characters a guess got right.
 */
public final class BearerToken {

  /**
   * Each digest from a clone of one digester made once: every request on {@code /mcp} checks the token, and asking
   * the security providers for an instance each time cost more than the digest itself.
   */
  private static final MessageDigest SHA256 = newSha256();

  private final byte[] digest;

  public BearerToken(String token) {
    this.digest = sha256(token);
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
    return candidate != null && MessageDigest.isEqual(digest, sha256(candidate));
  }

  private static byte[] sha256(String value) {
    MessageDigest digest;
    try {
      digest = (MessageDigest) SHA256.clone();
    } catch (CloneNotSupportedException e) {
      digest = newSha256();
    }
    return digest.digest(value.getBytes(StandardCharsets.UTF_8));
  }

  private static MessageDigest newSha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
