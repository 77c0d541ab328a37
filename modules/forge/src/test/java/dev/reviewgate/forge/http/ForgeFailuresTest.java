package dev.reviewgate.forge.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A forge's failed answer as the caller's error, the forge's own words in it, and URLs as forges read them. */
class ForgeFailuresTest {

  private static ToolException failure(int status, String body) {
    ForgeResponse response = new ForgeResponse(status, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(body), false, "GET /x");
    return ForgeFailures.of("Gitea", response, ForgeFailures.said(response.body(), "message", "error"), "x not found",
      "set GITEA_TOKEN", "the token needs write:repository");
  }

  @Test
  void eachStatusIsTheErrorItMeansWithWhatTheForgeSaid() {
    assertThat(failure(401, "{\"message\":\"bad token\"}")).satisfies(e -> assertThat(e.code()).isEqualTo(Failure.NOT_ALLOWED))
      .hasMessage("Gitea did not accept the credentials (HTTP 401: bad token) for GET /x: set GITEA_TOKEN");
    assertThat(failure(403, "")).hasMessage("Gitea refused GET /x (HTTP 403); the token needs write:repository");
    assertThat(failure(404, "{\"error\":\"gone\"}")).satisfies(e -> assertThat(e.code()).isEqualTo(Failure.NOT_FOUND))
      .hasMessage("x not found (Gitea: gone)");
    assertThat(failure(422, "{\"message\":{\"path\":[\"bad\"]}}").code()).isEqualTo(Failure.INVALID_ARGUMENTS);
    assertThat(failure(409, "not json").getMessage()).isEqualTo("Gitea refused GET /x as a conflict");
    assertThat(failure(500, "<html>").code()).isEqualTo(Failure.UPSTREAM);
  }

  @Test
  void aBodyThatIsNotJsonIsAnUpstreamErrorNamingTheForge() {
    ForgeResponse html = new ForgeResponse(200, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer("<html>"), false, "GET /y");
    assertThatThrownBy(() -> html.jsonObject("Gitea")).isInstanceOfSatisfying(ToolException.class, e -> {
      assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
      assertThat(e.getMessage()).isEqualTo("Gitea sent a body that is not a JSON object for GET /y");
    });
    assertThat(new ForgeResponse(204, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(), false, "x").jsonArray("Gitea")).isEmpty();
  }

  @Test
  void queryMembersWithoutAValueAreLeftOutAndSpacesAreEncodedAsPercentTwenty() {
    Map<String, String> query = new LinkedHashMap<>();
    query.put("state", "open");
    query.put("poster", null);
    query.put("q", "a b&c");
    assertThat(UrlQuery.url("https://h/api/v1", "/repos/a/b", query)).isEqualTo("https://h/api/v1/repos/a/b?state=open&q=a%20b%26c");
    assertThat(UrlQuery.url("https://h", "/p", Map.of())).isEqualTo("https://h/p");
  }
}
