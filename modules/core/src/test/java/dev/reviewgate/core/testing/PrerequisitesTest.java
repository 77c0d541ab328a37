package dev.reviewgate.core.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

class PrerequisitesTest {

  @Test
  void aMissingProgramFailsInCiAndSkipsElsewhere() {
    assertThatThrownBy(() -> Prerequisites.require(false, "chromium", "apt-get install -y chromium", Map.of("CI", "true")))
      .isInstanceOf(AssertionError.class).hasMessageContaining("chromium").hasMessageContaining("apt-get install -y chromium")
      .hasMessageContaining("CI=true");
    assertThatThrownBy(() -> Prerequisites.require(false, "node", "apt-get install -y nodejs", Map.of()))
      .isInstanceOf(TestAbortedException.class).hasMessageContaining("node");
    assertThatCode(() -> Prerequisites.require(true, "python3", "apt-get install -y python3", Map.of("CI", "true")))
      .doesNotThrowAnyException();
  }

  @Test
  void aBrowserWithoutItsDriverFailsEverywhereInsteadOfSkippingUnseen(@TempDir Path dir) throws Exception {
    Path chromium = Files.createFile(dir.resolve("chromium"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path driver = dir.resolve("chromedriver");
    assertThatThrownBy(() -> Prerequisites.requireBrowser(chromium, driver)).isInstanceOf(AssertionError.class)
      .hasMessageContaining(driver + " is not").hasMessageContaining("chromium-driver");
    assertThatThrownBy(() -> Prerequisites.requireBrowser(driver, chromium)).isInstanceOf(AssertionError.class)
      .hasMessageContaining(chromium + " is installed but " + driver + " is not");
    Files.createFile(driver, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    assertThatCode(() -> Prerequisites.requireBrowser(chromium, driver)).doesNotThrowAnyException();
  }
}
