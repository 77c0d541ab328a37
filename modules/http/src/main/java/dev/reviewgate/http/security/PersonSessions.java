package dev.reviewgate.http.security;

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
 * response sets as an HttpOnly cookie; the id is all the browser holds (never the secret). Sessions are held by the
 * SHA-256 of their id; kept in a {@link SessionFile} ({@link #keepIn}) they outlive a restart of the server, which
 * reads them back with their expiry. Bounded ({@link Limits}): the oldest session goes
 * when {@code maxSessions} are open, and codes are refused while {@code maxUsedCodes} unexpired ones are
 * remembered. Thread-safe (server instances on several event loops may share it).
 */
public final class PersonSessions {

  /**
   * The bounds of the person's sessions.
   *
   * @param lifetime     how long a session lasts after its login ({@code http.personSessionMs})
   * @param maxSessions  sessions open at once; a new login beyond it ends the oldest ({@code http.maxPersonSessions})
   * @param maxUsedCodes used login codes remembered until they expire; a code beyond it is refused
   *                     ({@code http.maxUsedLoginCodes})
   */
  public record Limits(Duration lifetime, int maxSessions, int maxUsedCodes) {
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private final String loginKey;
  private final Clock clock;
  private final Limits limits;
  private final Map<String, Instant> usedNonces = new HashMap<>();
  /** Open sessions by the hash of their id ({@link SessionFile#hash}), oldest login first. */
  private LinkedHashMap<String, Instant> sessions = new LinkedHashMap<>();
  private SessionFile file;

  public PersonSessions(String loginKey, Clock clock, Limits limits) {
    this.loginKey = loginKey;
    this.clock = clock;
    this.limits = limits;
  }

  /** How long a session lasts after its login (its cookie's {@code Max-Age}). */
  public Duration lifetime() {
    return limits.lifetime();
  }

  /**
   * Keeps the sessions in {@code path} from now on, first taking back those a previous server left there (unexpired;
   * the newest up to {@code maxSessions}). Blocking: call it off the event loop.
   */
  public synchronized void keepIn(java.nio.file.Path path) {
    SessionFile kept = new SessionFile(path);
    LinkedHashMap<String, Instant> all = kept.read(clock.instant());
    all.putAll(sessions);
    sessions = all;
    while (sessions.size() > limits.maxSessions()) {
      sessions.remove(sessions.keySet().iterator().next());
    }
    file = kept;
  }

  /** Exchanges a login code for a new session id; empty when the code is invalid, expired or used already. */
  public synchronized Optional<String> login(String code) {
    Instant now = clock.instant();
    Optional<LoginCode.Checked> checked = LoginCode.check(loginKey, code, now);
    if (checked.isEmpty()) {
      return Optional.empty();
    }
    usedNonces.values().removeIf(expiry -> !expiry.isAfter(now));
    if (usedNonces.containsKey(checked.get().nonce()) || usedNonces.size() >= limits.maxUsedCodes()) {
      return Optional.empty();
    }
    usedNonces.put(checked.get().nonce(), checked.get().expiry());
    sessions.values().removeIf(expiry -> !expiry.isAfter(now));
    while (sessions.size() >= limits.maxSessions()) {
      sessions.remove(sessions.keySet().iterator().next());
    }
    byte[] id = new byte[32];
    RANDOM.nextBytes(id);
    String session = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
    sessions.put(SessionFile.hash(session), now.plus(limits.lifetime()));
    if (file != null) {
      file.write(sessions); // a login is rare (one per 'reviewgate open') and the file small
    }
    return Optional.of(session);
  }

  /** Whether {@code session} (a cookie's value) names an open session. */
  public synchronized boolean valid(String session) {
    if (session == null) {
      return false;
    }
    String hash = SessionFile.hash(session);
    Instant expiry = sessions.get(hash);
    if (expiry == null) {
      return false;
    }
    if (!expiry.isAfter(clock.instant())) {
      sessions.remove(hash);
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
