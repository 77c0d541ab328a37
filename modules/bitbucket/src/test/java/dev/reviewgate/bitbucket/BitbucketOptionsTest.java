package dev.reviewgate.bitbucket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code bitbucket} section: which flavour a URL is, where the credentials come from, and that they are never printed. */
class BitbucketOptionsTest {

  private static final JsonObject DEFAULTS = ReviewgateConfig.defaults().section("bitbucket");

  private static BitbucketOptions with(Map<String, String> env) {
    return BitbucketOptions.from(DEFAULTS, env::get);
  }

  @Test
  void theDefaultIsBitbucketCloudWithoutAToken() {
    BitbucketOptions options = with(Map.of());
    assertThat(options.flavor()).isEqualTo(Flavor.CLOUD);
    assertThat(options.url()).isEqualTo("https://api.bitbucket.org/2.0");
    assertThat(options.webHost()).isEqualTo("bitbucket.org");
    assertThat(options.authorization()).isNull();
  }

  @Test
  void aServersBaseIsDataCenterWithTheRestPathAppendedOnce() {
    assertThat(with(Map.of("BITBUCKET_URL", "https://bitbucket.example.com/")).url())
      .isEqualTo("https://bitbucket.example.com/rest/api/1.0");
    BitbucketOptions told = with(Map.of("BITBUCKET_URL", "https://git.example.com/bitbucket/rest/api/1.0"));
    assertThat(told.flavor()).isEqualTo(Flavor.DC);
    assertThat(told.url()).isEqualTo("https://git.example.com/bitbucket/rest/api/1.0");
    assertThat(told.webHost()).isEqualTo("git.example.com");
    BitbucketOptions cloudProxy = with(Map.of("BITBUCKET_URL", "http://127.0.0.1:9999/bb", "BITBUCKET_FLAVOR", "cloud"));
    assertThat(cloudProxy.flavor()).isEqualTo(Flavor.CLOUD);
    assertThat(cloudProxy.url()).isEqualTo("http://127.0.0.1:9999/bb");
  }

  @Test
  void theTokenIsBearerOrWithCloudsEmailBasicAndNeverPrinted() {
    BitbucketOptions bearer = with(Map.of("BITBUCKET_TOKEN", " secret-token "));
    assertThat(bearer.authorization()).isEqualTo("Bearer secret-token");
    BitbucketOptions basic = with(Map.of("BITBUCKET_TOKEN", "secret-token", "BITBUCKET_EMAIL", "me@example.com"));
    assertThat(basic.authorization()).isEqualTo("Basic "
      + Base64.getEncoder().encodeToString("me@example.com:secret-token".getBytes(StandardCharsets.UTF_8)));
    assertThat(basic.toString()).doesNotContain("secret-token").doesNotContain("me@example.com").contains("token=set");
    BitbucketOptions dc = with(Map.of("BITBUCKET_URL", "https://bb.example.com", "BITBUCKET_TOKEN", "t", "BITBUCKET_EMAIL", "me@x"));
    assertThat(dc.authorization()).as("Data Center takes HTTP access tokens as Bearer only").isEqualTo("Bearer t");
  }

  @Test
  void aBadUrlOrFlavourIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> with(Map.of("BITBUCKET_URL", "bitbucket.example.com")))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bitbucket.apiUrl (or BITBUCKET_URL)");
    assertThatThrownBy(() -> with(Map.of("BITBUCKET_URL", "https://bb.example.com", "BITBUCKET_FLAVOR", "server2")))
      .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BITBUCKET_FLAVOR").hasMessageContaining("'cloud' or 'dc'");
  }
}
