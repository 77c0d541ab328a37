package dev.reviewgate.diff;

import dev.reviewgate.core.config.ReviewgateConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Test inputs: the recorded GitHub bodies and an engine with the shipped configuration. */
final class Fixtures {

  private Fixtures() {
  }

  static DiffEngine engine() {
    return new DiffEngine(ReviewgateConfig.defaults().section("diff"));
  }

  static byte[] resource(String name) {
    try (InputStream in = Fixtures.class.getClassLoader().getResourceAsStream("fixtures/github3py/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing fixture " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
