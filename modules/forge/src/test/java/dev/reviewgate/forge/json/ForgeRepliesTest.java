package dev.reviewgate.forge.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class ForgeRepliesTest {

  private static final ForgeEndpoint MR = new ForgeEndpoint("GitLab", "GET /projects/:id/merge_requests/:merge_request_iid");

  @Test
  void aRequiredMemberTheForgeLeftOutIsAnUpstreamErrorNamingForgeEndpointAndMember() {
    JsonObject reply = new JsonObject().put("iid", 7).putNull("diff_refs");
    assertThatThrownBy(() -> ForgeReplies.read(MR, "gitlab_get_merge_request_diff",
        () -> Fields.of(MR, reply).object("diff_refs").string("head_sha")))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
        assertThat(e.getMessage()).contains("GitLab", "GET /projects/:id/merge_requests/:merge_request_iid", "diff_refs is null",
          "gitlab_get_merge_request_diff");
      });
    JsonObject nested = new JsonObject().put("diff_refs", new JsonObject().put("base_sha", "a"));
    assertThatThrownBy(() -> ForgeReplies.read(MR, "x", () -> Fields.of(MR, nested).object("diff_refs").string("head_sha")))
      .hasMessageContaining("diff_refs.head_sha is absent");
  }

  @Test
  void anyOtherFailureOfAMappingIsTheSameKindOfErrorNeverAnInternalOne() {
    JsonObject reply = new JsonObject().put("title", 5);
    assertThatThrownBy(() -> ForgeReplies.read(MR, "gitlab_get_merge_request", () -> reply.getJsonObject("title").size()))
      .isInstanceOfSatisfying(ToolException.class, e -> {
        assertThat(e.code()).isEqualTo(Failure.UPSTREAM);
        assertThat(e.getMessage()).contains("GitLab's reply to GET /projects/:id/merge_requests/:merge_request_iid",
          "gitlab_get_merge_request", "ClassCastException");
      });
    assertThat(ForgeReplies.readLater(MR, "x", () -> {
      throw new NullPointerException();
    }).cause()).isInstanceOf(ToolException.class);
  }

  @Test
  void optionalMembersReadNullWhenNullAbsentOrOfAnotherType() {
    Fields f = Fields.of(MR, new JsonObject().putNull("a").put("n", "7").put("d", 3.0).put("f", 3.5).put("o", "x")
      .put("list", new JsonObject()));
    assertThat(f.optString("a")).isNull();
    assertThat(f.optString("missing", "none")).isEqualTo("none");
    assertThat(f.optLong("n")).isNull();
    assertThat(f.optLong("d")).isEqualTo(3L);
    assertThat(f.optLong("f")).isNull();
    assertThat(f.optObject("o")).isNull();
    assertThat(f.objects("list")).isEmpty();
    assertThat(f.bool("a", true)).isTrue();
    assertThatThrownBy(() -> f.string("d")).hasMessageContaining("d is not a string");
  }
}
