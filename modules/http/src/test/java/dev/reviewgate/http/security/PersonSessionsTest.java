package dev.reviewgate.http.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The person's sessions honour their bounds: http.personSessionMs, http.maxPersonSessions, http.maxUsedLoginCodes. */
class PersonSessionsTest {

  private static final String SECRET = "the-user-secret";

  /** A clock the test moves. */
  private static final class MovingClock extends Clock {
    private Instant now = Instant.parse("2026-12-01T10:00:00Z");

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @Test
  void aSessionLastsItsConfiguredLifetime() {
    MovingClock clock = new MovingClock();
    PersonSessions sessions = new PersonSessions(SECRET, clock, new PersonSessions.Limits(Duration.ofMinutes(30), 8, 8));
    String session = sessions.login(LoginCode.mint(SECRET, clock.instant())).orElseThrow();
    assertThat(sessions.lifetime()).isEqualTo(Duration.ofMinutes(30));
    clock.now = clock.now.plus(Duration.ofMinutes(29));
    assertThat(sessions.valid(session)).isTrue();
    clock.now = clock.now.plus(Duration.ofMinutes(1));
    assertThat(sessions.valid(session)).as("expired at the configured lifetime").isFalse();
  }

  @Test
  void beyondMaxSessionsTheOldestEnds() {
    MovingClock clock = new MovingClock();
    PersonSessions sessions = new PersonSessions(SECRET, clock, new PersonSessions.Limits(Duration.ofHours(1), 2, 8));
    String first = sessions.login(LoginCode.mint(SECRET, clock.instant())).orElseThrow();
    String second = sessions.login(LoginCode.mint(SECRET, clock.instant())).orElseThrow();
    String third = sessions.login(LoginCode.mint(SECRET, clock.instant())).orElseThrow();
    assertThat(sessions.valid(first)).isFalse();
    assertThat(sessions.valid(second)).isTrue();
    assertThat(sessions.valid(third)).isTrue();
  }

  @Test
  void whileMaxUsedCodesAreRememberedANewCodeIsRefusedUntilTheyExpire() {
    MovingClock clock = new MovingClock();
    PersonSessions sessions = new PersonSessions(SECRET, clock, new PersonSessions.Limits(Duration.ofHours(1), 8, 2));
    assertThat(sessions.login(LoginCode.mint(SECRET, clock.instant()))).isPresent();
    assertThat(sessions.login(LoginCode.mint(SECRET, clock.instant()))).isPresent();
    assertThat(sessions.login(LoginCode.mint(SECRET, clock.instant()))).as("a third while two are remembered").isEmpty();
    clock.now = clock.now.plus(LoginCode.LIFETIME);
    assertThat(sessions.login(LoginCode.mint(SECRET, clock.instant()))).as("once the used ones expired").isPresent();
  }
}
