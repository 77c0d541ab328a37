package dev.reviewgate.bitbucket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.config.ToolTimeouts;
import dev.reviewgate.forge.thread.ThreadRouterVerticle;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.BusCalls;
import dev.reviewgate.testkit.Stop;
import dev.reviewgate.testkit.ThreadPaging;
import dev.reviewgate.testkit.TroubleLog;
import dev.reviewgate.testkit.forge.FakeBitbucket;
import dev.reviewgate.testkit.forge.FakeForge;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three Bitbucket tools and the thread tools against a loopback fake of one flavour (a subclass says which)
 * whose pull request is commits of a real repository: every hunk is checked against the git CLI's
 * {@code git diff -M --histogram merge-base head}.
 */
@Timeout(180)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BitbucketToolsTest {

  Path dir;
  BitbucketFixture pr;
  Vertx vertx;
  FakeBitbucket fake;
  private String deployment;
  /** Every log line and every event-bus message body seen while the tests run. */
  private TroubleLog seen;
  /** Calls naming the repository; {@link #tools} name the pull request too. */
  BusCalls repositoryOnly;
  BusCalls tools;
  BusCalls threads;

  /** The flavour tested. */
  abstract TestFlavor flavor();

  JsonObject repository() {
    return flavor().repository();
  }

  /** The path fragment of the change list's requests. */
  abstract String changeList();

  @BeforeAll
  void start(@TempDir Path tempDir) {
    dir = tempDir;
    seen = TroubleLog.everything();
    pr = BitbucketFixture.build(dir);
    vertx = Vertx.vertx();
    vertx.eventBus().addOutboundInterceptor(context -> {
      seen.publish(new LogRecord(Level.FINE, "bus " + context.message().address() + " " + context.message().body()));
      context.next();
    });
    fake = flavor().fake().apply(vertx, pr);
    deploy(FakeBitbucket.TOKEN);
    Await.result(vertx.deployVerticle(new ThreadRouterVerticle(ToolTimeouts.from(ReviewgateConfig.defaults()), ToolCatalog.standard())));
    repositoryOnly = BusCalls.on(vertx).timeoutMs(60_000).with(repository().put("repo", FakeBitbucket.REPO));
    tools = repositoryOnly.with(new JsonObject().put("pr_number", FakeBitbucket.PR));
    threads = tools.with(new JsonObject().put("forge", "bitbucket"));
  }

  void deploy(String token) {
    Map<String, String> env = new HashMap<>(flavor().env().apply(fake));
    if (token != null) {
      env.put("BITBUCKET_TOKEN", token);
    }
    redeploy(env);
  }

  /** The default budget these tests run with. */
  private static final int DEFAULT_TOKENS = 1_000_000;

  void redeploy(Map<String, String> env) {
    if (deployment != null) {
      Await.result(vertx.undeploy(deployment));
    }
    // A default budget that holds whole pages, each change with its own diff (a page's budget is tested elsewhere).
    deployment = BitbucketTestBackend.deploy(vertx, env, new JsonObject().put("diff", new JsonObject()
      .put("defaultTokenBudget", DEFAULT_TOKENS)));
  }

  @AfterAll
  void stop() throws Exception {
    Stop.all(seen, fake, vertx);
  }

  JsonObject diff(JsonObject args) {
    return tools.checked("reviewgate.bitbucket.pr.diff", args);
  }

  /** git's own output split per file, keyed by its {@code diff --git} line. */
  Map<String, String> gitSections(String from, String to) {
    Map<String, String> sections = new HashMap<>();
    for (String section : pr.repo().git("diff", "-M", "--histogram", from, to).split("(?m)^(?=diff --git )")) {
      if (section.startsWith("diff --git ")) {
        sections.put(section.substring(0, section.indexOf('\n')), section);
      }
    }
    return sections;
  }

  @Test
  void everyFilesHunksAreByteIdenticalToGitAcrossPages() {
    Map<String, String> git = gitSections(pr.base(), pr.head());
    List<JsonObject> changes = new ArrayList<>();
    JsonObject first = diff(new JsonObject());
    assertThat(first.getString("head_sha")).isEqualTo(pr.head());
    assertThat(first.getString("base_sha")).isEqualTo(pr.base());
    assertThat(first.getJsonObject("diffs").getString("source")).isEqualTo("blobs");
    assertThat(first.getJsonObject("pagination").getInteger("total")).isEqualTo(git.size());
    assertThat(first.getJsonObject("pagination").getInteger("next_skip")).isEqualTo(100);
    first.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
    JsonObject rest = diff(new JsonObject().put("skip", 100));
    assertThat(rest.getJsonObject("pagination").getBoolean("has_more")).isFalse();
    rest.getJsonArray("changes").forEach(c -> changes.add((JsonObject) c));
    Map<String, String> ours = new HashMap<>();
    for (JsonObject change : changes) {
      String content = change.getJsonObject("diff").getString("content");
      ours.put(content.substring(0, content.indexOf('\n')), content);
    }
    assertThat(ours).isEqualTo(git);
    assertThat(first.getString("diff") + rest.getString("diff")).hasSize(git.values().stream().mapToInt(String::length).sum());
    JsonObject renamed = changes.stream().filter(c -> c.getString("change_type").equals("rename")).findFirst().orElseThrow();
    assertThat(renamed.getString("original_path")).isEqualTo("old/name.txt");
    assertThat(ours.get("diff --git a/tool.sh b/tool.sh")).contains("old mode 100644\nnew mode 100755\n");
    assertThat(ours.get("diff --git a/img.bin b/img.bin")).contains("Binary files /dev/null and b/img.bin differ");
  }

  @Test
  void filesOnlyListsEveryChangeAcrossTheForgesPagesAndOneFileIsOneDiff() {
    int before = fake.received("GET", "/").size();
    JsonObject list = diff(new JsonObject().put("files_only", true).put("top", 1000));
    List<String> paths = list.getJsonArray("changes").stream().map(c -> ((JsonObject) c).getString("path")).sorted().toList();
    assertThat(paths).isEqualTo(pr.repo().git("diff", "--name-only", "-M", pr.base(), pr.head()).lines().sorted().toList());
    assertThat(list.getJsonArray("changes").getJsonObject(0).containsKey("diff")).isFalse();
    assertThat(fake.received("GET", "/").stream().skip(before).filter(r -> r.uri().contains(changeList())).count())
      .isGreaterThanOrEqualTo(2);
    int blobs = fake.blobRequests();
    JsonObject one = diff(new JsonObject().put("file", "src/app.c"));
    assertThat(one.getJsonArray("changes")).hasSize(1);
    assertThat(one.getString("diff")).isEqualTo(gitSections(pr.base(), pr.head()).get("diff --git a/src/app.c b/src/app.c"));
    assertThat(fake.blobRequests() - blobs).isEqualTo(2);
  }

  @Test
  void sinceACommitShowsOnlyWhatChangedSinceThen() {
    JsonObject since = diff(new JsonObject().put("since_commit", pr.first()).put("top", 1000));
    assertThat(since.getString("base_sha")).isEqualTo(pr.first());
    List<String> paths = since.getJsonArray("changes").stream().map(c -> ((JsonObject) c).getString("path")).sorted().toList();
    assertThat(paths).isEqualTo(pr.repo().git("diff", "--name-only", pr.first(), pr.head()).lines().sorted().toList());
    Map<String, String> git = gitSections(pr.first(), pr.head());
    since.getJsonArray("changes").forEach(c -> assertThat(git).containsValue(((JsonObject) c).getJsonObject("diff").getString("content")));
  }

  @Test
  void theListAndOnePullRequestWithFullCommitIds() {
    JsonObject list = repositoryOnly.checked("reviewgate.bitbucket.pr.list", new JsonObject());
    assertThat(list.getJsonArray("pull_requests").getJsonObject(0).getInteger("pr_number")).isEqualTo(FakeBitbucket.PR);
    assertThat(list.getJsonArray("pull_requests").getJsonObject(0).getString("source_branch")).isEqualTo("feature/invoice");
    assertThat(repositoryOnly.checked("reviewgate.bitbucket.pr.list", new JsonObject().put("state", "merged")).getInteger("count")).isZero();
    JsonObject got = tools.checked("reviewgate.bitbucket.pr.get", new JsonObject());
    assertThat(got.getString("title")).isEqualTo("Checkout: pay by invoice");
    // Bitbucket does not say what the author may do: their title and description are a stranger's, and say so.
    assertThat(got.getString("trust")).isEqualTo("untrusted");
    assertThat(got.getString("head_sha")).isEqualTo(pr.head());
    assertThat(got.getString("merge_base_sha")).isEqualTo(pr.base());
    assertThat(got.getString("target_sha")).isEqualTo(pr.target());
    assertThat(got.getJsonArray("reviewers").getJsonObject(0).getString("name")).isEqualTo("Mia Reyes");
    assertThatThrownBy(() -> tools.call("reviewgate.bitbucket.pr.get", new JsonObject().put("pr_number", 99)))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(404))
      .hasMessageContaining("pull request #99 not found");
  }

  @Test
  void aRateLimitIsWaitedOut() {
    int served = fake.faultsServed(changeList());
    throttleOnce(changeList());
    JsonObject result = diff(new JsonObject().put("files_only", true).put("top", 1000));
    assertThat(result.getJsonObject("pagination").getInteger("total")).isEqualTo(gitSections(pr.base(), pr.head()).size());
    assertThat(fake.faultsServed(changeList()) - served).isEqualTo(1);
    assertThat(fake.armedFaults()).isEmpty();
  }

  abstract void throttleOnce(String pathFragment);

  @Test
  void whenThisServerServesTheRepositoryTheDiffIsReadLocally() {
    ReviewgateConfig config = ReviewgateConfig.defaults().merge(new JsonObject().put("repos", new JsonObject().put("shop", dir.toString())));
    String git = Await.result(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(config, dir), ToolCatalog.standard())));
    try {
      int blobs = fake.blobRequests();
      JsonObject result = diff(new JsonObject().put("top", 1000));
      assertThat(result.getJsonObject("diffs").getString("source")).isEqualTo("local");
      Map<String, String> sections = gitSections(pr.base(), pr.head());
      result.getJsonArray("changes").forEach(c -> assertThat(sections).containsValue(((JsonObject) c).getJsonObject("diff").getString("content")));
      assertThat(fake.blobRequests()).isEqualTo(blobs);
    } finally {
      Await.result(vertx.undeploy(git));
    }
  }

  @Test
  void aRefusedTokenNamesItsVariableAndNoTokenIsInAnyAnswerOrLog() {
    try {
      deploy("bbat-wrong-0000000000000000");
      assertThatThrownBy(() -> tools.call("reviewgate.bitbucket.pr.get", new JsonObject()))
        .isInstanceOfSatisfying(ToolException.class, e -> {
          assertThat(e.code()).isEqualTo(Failure.NOT_ALLOWED);
          assertThat(e.getMessage()).contains("HTTP 401");
          assertThat(e.getMessage()).contains("BITBUCKET_TOKEN").doesNotContain("bbat-wrong").doesNotContain(FakeBitbucket.TOKEN);
        });
    } finally {
      deploy(FakeBitbucket.TOKEN);
    }
    JsonObject got = tools.call("reviewgate.bitbucket.pr.get", new JsonObject());
    JsonObject listed = threads.call("reviewgate.pr.threads.list", new JsonObject());
    assertThat(fake.authorizations).anyMatch(a -> a.contains(FakeBitbucket.TOKEN) || a.startsWith("Basic "));
    assertThat(got.encode() + listed.encode()).doesNotContain(FakeBitbucket.TOKEN);
    assertThat(seen.lines()).anyMatch(line -> line.contains(": bus reviewgate.bitbucket.pr.get"));
    assertThat(seen.lines()).noneMatch(line -> line.contains(FakeBitbucket.TOKEN) || line.contains("bbat-wrong"));
  }

  // --- threads -----------------------------------------------------------------------------------------------

  /** src/app.c: old line 5 removed and new line 5 added; line 9 is context; gone.txt deleted; docs/new.md added. */
  JsonObject review() {
    return new JsonObject().put("commit_id", pr.head()).put("verdict", "approve").put("body", "Nearly there.")
      .put("comments", new JsonArray()
        .add(BusCalls.comment("src/app.c", 5, "new", "Why long?"))
        .add(BusCalls.comment("src/app.c", 5, "old", "The old sum overflowed."))
        .add(BusCalls.comment("src/app.c", 9, "new", "A context line."))
        .add(BusCalls.comment("gone.txt", 2, "old", "Was this still used?"))
        .add(BusCalls.comment("docs/new.md", null, null, "The whole file")));
  }

  /** The comment the fake holds whose text contains {@code text}. */
  JsonObject posted(String text) {
    return fake.comments.values().stream().filter(c -> c.encode().contains(text)).findFirst().orElseThrow();
  }

  /** The flavour's anchors of {@link #review()} as the fake holds them. */
  abstract void assertAnchorsAndVerdict();

  @Test
  void aReviewIsPostedCommentByCommentWithEveryAnchorPlacedAndTheVerdictCast() {
    fake.comments.clear();
    int posts = fake.commentPosts.get();
    JsonObject result = threads.checked("reviewgate.pr.review", review());
    assertThat(result.getBoolean("posted")).isTrue();
    assertThat(result.getInteger("comments")).isEqualTo(5);
    assertThat(fake.commentPosts.get() - posts).isEqualTo(6);
    assertAnchorsAndVerdict();

    JsonObject listed = threads.checked("reviewgate.pr.threads.list", new JsonObject().put("path", "src/app.c"));
    assertThat(listed.getInteger("total")).isEqualTo(3);
    JsonObject old = listed.getJsonArray("threads").stream().map(JsonObject.class::cast)
      .filter(t -> t.getJsonArray("comments").encode().contains("overflowed")).findFirst().orElseThrow();
    assertThat(old.getString("side")).isEqualTo("old");
    assertThat(old.getInteger("line")).isEqualTo(5);
    assertThat(old.getString("status")).isEqualTo("unresolved");
    assertThat(old.getString("hunk")).startsWith("@@ -2,");
    JsonObject all = threads.checked("reviewgate.pr.threads.list", new JsonObject());
    assertThat(all.getInteger("total")).isEqualTo(6);
    JsonObject file = all.getJsonArray("threads").stream().map(JsonObject.class::cast)
      .filter(t -> "docs/new.md".equals(t.getString("path"))).findFirst().orElseThrow();
    assertThat(file.getValue("line")).isNull();
  }

  @Test
  void anchorsOutsideTheDiffAreRefusedWithNothingSent() {
    int posts = fake.commentPosts.get();
    int requests = fake.requests();
    JsonObject bad = review().put("comments", new JsonArray()
      .add(BusCalls.comment("src/app.c", 5, "new", "Fine."))
      .add(BusCalls.comment("big.txt", 50, "new", "Far from the change."))
      .add(BusCalls.comment("nope.txt", 1, "new", "Not in this pull request.")));
    assertThatThrownBy(() -> threads.call("reviewgate.pr.review", bad))
      .isInstanceOfSatisfying(ToolException.class, e -> assertThat(e.code()).isEqualTo(400))
      .hasMessageContaining("2 of its 3 comment(s)").hasMessageContaining("big.txt line 50 (new side)")
      .hasMessageContaining("nearest commentable lines on the new side are 197-203")
      .hasMessageContaining("does not change nope.txt");
    assertThat(fake.commentPosts.get()).isEqualTo(posts);
    assertThat(fake.received().stream().skip(requests).filter(r -> !r.method().equals("GET"))).isEmpty();
  }

  @Test
  void aReviewRetriedAfterALostAnswerIsPostedOnce() {
    fake.comments.clear();
    fake.loseResponses(1);
    assertThatThrownBy(() -> threads.call("reviewgate.pr.review", review())).hasMessageContaining("may or may not have been applied");
    assertThat(fake.comments).hasSize(1);
    JsonObject again = threads.checked("reviewgate.pr.review", review());
    assertThat(again.getBoolean("posted")).isTrue();
    assertThat(fake.comments).hasSize(6);
    for (String text : List.of("Nearly there.", "Why long?", "overflowed", "A context line.", "still used", "The whole file")) {
      assertThat(fake.comments.values().stream().filter(c -> c.encode().contains(text))).as(text).hasSize(1);
    }
    JsonObject third = threads.checked("reviewgate.pr.review", review());
    assertThat(third.getBoolean("already_posted")).isTrue();
    assertThat(fake.comments).hasSize(6);
  }

  /** The path fragment of the verdict's request. */
  abstract String vote();

  @Test
  void aVerdictFailingAfterTheCommentsWerePostedIsSaidAndTheSameCallFinishesIt() {
    fake.comments.clear();
    fake.failOnce(vote(), FakeForge.Fault.status(503, new JsonObject().put("message", "down for a moment")));
    JsonObject partial = threads.checked("reviewgate.pr.review", review());
    assertThat(partial.getBoolean("posted")).isTrue();
    assertThat(partial.getJsonArray("warnings").encode()).contains("no atomic review").contains("6 of 6 comment(s) are posted")
      .contains("the verdict (approve) not").contains("Call pr_review again with the same arguments");
    assertThat(fake.comments).hasSize(6);
    JsonObject finished = threads.checked("reviewgate.pr.review", review());
    assertThat(finished.getBoolean("already_posted")).isTrue();
    assertThat(fake.comments).hasSize(6);
    assertAnchorsAndVerdict();
  }

  @Test
  void aReplyIsPostedOnceAndAThreadIsResolvedAndReopened() {
    fake.comments.clear();
    threads.call("reviewgate.pr.review", review().put("verdict", "comment"));
    String thread = threadOf("Why long?");
    JsonObject reply = threads.checked("reviewgate.pr.reply", new JsonObject().put("thread_id", thread).put("body", "Overflow."));
    assertThat(reply.getBoolean("posted")).isTrue();
    JsonObject again = threads.checked("reviewgate.pr.reply", new JsonObject().put("thread_id", thread).put("body", "Overflow."));
    assertThat(again.getBoolean("already_posted")).isTrue();
    assertThat(fake.comments.values().stream().filter(c -> c.encode().contains("Overflow."))).hasSize(1);
    JsonObject listed = threads.checked("reviewgate.pr.threads.list", new JsonObject().put("path", "src/app.c"));
    JsonObject withReply = listed.getJsonArray("threads").stream().map(JsonObject.class::cast)
      .filter(t -> t.getString("id").equals(thread)).findFirst().orElseThrow();
    assertThat(withReply.getJsonArray("comments")).hasSize(2);

    JsonObject resolved = threads.checked("reviewgate.pr.resolve", new JsonObject().put("thread_id", thread).put("resolved", true));
    assertThat(resolved.getString("status")).isEqualTo("resolved");
    JsonObject open = threads.checked("reviewgate.pr.threads.list", new JsonObject().put("unresolved_only", true));
    assertThat(open.getJsonArray("threads").stream().map(t -> ((JsonObject) t).getString("id"))).doesNotContain(thread);
    JsonObject reopened = threads.checked("reviewgate.pr.resolve", new JsonObject().put("thread_id", thread).put("resolved", false));
    assertThat(reopened.getString("status")).isEqualTo("unresolved");
    assertThatThrownBy(() -> threads.call("reviewgate.pr.reply", new JsonObject().put("thread_id", "999999").put("body", "x")))
      .hasMessageContaining("thread 999999 not found");
  }

  String threadOf(String text) {
    JsonObject all = threads.call("reviewgate.pr.threads.list", new JsonObject());
    return all.getJsonArray("threads").stream().map(JsonObject.class::cast)
      .filter(t -> t.getJsonArray("comments").getJsonObject(0).getString("body").contains(text)).findFirst().orElseThrow()
      .getString("id");
  }

  @Test
  void aListingOfManyAndHugeCommentsFitsItsBudgetAndItsPagesReachEveryCommentOnce() {
    fake.comments.clear();
    ThreadPaging.check(threads.timeoutMs(60_000), bodies -> new JsonObject().put("commit_id", pr.head()).put("verdict", "comment")
      .put("comments", new JsonArray(bodies.stream().map(b -> BusCalls.comment("src/app.c", 5, "new", b)).toList())), DEFAULT_TOKENS);
  }
}
