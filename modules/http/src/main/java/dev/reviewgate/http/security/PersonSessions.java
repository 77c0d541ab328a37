package dev.reviewgate.http.security;

import dev.reviewgate.core.security.LoginCode;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The person's sessions on one dashboard server. A login link's code ({@link LoginCode}) is accepted once: its nonce
 * is remembered until the code expires. Each accepted code opens a session, named by a random id that the login
 * response sets as an HttpOnly cookie; the id is all the browser holds (never the secret), and it lives only in this
 * process's memory, so a restarted server asks for a new login. Bounded: the oldest session goes when
 * {@link #MAX_SESSIONS} are open, and codes are refused while {@link #MAX_PENDING_NONCES} unexpired ones are
 * remembered. Thread-safe (server instances on several event loops may share it).
 */
public final class PersonSessions {

  /** How long a session lasts after its login: a working day. */
  public static final Duration SESSION_LIFETIME = Duration.ofHours(12);
  static final int MAX_SESSIONS = 256;
  static final int MAX_PENDING_NONCES = 4096;

  private static final SecureRandom RANDOM = new SecureRandom();

  private final String loginKey;
  private final Clock clock;
  private final Map<String, Instant> usedNonces = new HashMap<>();
  private final LinkedHashMap<String, Instant> sessions = new LinkedHashMap<>();

  public PersonSessions(String loginKey, Clock clock) {
    this.loginKey = loginKey;
    this.clock = clock;
  }

  /** Exchanges a login code for a new session id; empty when the code is invalid, expired or used already. */
  public synchronized Optional<String> login(String code) {
    Instant now = clock.instant();
    Optional<LoginCode.Checked> checked = LoginCode.check(loginKey, code, now);
    if (checked.isEmpty()) {
      return Optional.empty();
    }
    usedNonces.values().removeIf(expiry -> !expiry.isAfter(now));
    if (usedNonces.containsKey(checked.get().nonce()) || usedNonces.size() >= MAX_PENDING_NONCES) {
      return Optional.empty();
    }
    usedNonces.put(checked.get().nonce(), checked.get().expiry());
    sessions.values().removeIf(expiry -> !expiry.isAfter(now));
    while (sessions.size() >= MAX_SESSIONS) {
      sessions.remove(sessions.keySet().iterator().next());
    }
    byte[] id = new byte[32];
    RANDOM.nextBytes(id);
    String session = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
    sessions.put(session, now.plus(SESSION_LIFETIME));
    return Optional.of(session);
  }

  /** Whether {@code session} (a cookie's value) names an open session. */
  public synchronized boolean valid(String session) {
    if (session == null) {
      return false;
    }
    Instant expiry = sessions.get(session);
    if (expiry == null) {
      return false;
    }
    if (!expiry.isAfter(clock.instant())) {
      sessions.remove(session);
      return false;
    }
    return true;
  }

  /**
   * The cookie that carries a session on the server that received {@code request}, named after the port it listens
   * on: cookies ignore ports, so two dashboards on one host would otherwise overwrite each other's.
   */
  public static String cookieName(io.vertx.core.http.HttpServerRequest request) {
    return "reviewgate_session_" + (request.localAddress() == null ? 0 : request.localAddress().port());
  }
}
