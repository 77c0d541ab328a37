package dev.reviewgate.core.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
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
}
