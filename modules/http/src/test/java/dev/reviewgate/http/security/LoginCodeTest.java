package dev.reviewgate.http.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class LoginCodeTest {

  private static final String SECRET = "the-user-secret";

  @Test
  void aCodeChecksWithItsSecretUntilItExpiresAndCarriesNoSecret() {
    Instant now = Instant.parse("2026-11-25T10:00:00Z");
    String code = LoginCode.mint(SECRET, now);
    assertThat(code).doesNotContain(SECRET).matches("\\d+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    LoginCode.Checked checked = LoginCode.check(SECRET, code, now.plusSeconds(60)).orElseThrow();
    assertThat(checked.expiry()).isEqualTo(now.plus(LoginCode.LIFETIME));
    assertThat(LoginCode.check(SECRET, code, now.plus(LoginCode.LIFETIME))).as("expired").isEmpty();
    assertThat(LoginCode.check("another secret", code, now)).isEmpty();
    assertThat(LoginCode.mint(SECRET, now)).as("a new nonce each time").isNotEqualTo(code);
  }

  @Test
  void tamperedOrMalformedCodesFail() {
    Instant now = Instant.now();
    String code = LoginCode.mint(SECRET, now);
    String[] parts = code.split("\\.");
    long later = Long.parseLong(parts[0]) + 3600;
    assertThat(LoginCode.check(SECRET, later + "." + parts[1] + "." + parts[2], now)).as("extended expiry").isEmpty();
    assertThat(LoginCode.check(SECRET, parts[0] + ".other." + parts[2], now)).as("another nonce").isEmpty();
    for (String bad : new String[] {null, "", "...", "x.y.z", "1.2", "1." + "a".repeat(300) + ".b", parts[0] + "." + parts[1] + ".%%"}) {
      assertThat(LoginCode.check(SECRET, bad, now)).as(String.valueOf(bad)).isEmpty();
    }
  }
}
