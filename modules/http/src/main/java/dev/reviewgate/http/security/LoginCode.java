package dev.reviewgate.http.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The one-time code in a login link ({@code reviewgate open}): {@code <expiry>.<nonce>.<mac>}, the MAC an HMAC-SHA256
 * keyed by the per-user secret ({@link dev.reviewgate.core.security.UserSecret}) over the expiry (epoch seconds) and
 * a random nonce. The {@code open} process mints it; the dashboard's server, which reads the same secret, checks it
 * ({@link PersonSessions}), and remembers the nonce until the expiry so that the code serves once. Nothing in a code
 * reveals the secret. It lives with the sessions and the login route, where the person's login is served.
 */
public final class LoginCode {

  /** How long a minted code stays valid. */
  public static final Duration LIFETIME = Duration.ofMinutes(2);

  private static final String ALGORITHM = "HmacSHA256";
  private static final String CONTEXT = "reviewgate-login\n";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

  /** A code that passed the check: its nonce (to be used once) and when it expires. */
  public record Checked(String nonce, Instant expiry) {
  }

  private LoginCode() {
  }

  /** A fresh code valid for {@link #LIFETIME} from {@code now}. */
  public static String mint(String secret, Instant now) {
    byte[] nonce = new byte[16];
    RANDOM.nextBytes(nonce);
    String payload = now.plus(LIFETIME).getEpochSecond() + "." + ENCODER.encodeToString(nonce);
    return payload + "." + ENCODER.encodeToString(mac(secret, payload));
  }

  /**
   * The code's nonce and expiry when its MAC is the secret's and it has not expired (nor claims a lifetime longer
   * than {@link #LIFETIME}); empty otherwise. Whether the nonce was used already is the caller's to check.
   */
  public static Optional<Checked> check(String secret, String code, Instant now) {
    if (code == null || code.length() > 200) {
      return Optional.empty();
    }
    int last = code.lastIndexOf('.');
    int first = code.indexOf('.');
    if (first <= 0 || last <= first) {
      return Optional.empty();
    }
    String payload = code.substring(0, last);
    byte[] presented;
    long expiry;
    try {
      presented = Base64.getUrlDecoder().decode(code.substring(last + 1));
      expiry = Long.parseLong(code.substring(0, first));
    } catch (IllegalArgumentException malformed) {
      return Optional.empty();
    }
    if (!MessageDigest.isEqual(presented, mac(secret, payload))) {
      return Optional.empty();
    }
    Instant expires = Instant.ofEpochSecond(expiry);
    if (!expires.isAfter(now) || expires.isAfter(now.plus(LIFETIME).plusSeconds(5))) {
      return Optional.empty();
    }
    return Optional.of(new Checked(code.substring(first + 1, last), expires));
  }

  private static byte[] mac(String secret, String payload) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
      return mac.doFinal((CONTEXT + payload).getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is required by every Java platform", e);
    }
  }
}
