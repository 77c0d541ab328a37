package dev.reviewgate.app;

import dev.reviewgate.core.security.UserSecret;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The port a review store's dashboard had last time, so that a restarted stdio process (review.dashboardPort 0)
 * serves it at the same address: the open page reconnects, and its drafts (kept by the browser per host and port)
 * stay with it. One small file per store in {@code <state dir>/dashboard-ports/}, named after the store's path.
 */
final class DashboardPorts {

  private static final Logger LOG = Logger.getLogger(DashboardPorts.class.getName());
  private static final int MAX_BYTES = 16_384;

  private final Path directory;

  DashboardPorts(Path stateDirectory) {
    this.directory = stateDirectory.resolve("dashboard-ports");
  }

  /** The port the dashboard of {@code storageDir} listened on last; empty when none is recorded (or unreadable). */
  Optional<Integer> last(Path storageDir) {
    Path file = fileOf(storageDir);
    try {
      if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
        return Optional.empty();
      }
      JsonObject json = new JsonObject(Files.readString(file, StandardCharsets.UTF_8));
      Integer port = json.getInteger("port");
      boolean ours = storageDir.toString().equals(json.getString("storageDir"));
      return ours && port != null && port > 0 && port < 65_536 ? Optional.of(port) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Records {@code port} for {@code storageDir}; a failure costs only the stable address, so it is logged. */
  void remember(Path storageDir, int port) {
    try {
      UserSecret.ensurePrivateDirectory(directory.getParent());
      UserSecret.ensurePrivateDirectory(directory);
      Path temporary = UserSecret.createPrivateFile(directory);
      Files.writeString(temporary, new JsonObject().put("storageDir", storageDir.toString()).put("port", port).encode(),
        StandardCharsets.UTF_8);
      Files.move(temporary, fileOf(storageDir), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      LOG.warning("could not record the dashboard's port in " + directory + " (" + e.getMessage() + "); the next "
        + "start may serve it at another address");
    }
  }

  private Path fileOf(Path storageDir) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(storageDir.toString().getBytes(StandardCharsets.UTF_8));
      return directory.resolve(HexFormat.of().formatHex(digest, 0, 12) + ".json");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }
}
