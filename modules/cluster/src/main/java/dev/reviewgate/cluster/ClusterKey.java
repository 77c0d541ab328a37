package dev.reviewgate.cluster;

import io.vertx.core.net.PfxOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import javax.crypto.SecretKey;

/**
 * The key every member of a cluster holds: a PKCS#12 file (made by {@code reviewgate cluster-key FILE}) with
 * <ul>
 *   <li>{@value #SECRET_ALIAS}: an AES key for JGroups' {@code SYM_ENCRYPT} (membership, cluster state);</li>
 *   <li>{@value #TLS_ALIAS}: a private key and self-signed certificate the event bus presents in TLS;</li>
 *   <li>{@value #TRUST_ALIAS}: the same certificate as the only trusted one, so TLS peers must hold this file.</li>
 * </ul>
 * The store password is fixed and not a secret: the file is protected by its owner-only permissions, as an SSH key is.
 */
public final class ClusterKey {

  static final String SECRET_ALIAS = "cluster-secret";
  static final String TLS_ALIAS = "cluster-tls";
  static final String TRUST_ALIAS = "cluster-trust";
  static final String STORE_PASSWORD = "reviewgate-cluster";

  private static final Set<PosixFilePermission> OPEN_TO_OTHERS = EnumSet.of(
    PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
    PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);

  private final Path file;
  private final SecretKey secret;
  private final String fingerprint;

  private ClusterKey(Path file, SecretKey secret, String fingerprint) {
    this.file = file;
    this.secret = secret;
    this.fingerprint = fingerprint;
  }

  /**
   * Reads and checks a key file.
   *
   * @throws IllegalArgumentException naming the file and what to do when it is missing, open to others or not a key
   */
  public static ClusterKey load(Path file) {
    Path path = file.toAbsolutePath().normalize();
    if (!Files.isRegularFile(path)) {
      throw new IllegalArgumentException("cluster key " + path + " does not exist: create it with 'reviewgate cluster-key "
        + path + "' and copy it to every member (--cluster-key / cluster.keyFile)");
    }
    try {
      if (Files.getFileStore(path).supportsFileAttributeView("posix")
        && Files.getPosixFilePermissions(path).stream().anyMatch(OPEN_TO_OTHERS::contains)) {
        throw new IllegalArgumentException("cluster key " + path + " can be read by other users: run 'chmod 600 " + path + "'");
      }
      KeyStore store = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(path)) {
        store.load(in, STORE_PASSWORD.toCharArray());
      }
      KeyStore.ProtectionParameter protection = new KeyStore.PasswordProtection(STORE_PASSWORD.toCharArray());
      if (!store.entryInstanceOf(SECRET_ALIAS, KeyStore.SecretKeyEntry.class)
        || !store.entryInstanceOf(TLS_ALIAS, KeyStore.PrivateKeyEntry.class)
        || !store.entryInstanceOf(TRUST_ALIAS, KeyStore.TrustedCertificateEntry.class)) {
        throw new IllegalArgumentException("cluster key " + path + " lacks the entries reviewgate writes: create a new one with "
          + "'reviewgate cluster-key FILE' and give it to every member");
      }
      SecretKey secret = ((KeyStore.SecretKeyEntry) store.getEntry(SECRET_ALIAS, protection)).getSecretKey();
      return new ClusterKey(path, secret, fingerprint(store.getCertificate(TRUST_ALIAS)));
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("cluster key " + path + " cannot be read as a reviewgate cluster key ("
        + e.getMessage() + "): create one with 'reviewgate cluster-key FILE'");
    }
  }

  /** The AES key of {@code SYM_ENCRYPT}. */
  SecretKey secret() {
    return secret;
  }

  /**
   * A short public name of this key (from its certificate's hash). It goes into the cluster name so that members
   * with another key are not even discovered; the protection itself is the encryption, not this name.
   */
  public String fingerprint() {
    return fingerprint;
  }

  /** The event bus's own certificate and private key. */
  PfxOptions keyCert() {
    return new PfxOptions().setPath(file.toString()).setPassword(STORE_PASSWORD).setAlias(TLS_ALIAS);
  }

  /** The event bus's trust: only the certificate of this key file. */
  PfxOptions trust() {
    return new PfxOptions().setPath(file.toString()).setPassword(STORE_PASSWORD);
  }

  private static String fingerprint(Certificate certificate) throws GeneralSecurityException {
    byte[] hash = MessageDigest.getInstance("SHA-256").digest(certificate.getPublicKey().getEncoded());
    return HexFormat.of().formatHex(hash, 0, 6);
  }
}
