package dev.reviewgate.http.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void keptSessionsOutliveARestartWithTheirExpiryAndTheFileHoldsNoSessionId(@TempDir Path state) throws Exception {
    MovingClock clock = new MovingClock();
    PersonSessions.Limits limits = new PersonSessions.Limits(Duration.ofMinutes(30), 8, 8);
    Path file = state.resolve("person-sessions").resolve("7411.json");
    PersonSessions before = new PersonSessions(SECRET, clock, limits);
    before.keepIn(file);
    String session = before.login(LoginCode.mint(SECRET, clock.instant())).orElseThrow();

    String kept = Files.readString(file);
    assertThat(kept).doesNotContain(session).contains(SessionFile.hash(session));
    if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    clock.now = clock.now.plus(Duration.ofMinutes(20));
    PersonSessions after = new PersonSessions(SECRET, clock, limits);
    assertThat(after.valid(session)).as("not known before it reads the file").isFalse();
    after.keepIn(file);
    assertThat(after.valid(session)).as("known again after a restart").isTrue();
    assertThat(after.valid(SessionFile.hash(session))).as("the stored hash is no session id").isFalse();
    clock.now = clock.now.plus(Duration.ofMinutes(10));
    assertThat(after.valid(session)).as("with its expiry kept").isFalse();

    PersonSessions late = new PersonSessions(SECRET, clock, limits);
    late.keepIn(file);
    assertThat(late.valid(session)).as("an expired session is not taken back").isFalse();
  }

  @Test
  void anUnreadableSessionFileLeavesTheSessionsInMemory(@TempDir Path state) throws Exception {
    MovingClock clock = new MovingClock();
    Path file = state.resolve("person-sessions").resolve("7411.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "not json");
    PersonSessions sessions = new PersonSessions(SECRET, clock, new PersonSessions.Limits(Duration.ofMinutes(30), 8, 8));
    sessions.keepIn(file);
    String session = sessions.login(LoginCode.mint(SECRET, clock.instant())).orElseThrow();
    assertThat(sessions.valid(session)).isTrue();
    assertThat(Files.readString(file)).as("replaced by a good file").contains(SessionFile.hash(session));
  }
}
