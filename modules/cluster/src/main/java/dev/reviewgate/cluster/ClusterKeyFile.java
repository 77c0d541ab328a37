package dev.reviewgate.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Writes a new cluster key file ({@code reviewgate cluster-key FILE}) with the JDK's own {@code keytool}: the JDK has
 * no public API that makes a certificate, and keys are never made by code of ours. The file is written in a private
 * temporary directory and moved into place with owner-only permissions, so it is never readable by others.
 */
public final class ClusterKeyFile {

  /** The event-bus certificate's lifetime; a new key file (a rolling restart) replaces it. */
  static final int VALIDITY_DAYS = 3650;
  private static final long KEYTOOL_TIMEOUT_SECONDS = 60;

  private ClusterKeyFile() {
  }

  /**
   * @throws IllegalArgumentException when {@code file} exists (a key is never overwritten) or cannot be written
   */
  public static Path create(Path file) {
    Path target = file.toAbsolutePath().normalize();
    if (Files.exists(target)) {
      throw new IllegalArgumentException(target + " exists; a cluster key is never overwritten: choose another file name");
    }
    Path parent = target.getParent();
    Path work = null;
    try {
      work = Files.createTempDirectory(parent, ".cluster-key-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Path store = work.resolve("key.p12");
      Path certificate = work.resolve("cluster.crt");
      keytool("-genseckey", "-alias", ClusterKey.SECRET_ALIAS, "-keyalg", "AES", "-keysize", "256", store(store));
      keytool("-genkeypair", "-alias", ClusterKey.TLS_ALIAS, "-keyalg", "EC", "-groupname", "secp256r1",
        "-dname", "CN=reviewgate-cluster", "-validity", Integer.toString(VALIDITY_DAYS), store(store));
      keytool("-exportcert", "-alias", ClusterKey.TLS_ALIAS, "-file", certificate.toString(), store(store));
      keytool("-importcert", "-noprompt", "-alias", ClusterKey.TRUST_ALIAS, "-file", certificate.toString(), store(store));
      Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rw-------"));
      Files.move(store, target, StandardCopyOption.ATOMIC_MOVE);
      return target;
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot write the cluster key " + target + ": " + e.getMessage());
    } finally {
      if (work != null) {
        delete(work);
      }
    }
  }

  /** The arguments every keytool call shares: the store, its type and its (not secret) password. */
  private static String[] store(Path store) {
    return new String[] {"-keystore", store.toString(), "-storetype", "PKCS12",
      "-storepass", ClusterKey.STORE_PASSWORD, "-keypass", ClusterKey.STORE_PASSWORD};
  }

  private static void keytool(Object... arguments) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    // keytool is a short-lived JVM: the quick compiler alone starts it in about half the time
    command.add("-J-XX:TieredStopAtLevel=1");
    command.add("-J-XX:+UseSerialGC");
    for (Object argument : arguments) {
      if (argument instanceof String[] several) {
        command.addAll(List.of(several));
      } else {
        command.add(argument.toString());
      }
    }
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      boolean ended = process.waitFor(KEYTOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!ended || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IOException("keytool " + arguments[0] + " failed: " + output.lines().findFirst().orElse("no output"));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while keytool ran");
    }
  }

  private static void delete(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a leftover private temporary directory holds nothing once the key has moved
    }
  }
}
