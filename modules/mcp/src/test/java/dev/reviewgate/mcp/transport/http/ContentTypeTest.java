package dev.reviewgate.mcp.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** POST bodies must be declared exactly as JSON: a prefix match let {@code application/jsonx} through. */
class ContentTypeTest {

  @Test
  void onlyApplicationJsonWithOptionalParametersIsJson() {
    assertThat(HttpTransport.isJson("application/json")).isTrue();
    assertThat(HttpTransport.isJson("Application/JSON; charset=utf-8")).isTrue();
    assertThat(HttpTransport.isJson(" application/json ;charset=UTF-8")).isTrue();
    assertThat(HttpTransport.isJson("application/jsonx")).isFalse();
    assertThat(HttpTransport.isJson("application/json-patch+json")).isFalse();
    assertThat(HttpTransport.isJson("text/plain")).isFalse();
    assertThat(HttpTransport.isJson("")).isFalse();
    assertThat(HttpTransport.isJson(null)).isFalse();
  }
}
