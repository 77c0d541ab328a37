package dev.reviewgate.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.config.ReviewgateConfig;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterOptionsTest {

  private static final List<String> BACKENDS = List.of("diff", "git", "review", "github", "ado", "gitlab", "gitea", "bitbucket");

  private static ClusterOptions with(String key, Object value) {
    return ClusterOptions.from(ReviewgateConfig.defaults().section("cluster").copy().put(key, value), BACKENDS);
  }

  @Test
  void theDefaultsAreAnUnclusteredNodeWithEveryRole() {
    ClusterOptions options = ClusterOptions.from(ReviewgateConfig.defaults().section("cluster"), BACKENDS);
    assertThat(options.enabled()).isFalse();
    assertThat(options.roles()).containsExactlyInAnyOrder("front", "diff", "git", "review", "github", "ado", "gitlab", "gitea", "bitbucket");
    assertThat(options.join()).isEmpty();
    assertThat(options.host()).isEqualTo("127.0.0.1");
  }

  @Test
  void rolesAndJoinListsAreParsedWithSpacesAndIpv6() {
    assertThat(with("roles", " front , git ").roles()).containsExactlyInAnyOrder("front", "git");
    assertThat(with("join", "10.0.0.1:5701, [::1]:5702").join())
      .containsExactly(new ClusterOptions.Member("10.0.0.1", 5701), new ClusterOptions.Member("::1", 5702));
  }

  @Test
  void badValuesNameTheKeyAndWhatIsAllowed() {
    assertThatThrownBy(() -> with("roles", "front,gti")).hasMessageContaining("unknown role 'gti'").hasMessageContaining("git, review");
    assertThatThrownBy(() -> with("roles", " , ")).hasMessageContaining("names no role");
    assertThatThrownBy(() -> with("join", "host")).hasMessageContaining("HOST:PORT");
    assertThatThrownBy(() -> with("join", "host:http")).hasMessageContaining("no port number");
    assertThatThrownBy(() -> with("join", "host:70000")).hasMessageContaining("not 1 to 65535");
    assertThatThrownBy(() -> with("port", 70000)).hasMessageContaining("cluster.port");
    assertThatThrownBy(() -> with("name", "a b")).hasMessageContaining("cluster.name");
    assertThatThrownBy(() -> with("maxMessageBytes", 0)).hasMessageContaining("cluster.maxMessageBytes must be positive");
    assertThatThrownBy(() -> ClusterOptions.from(new JsonObject(), BACKENDS)).hasMessageContaining("cluster.roles is missing");
  }

  @Test
  void aHostBeyondLoopbackNeedsAKeyAndSaysHowToMakeOne() {
    JsonObject open = ReviewgateConfig.defaults().section("cluster").copy().put("enabled", true).put("host", "0.0.0.0");
    assertThatThrownBy(() -> ClusterOptions.from(open, BACKENDS).requireKeyBeyondLoopback())
      .hasMessageContaining("cluster.host 0.0.0.0 is not a loopback address and no cluster key is given")
      .hasMessageContaining("reviewgate cluster-key FILE");
    ClusterOptions keyed = ClusterOptions.from(open.copy().put("keyFile", "/etc/reviewgate/cluster.p12"), BACKENDS);
    assertThat(keyed.keyed()).isTrue();
    keyed.requireKeyBeyondLoopback();
    assertThat(keyed.keyFile()).hasToString("/etc/reviewgate/cluster.p12");
    ClusterOptions local = ClusterOptions.from(open.copy().put("host", "localhost"), BACKENDS);
    assertThat(local.keyed()).isFalse();
    local.requireKeyBeyondLoopback();
  }
}
