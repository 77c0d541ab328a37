package dev.reviewgate.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Key files made by the JDK's keytool: what they hold, who may read them, and what a wrong file is told. */
class ClusterKeyFileTest {

  @TempDir
  Path directory;

  @Test
  void aNewKeyIsOwnerOnlyAndLoadsWithItsThreeEntries() throws Exception {
    Path file = ClusterKeyFile.create(directory.resolve("cluster.p12"));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    ClusterKey key = ClusterKey.load(file);
    assertThat(key.secret().getAlgorithm()).isEqualTo("AES");
    assertThat(key.secret().getEncoded()).hasSize(32);
    assertThat(key.fingerprint()).matches("[0-9a-f]{12}");
    assertThat(directory.toFile().list()).containsExactly("cluster.p12");
  }

  @Test
  void twoKeysDifferAndAnExistingFileIsNeverOverwritten() throws Exception {
    ClusterKey first = ClusterKey.load(ClusterKeyFile.create(directory.resolve("a.p12")));
    ClusterKey second = ClusterKey.load(ClusterKeyFile.create(directory.resolve("b.p12")));
    assertThat(first.fingerprint()).isNotEqualTo(second.fingerprint());
    assertThat(first.secret().getEncoded()).isNotEqualTo(second.secret().getEncoded());
    byte[] before = Files.readAllBytes(directory.resolve("a.p12"));
    assertThatThrownBy(() -> ClusterKeyFile.create(directory.resolve("a.p12"))).hasMessageContaining("never overwritten");
    assertThat(Files.readAllBytes(directory.resolve("a.p12"))).isEqualTo(before);
  }

  @Test
  void aMissingOpenOrForeignFileIsRefusedWithTheFix() throws Exception {
    assertThatThrownBy(() -> ClusterKey.load(directory.resolve("none.p12")))
      .hasMessageContaining("does not exist").hasMessageContaining("reviewgate cluster-key");
    Path open = ClusterKeyFile.create(directory.resolve("open.p12"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    assertThatThrownBy(() -> ClusterKey.load(open)).hasMessageContaining("chmod 600");
    Path text = directory.resolve("text.p12");
    Files.writeString(text, "not a key");
    Files.setPosixFilePermissions(text, PosixFilePermissions.fromString("rw-------"));
    assertThatThrownBy(() -> ClusterKey.load(text)).hasMessageContaining("cannot be read as a reviewgate cluster key");
  }
}
