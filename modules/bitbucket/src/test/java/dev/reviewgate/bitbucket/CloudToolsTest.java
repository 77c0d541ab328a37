package dev.reviewgate.bitbucket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.testkit.forge.FakeBitbucket;
import dev.reviewgate.testkit.forge.FakeBitbucketCloud;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Bitbucket tools on Cloud (REST 2.0): {@link FakeBitbucketCloud}. */
class CloudToolsTest extends BitbucketToolsTest {

  @Override
  TestFlavor flavor() {
    return TestFlavor.CLOUD;
  }

  @Override
  String changeList() {
    return "/diffstat/";
  }

  @Override
  void throttleOnce(String pathFragment) {
    ((FakeBitbucketCloud) fake).throttleOnce(pathFragment);
  }

  @Override
  String vote() {
    return "/approve";
  }

  @Override
  void assertAnchorsAndVerdict() {
    JsonObject added = posted("Why long?").getJsonObject("inline");
    assertThat(added.getInteger("to")).isEqualTo(5);
    assertThat(added.containsKey("from")).isFalse();
    JsonObject removed = posted("overflowed").getJsonObject("inline");
    assertThat(removed.getInteger("from")).isEqualTo(5);
    assertThat(removed.containsKey("to")).isFalse();
    assertThat(posted("still used").getJsonObject("inline").getString("path")).isEqualTo("gone.txt");
    JsonObject file = posted("The whole file").getJsonObject("inline");
    assertThat(file.fieldNames()).containsExactly("path");
    assertThat(posted("Nearly there.").containsKey("inline")).isFalse();
    assertThat(((FakeBitbucketCloud) fake).votes).contains("approve");
  }

  @Test
  void emailAndApiTokenGoAsBasic() {
    try {
      fake.authorizations.clear();
      Map<String, String> env = new java.util.HashMap<>(flavor().env().apply(fake));
      env.put("BITBUCKET_TOKEN", FakeBitbucket.TOKEN);
      env.put("BITBUCKET_EMAIL", FakeBitbucket.EMAIL);
      redeploy(env);
      JsonObject got = tools.call("reviewgate.bitbucket.pr.get", new JsonObject());
      assertThat(got.getInteger("pr_number")).isEqualTo(FakeBitbucket.PR);
      assertThat(fake.authorizations).allMatch(a -> a.startsWith("Basic "));
    } finally {
      deploy(FakeBitbucket.TOKEN);
    }
  }

  @Test
  void generalCommentsAndRepliesCannotBeResolvedAndNothingIsSent() {
    fake.comments.clear();
    threads.call("reviewgate.pr.review", review().put("verdict", "comment"));
    String general = threadOf("Nearly there.");
    String thread = threadOf("Why long?");
    threads.call("reviewgate.pr.reply", new JsonObject().put("thread_id", thread).put("body", "A reply."));
    String reply = fake.comments.values().stream().filter(c -> c.encode().contains("A reply.")).findFirst().orElseThrow()
      .getLong("id").toString();
    int requests = fake.requests();
    assertThatThrownBy(() -> threads.call("reviewgate.pr.resolve", new JsonObject().put("thread_id", general).put("resolved", true)))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(400))
      .hasMessageContaining("general comment").hasMessageContaining("Nothing was sent");
    assertThatThrownBy(() -> threads.call("reviewgate.pr.resolve", new JsonObject().put("thread_id", reply).put("resolved", true)))
      .hasMessageContaining("is a reply").hasMessageContaining("thread_id " + thread);
    assertThat(fake.received().stream().skip(requests).filter(r -> !r.method().equals("GET"))).isEmpty();
    JsonObject listed = threads.call("reviewgate.pr.threads.list", new JsonObject());
    assertThat(listed.getJsonArray("threads").stream().map(JsonObject.class::cast).filter(t -> t.getString("id").equals(general))
      .findFirst().orElseThrow().getString("status")).isEqualTo("unresolvable");
  }
}
