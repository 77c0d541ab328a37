package dev.reviewgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.vertx.core.json.Json;
import org.junit.jupiter.api.Test;

class JsonErrorsTest {

  private static String reasonFor(String text) {
    Throwable failure = catchThrowable(() -> Json.decodeValue(text));
    assertThat(failure).as(text).isNotNull();
    return JsonErrors.reason(failure);
  }

  @Test
  void theParsersOwnSettingsNeverReachTheSenderButWhereItStoppedDoes() {
    for (String bad : new String[] {"{\"a\":", "{x}", "[1,]", "\"\\ud800", "{\"a\":1}}", "nul", "[1}"}) {
      String reason = reasonFor(bad);
      assertThat(reason).as(bad).doesNotContain("StreamReadFeature").doesNotContain("REDACTED").doesNotContain("Source")
        .doesNotContain("\n").containsPattern("at line 1, column \\d+$");
    }
    assertThat(reasonFor("{\"a\":")).isEqualTo("Unexpected end-of-input within/between Object entries at line 1, column 6");
    assertThat(reasonFor("[1}")).contains("(for Array starting at line 1)");
  }
}
