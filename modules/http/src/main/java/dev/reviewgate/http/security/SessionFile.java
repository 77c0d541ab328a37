package dev.reviewgate.http.security;

import dev.reviewgate.core.security.UserSecret;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The person's sessions of one dashboard kept on disk, so that a restarted server still knows them: a file readable by
 * this user only (0600, in the private state directory) holding for each session its expiry and the SHA-256 of its
 * id, never the id itself, so the file alone signs nobody in. A file that cannot be read or written costs only the
 * sessions' survival of a restart: it is logged, and the sessions live in memory.
 */
final class SessionFile {

  private static final Logger LOG = Logger.getLogger(SessionFile.class.getName());
  private static final int FORMAT = 1;
  /** Far above what http.maxPersonSessions entries take: a larger file is not ours and is not read. */
  private static final long MAX_BYTES = 4L << 20;

  private final Path file;

  SessionFile(Path file) {
    this.file = file;
  }

  /** The name a session is kept under: the SHA-256 of its id, Base64url. */
  static String hash(String sessionId) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(sessionId.getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }

  /** The sessions kept, by hash, oldest login first, without those expired by {@code now}; empty when unreadable. */
  LinkedHashMap<String, Instant> read(Instant now) {
    LinkedHashMap<String, Instant> sessions = new LinkedHashMap<>();
    try {
      if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
        return sessions;
      }
      JsonObject json = new JsonObject(Files.readString(file, StandardCharsets.UTF_8));
      if (json.getInteger("format", 0) != FORMAT) {
        return sessions;
      }
      JsonArray kept = json.getJsonArray("sessions", new JsonArray());
      for (int i = 0; i < kept.size(); i++) {
        JsonObject entry = kept.getJsonObject(i);
        Instant expiry = Instant.parse(entry.getString("expires_at"));
        if (expiry.isAfter(now)) {
          sessions.put(entry.getString("hash"), expiry);
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.warning("could not read the dashboard's sessions from " + file + " (" + e.getMessage() + "); a new "
        + "'reviewgate open' signs in again");
      sessions.clear();
    }
    return sessions;
  }

  /** Replaces the file with {@code sessions} (hash to expiry), written whole to a private file and moved in place. */
  void write(Map<String, Instant> sessions) {
    JsonArray kept = new JsonArray();
    sessions.forEach((hash, expiry) -> kept.add(new JsonObject().put("hash", hash).put("expires_at", expiry.toString())));
    try {
      UserSecret.ensurePrivateDirectory(file.getParent().getParent());
      UserSecret.ensurePrivateDirectory(file.getParent());
      Path temporary = UserSecret.createPrivateFile(file.getParent());
      Files.writeString(temporary, new JsonObject().put("format", FORMAT).put("sessions", kept).encode(),
        StandardCharsets.UTF_8);
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      LOG.warning("could not keep the dashboard's sessions in " + file + " (" + e.getMessage() + "); they last "
        + "until this process stops");
    }
  }
}
