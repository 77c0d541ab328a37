package dev.reviewgate.core.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The per-user secret that every door except {@code /health} asks for, with zero configuration: on first use a
 * random token is written to {@code token} in the user's state directory ({@code $REVIEWGATE_STATE_DIR}, else
 * {@code $XDG_STATE_HOME/reviewgate}, else {@code ~/.local/state/reviewgate}), the directory readable by that user
 * only (0700) and the file too (0600). {@code reviewgate token} prints it, as Jupyter prints its server's token.
 * The variable named by {@code http.tokenEnv} ({@code REVIEWGATE_TOKEN}) overrides it.
 *
 * <p>Creation is atomic: the secret is written whole to a private temporary file, then hard-linked to its name, which
 * fails when the name exists; so two processes starting at once end up with the same secret.
 */
public final class UserSecret {

  public static final String STATE_DIR_ENV = "REVIEWGATE_STATE_DIR";
  private static final String FILE = "token";
  private static final int BYTES = 32;
  private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
  private static final SecureRandom RANDOM = new SecureRandom();

  private UserSecret() {
  }

  /** The state directory this user's processes share (secret, dashboard registry), as the environment names it. */
  public static Path stateDirectory(Map<String, String> environment) {
    String explicit = environment.get(STATE_DIR_ENV);
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit).toAbsolutePath().normalize();
    }
    String xdg = environment.get("XDG_STATE_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "reviewgate");
    }
    return Path.of(System.getProperty("user.home"), ".local", "state", "reviewgate");
  }

  /**
   * The token clients must present: the value of {@code tokenEnv} when set, else this user's secret (created on
   * first use).
   */
  public static String effectiveToken(Map<String, String> environment, String tokenEnv) {
    String override = tokenEnv == null ? null : environment.get(tokenEnv);
    if (override != null && !override.isBlank()) {
      return override;
    }
    return readOrCreate(stateDirectory(environment));
  }

  /** The secret in {@code directory}, created (with the directory) when there is none yet. */
  public static String readOrCreate(Path directory) {
    try {
      ensurePrivateDirectory(directory);
      Path file = directory.resolve(FILE);
      Optional<String> existing = read(file);
      if (existing.isPresent()) {
        return existing.get();
      }
      byte[] random = new byte[BYTES];
      RANDOM.nextBytes(random);
      String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
      Path temporary = createPrivateFile(directory);
      try {
        Files.writeString(temporary, secret + "\n", StandardCharsets.UTF_8);
        Files.createLink(file, temporary);
      } catch (FileAlreadyExistsException anotherProcessWasFirst) {
        // fall through: read what the winner wrote (written whole before its link existed)
      } finally {
        Files.deleteIfExists(temporary);
      }
      return read(file).orElseThrow(() -> new IllegalStateException(file + " is empty; delete it and start again"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or create the reviewgate secret in " + directory + " ("
        + e.getMessage() + "); set " + STATE_DIR_ENV + " to a directory you own, or set REVIEWGATE_TOKEN", e);
    }
  }

  /** The directory, created 0700 when missing; an existing one is narrowed to its owner. */
  public static void ensurePrivateDirectory(Path directory) throws IOException {
    if (posix()) {
      if (!Files.isDirectory(directory)) {
        Files.createDirectories(directory.getParent());
        try {
          Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(OWNER_DIR));
        } catch (FileAlreadyExistsException raced) {
          // another process made it
        }
      }
      Files.setPosixFilePermissions(directory, OWNER_DIR);
    } else {
      Files.createDirectories(directory);
    }
  }

  /** A new empty file in {@code directory} that only its owner can read (0600 from the start: no window). */
  public static Path createPrivateFile(Path directory) throws IOException {
    return posix()
      ? Files.createTempFile(directory, ".tmp-", "", PosixFilePermissions.asFileAttribute(OWNER_FILE))
      : Files.createTempFile(directory, ".tmp-", "");
  }

  private static Optional<String> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    if (posix()) {
      Files.setPosixFilePermissions(file, OWNER_FILE);
    }
    String text = Files.readString(file, StandardCharsets.UTF_8).strip();
    return text.isEmpty() ? Optional.empty() : Optional.of(text);
  }

  private static boolean posix() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }
}
