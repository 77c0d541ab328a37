package dev.reviewgate.bitbucket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.forge.FakeBitbucketDc;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** The Bitbucket tools on Data Center (REST 1.0): {@link FakeBitbucketDc}. */
class DataCenterToolsTest extends BitbucketToolsTest {

  @Override
  TestFlavor flavor() {
    return TestFlavor.DC;
  }

  @Override
  String changeList() {
    return "/changes";
  }

  @Override
  void throttleOnce(String pathFragment) {
    ((FakeBitbucketDc) fake).throttleOnce(pathFragment);
  }

  @Override
  String vote() {
    return "/participants/";
  }

  @Override
  void assertAnchorsAndVerdict() {
    FakeBitbucketDc dc = (FakeBitbucketDc) fake;
    assertThat(dc.refusedAnchors).isEmpty();
    JsonObject added = posted("Why long?").getJsonObject("anchor");
    assertThat(added.getString("lineType")).isEqualTo("ADDED");
    assertThat(added.getString("fileType")).isEqualTo("TO");
    assertThat(added.getInteger("line")).isEqualTo(5);
    assertThat(added.getString("diffType")).isEqualTo("EFFECTIVE");
    JsonObject removed = posted("overflowed").getJsonObject("anchor");
    assertThat(removed.getString("lineType")).isEqualTo("REMOVED");
    assertThat(removed.getString("fileType")).isEqualTo("FROM");
    assertThat(posted("A context line.").getJsonObject("anchor").getString("lineType")).isEqualTo("CONTEXT");
    assertThat(posted("The whole file").getJsonObject("anchor").containsKey("line")).isFalse();
    assertThat(posted("Nearly there.").containsKey("anchor")).isFalse();
    assertThat(dc.statuses).containsEntry(FakeBitbucketDc.ME, "APPROVED");
  }

  @Test
  void anOldSideCommentOnAFileTheTargetAlsoChangedIsRefusedSayingWhy() {
    int posts = fake.commentPosts.get();
    JsonObject moved = review().put("comments", new JsonArray().add(BusCalls.comment("big.txt", 200, "old", "Renumbered there.")));
    assertThatThrownBy(() -> threads.call("reviewgate.pr.review", moved))
      .hasMessageContaining("would-be merge").hasMessageContaining("big.txt").hasMessageContaining("Nothing was posted");
    assertThat(fake.commentPosts.get()).isEqualTo(posts);
    JsonObject onNew = review().put("comments", new JsonArray().add(BusCalls.comment("big.txt", 200, "new", "Fine on the new side.")));
    assertThat(threads.call("reviewgate.pr.review", onNew).getBoolean("posted")).isTrue();
  }

  @Test
  void aStaleVersionIsReadAgainAndResolvingTriedOnce() {
    fake.comments.clear();
    threads.call("reviewgate.pr.review", review().put("verdict", "comment"));
    String thread = threadOf("Why long?");
    FakeBitbucketDc dc = (FakeBitbucketDc) fake;
    int conflicts = dc.conflicts.get();
    dc.editedMeanwhile.add(Long.parseLong(thread));
    JsonObject resolved = threads.checked("reviewgate.pr.resolve", new JsonObject().put("thread_id", thread).put("resolved", true));
    assertThat(resolved.getString("status")).isEqualTo("resolved");
    assertThat(dc.conflicts.get() - conflicts).isEqualTo(1);
    assertThat(fake.comments.get(Long.parseLong(thread)).getBoolean("threadResolved")).isTrue();
  }
}
