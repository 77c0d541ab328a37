package dev.reviewgate.github;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.testkit.Await;
import dev.reviewgate.testkit.forge.FakeGitHub;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 000's contract for github_get_pull_request_diff, over the event bus against recorded GitHub answers. */
class DiffToolTest extends ToolTestBase {

  private static final String G3 = "/repos/sigmavirus24/github3.py";
  private static final String RELEASE = "github3/repos/release.py";
  private static final String TESTS = "tests/unit/test_repos_release.py";


  private static JsonObject pr235() {
    return new JsonObject().put("owner", "sigmavirus24").put("repo", "github3.py").put("pr_number", 235);
  }

  private void serveRecordedDiff() {
    gh.fake.on("GET", G3 + "/pulls/235").accept("application/vnd.github.diff").reply(Fixtures.github3py("PullRequest_diff", 1));
    gh.fake.on("GET", G3 + "/pulls/235").accept("application/vnd.github+json").reply(Fixtures.github3py("PullRequest_diff", 0));
  }

  private static String recordedDiff() {
    return Fixtures.github3pyBody("PullRequest_diff", 1);
  }

  @Test
  void prNumberAloneIsGitHubsDiffByteForByte() {
    serveRecordedDiff();
    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235()));
    byte[] recorded = Fixtures.github3pyBody("PullRequest_diff", 1).getBytes(StandardCharsets.UTF_8);
    assertThat(result.getString("diff").getBytes(StandardCharsets.UTF_8)).isEqualTo(recorded);
    assertThat(result.getJsonArray("warnings")).isEmpty();
    // Beside the diff, whose changes these are: GitHub describes no such pull request here, so an unknown author.
    assertThat(result.fieldNames()).containsExactlyInAnyOrder("diff", "warnings", "author", "trust");
    assertThat(result.getString("trust")).isEqualTo("untrusted");
    assertThat(gh.fake.received().stream().map(r -> r.headers().get("Accept"))).contains("application/vnd.github.diff");
  }

  @Test
  void filesOnlyListsPathsCountsAndStatusWithoutADiffBody() {
    gh.fake.on("GET", G3 + "/pulls/235/files?per_page=100").reply(Fixtures.github3py("PullRequest_files", 1));
    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("files_only", true)));
    assertThat(result.containsKey("diff")).isFalse();
    assertThat(result.getJsonArray("files")).isEqualTo(new JsonArray()
      .add(new JsonObject().put("path", RELEASE).put("additions", 2).put("deletions", 0).put("status", "modified"))
      .add(new JsonObject().put("path", TESTS).put("additions", 16).put("deletions", 0).put("status", "modified")));
  }

  @Test
  void filesOnlyWithoutCountsIsTheEnginesListOfTheDiff() {
    serveRecordedDiff();
    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("files_only", true).put("counts", false)));
    assertThat(result.getJsonArray("files")).isEqualTo(new JsonArray()
      .add(new JsonObject().put("path", RELEASE).put("old_path", RELEASE).put("status", "modified"))
      .add(new JsonObject().put("path", TESTS).put("old_path", TESTS).put("status", "modified")));
    assertThat(result.getJsonObject("summary").fieldNames()).doesNotContain("additions", "deletions");
  }

  @Test
  void fileSelectsExactlyThatFilesSectionUnchanged() {
    serveRecordedDiff();
    String full = recordedDiff();
    int split = full.indexOf("diff --git a/" + TESTS);

    JsonObject one = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", TESTS)));
    assertThat(one.getString("diff")).isEqualTo(full.substring(split));

    JsonObject other = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", RELEASE)));
    assertThat(other.getString("diff")).isEqualTo(full.substring(0, split));

    JsonObject commaSeparated = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", TESTS + " , " + RELEASE)));
    assertThat(commaSeparated.getString("diff")).isEqualTo(full);

    JsonObject array = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", new JsonArray().add(RELEASE))));
    assertThat(array.getString("diff")).isEqualTo(full.substring(0, split));
  }

  @Test
  void aFileThatMatchesNothingGivesAnEmptyStringNotAnError() {
    serveRecordedDiff();
    // The basename alone is not a path of this diff: full-path match only.
    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", "release.py")));
    assertThat(result.getString("diff")).isEmpty();
    assertThat(result.getJsonArray("warnings").encode()).contains("release.py").contains(RELEASE);
  }

  @Test
  void sameBasenameInTwoFoldersIsResolvedByFullPath(@TempDir Path repo) throws Exception {
    byte[] diff = gitDiffWithSameBasenameTwice(repo);
    gh.fake.on("GET", G3 + "/pulls/235").accept("application/vnd.github.diff")
      .reply(FakeGitHub.Reply.of(200, MultiMap.caseInsensitiveMultiMap().add("content-type", "application/vnd.github.diff; charset=utf-8"),
        Buffer.buffer(diff)));

    JsonObject src = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", "src/app/util.py")));
    JsonObject test = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", "test/app/util.py")));

    // git itself is the oracle: its per-path diff is what the tool must cut out of the whole.
    assertThat(src.getString("diff")).isEqualTo(git(repo, "diff", "HEAD~1", "HEAD", "--", "src/app/util.py"));
    assertThat(test.getString("diff")).isEqualTo(git(repo, "diff", "HEAD~1", "HEAD", "--", "test/app/util.py"));
    assertThat(src.getString("diff")).contains("+# source change").doesNotContain("+# test change");
  }

  @Test
  void shaPinsTheDiffToBaseDotDotDotShaThroughTheCompareApi() {
    gh.fake.on("GET", G3 + "/pulls/235").reply(Fixtures.github3py("PullRequest_diff", 0));
    String base = new JsonObject(Fixtures.github3pyBody("PullRequest_diff", 0)).getJsonObject("base").getString("sha");
    String sha = "1ed5ba3d4b7ae0e0e1e7e8c7c5b6d8f5e1e2a3b4";
    FakeGitHub.Route compare = gh.fake.on("GET", G3 + "/compare/" + base + "..." + sha).accept("application/vnd.github.diff")
      .reply(Fixtures.github3py("Comparison_diff", 2));

    JsonObject pinned = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("sha", sha)));
    assertThat(pinned.getString("diff")).isEqualTo(Fixtures.github3pyBody("Comparison_diff", 2));

    // Both ends are immutable: the second call is served from the pinned cache without asking GitHub for the diff.
    JsonObject again = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("sha", sha).put("file", "broken-recordings.txt")));
    assertThat(again.getString("diff")).startsWith("diff --git a/broken-recordings.txt b/broken-recordings.txt\n");
    assertThat(compare.served()).isEqualTo(1);
  }

  @Test
  void sinceShaShowsWhatChangedFromAnEarlierHeadToTheCurrentOne() {
    gh.fake.on("GET", G3 + "/pulls/235").reply(Fixtures.github3py("PullRequest_diff", 0));
    String head = new JsonObject(Fixtures.github3pyBody("PullRequest_diff", 0)).getJsonObject("head").getString("sha");
    String reviewed = "1ed5ba3d4b7ae0e0e1e7e8c7c5b6d8f5e1e2a3b4";
    FakeGitHub.Route compare = gh.fake.on("GET", G3 + "/compare/" + reviewed + "..." + head).accept("application/vnd.github.diff")
      .reply(Fixtures.github3py("Comparison_diff", 2));

    JsonObject since = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("since_sha", reviewed)));
    assertThat(since.getString("diff")).isEqualTo(Fixtures.github3pyBody("Comparison_diff", 2));
    assertThat(since.getJsonArray("warnings").encode()).contains(reviewed + " (since_sha) to " + head);
    assertThat(compare.served()).isEqualTo(1);

    String gone = "00000000000000000000000000000000000000aa";
    gh.fake.on("GET", G3 + "/compare/" + gone + "..." + head).accept("application/vnd.github.diff")
      .reply(FakeGitHub.Reply.json(404, "{\"message\": \"Not Found\"}"));
    ToolException missing = Await.failure(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("since_sha", gone)));
    assertThat(missing.code()).isEqualTo(404);
    assertThat(missing.getMessage()).contains("cannot compare " + gone + " (since_sha)").contains("force-push").contains("omit since_sha");
  }

  @Test
  void shaPinnedFilesOnlyUsesTheComparison() {
    gh.fake.on("GET", G3 + "/pulls/235").reply(Fixtures.github3py("PullRequest_diff", 0));
    String base = new JsonObject(Fixtures.github3pyBody("PullRequest_diff", 0)).getJsonObject("base").getString("sha");
    String sha = "abcdef1";
    gh.fake.on("GET", G3 + "/compare/" + base + "..." + sha).accept("application/vnd.github+json").reply(Fixtures.github3py("Comparison_diff", 1));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("sha", sha).put("files_only", true)));

    assertThat(result.getJsonArray("files").stream().map(f -> ((JsonObject) f).getString("path")))
      .containsExactly(".pre-commit-config.yaml", "broken-recordings.txt");
  }

  @Test
  void aShaThatDoesNotExistIsAnErrorNamingItNeverTheLiveDiff() {
    serveRecordedDiff();
    String sha = "0000000000000000000000000000000000000bad";
    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("sha", sha).put("file", RELEASE)));
    assertThat(failure.code()).isEqualTo(404);
    assertThat(failure.getMessage()).contains(sha).contains("not found");
    assertThat(gh.fake.received("GET", G3 + "/pulls/235")).allSatisfy(r -> assertThat(r.headers().get("Accept")).doesNotContain("diff"));
  }

  @Test
  void aMalformedShaIsRefusedBeforeAnyRequest() {
    ToolException failure = Await.failure(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("sha", "--output=/tmp/x")));
    assertThat(failure.code()).isEqualTo(400);
    assertThat(failure.getMessage()).contains("sha");
    assertThat(gh.fake.received()).isEmpty();
  }

  @Test
  void tooLargeFallsBackToThePerFilePatchesAndSaysSo() {
    gh.fake.on("GET", G3 + "/pulls/235").accept("application/vnd.github.diff")
      .reply(Fixtures.quoted("pulls_diff_406_too_many_files.json", 406));
    gh.fake.on("GET", G3 + "/pulls/235/files?per_page=100").reply(Fixtures.github3py("PullRequest_files", 1));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235()));

    // The same text as GitHub's diff except the index lines the files API cannot give.
    assertThat(result.getString("diff")).isEqualTo(recordedDiff().replaceAll("(?m)^index .*\n", ""));
    assertThat(result.getJsonArray("warnings").getString(0)).contains("too large").contains("rebuilt").contains("2 files");

    JsonObject one = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", TESTS)));
    assertThat(one.getString("diff")).startsWith("diff --git a/" + TESTS).doesNotContain(RELEASE + " b/");
  }

  @Test
  void aPinnedDiffTooLargeIsRebuiltFromTheComparisonsFiles() {
    gh.fake.on("GET", G3 + "/pulls/235").reply(Fixtures.github3py("PullRequest_diff", 0));
    String base = new JsonObject(Fixtures.github3pyBody("PullRequest_diff", 0)).getJsonObject("base").getString("sha");
    String sha = "abcdef1";
    gh.fake.on("GET", G3 + "/compare/" + base + "..." + sha).accept("application/vnd.github.diff")
      .reply(Fixtures.quoted("pulls_diff_406_too_many_files.json", 406));
    gh.fake.on("GET", G3 + "/compare/" + base + "..." + sha).accept("application/vnd.github+json").reply(Fixtures.github3py("Comparison_diff", 1));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("sha", sha)));

    // The files API gives neither blob ids nor modes: GitHub's text without its index and "new file mode" lines.
    assertThat(result.getString("diff"))
      .isEqualTo(Fixtures.github3pyBody("Comparison_diff", 2).replaceAll("(?m)^(index|new file mode) .*\n", ""));
    assertThat(result.getJsonArray("warnings").getString(0)).contains("too large").contains("2 files");
  }

  @Test
  void theFallbackFollowsPagination() {
    String first = G3 + "/pulls/235/files?per_page=100";
    String second = G3 + "/pulls/235/files?per_page=100&page=2";
    gh.fake.on("GET", G3 + "/pulls/235").accept("application/vnd.github.diff")
      .reply(Fixtures.quoted("pulls_diff_406_too_many_files.json", 406));
    JsonArray files = new JsonArray(Fixtures.github3pyBody("PullRequest_files", 1));
    gh.fake.on("GET", first).reply(FakeGitHub.Reply.json(200, new JsonArray().add(files.getJsonObject(0)).encode())
      .withHeader("link", "<" + gh.fake.url() + second + ">; rel=\"next\""));
    gh.fake.on("GET", second).reply(FakeGitHub.Reply.json(200, new JsonArray().add(files.getJsonObject(1)).encode()));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235()));

    assertThat(result.getString("diff")).isEqualTo(recordedDiff().replaceAll("(?m)^index .*\n", ""));
  }

  @Test
  void aDiffOverTheServerCapIsCutAtAFileBoundaryWithAWarning(Vertx vertx) {
    restart(vertx, new JsonObject().put("maxDiffBytes", 1_000), true);
    serveRecordedDiff();
    String full = recordedDiff();

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235()));

    assertThat(result.getString("diff")).isEqualTo(full.substring(0, full.indexOf("diff --git a/" + TESTS)));
    assertThat(result.getJsonArray("warnings").encode()).contains("github.maxDiffBytes").contains(TESTS);
  }

  @Test
  void shapingOptionsGoThroughTheDiffEngine() {
    serveRecordedDiff();

    JsonObject globbed = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("include", "tests/**")));
    assertThat(globbed.getString("diff")).isEqualTo(recordedDiff().substring(recordedDiff().indexOf("diff --git a/" + TESTS)));
    assertThat(globbed.getJsonObject("summary").getInteger("files")).isEqualTo(1);

    JsonObject json = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("file", RELEASE).put("format", "json")));
    JsonObject release = json.getJsonArray("files").getJsonObject(0);
    assertThat(release.getString("path")).isEqualTo(RELEASE);
    assertThat(release.getJsonArray("hunks").getJsonObject(0).getInteger("new_start")).isEqualTo(22);

    JsonObject page = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("top", 1)));
    assertThat(page.getInteger("next_skip")).isEqualTo(1);
    assertThat(page.getString("diff")).startsWith("diff --git a/" + RELEASE).doesNotContain(TESTS);

    JsonObject stat = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("format", "stat")));
    assertThat(stat.getString("stat")).contains(RELEASE).contains("2 files changed");
  }

  @Test
  void aCutFileComesWithArgumentsThatFetchItFromThisPullRequest() {
    serveRecordedDiff();
    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("max_lines_per_file", 3)));
    JsonObject cut = result.getJsonObject("cut");
    assertThat(cut.getInteger("files")).isPositive();
    assertThat(cut.getJsonArray("first")).isNotEmpty();
    JsonObject fetch = cut.getJsonObject("fetch");
    assertThat(fetch.encode()).contains("\"pr_number\":235").contains("sigmavirus24").doesNotContain("\"file\"");
  }

  @Test
  void shapingAlsoWorksOnARebuiltTooLargeDiff() {
    gh.fake.on("GET", G3 + "/pulls/235").accept("application/vnd.github.diff")
      .reply(Fixtures.quoted("pulls_diff_406_too_many_files.json", 406));
    gh.fake.on("GET", G3 + "/pulls/235/files?per_page=100").reply(Fixtures.github3py("PullRequest_files", 1));

    JsonObject result = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, pr235().put("files_only", true).put("include", "github3/**")));

    assertThat(result.getJsonArray("files")).hasSize(1);
    assertThat(result.getJsonArray("files").getJsonObject(0).getString("path")).isEqualTo(RELEASE);
    assertThat(result.getJsonArray("warnings").getString(0)).contains("too large");
  }

  /**
   * Seed 000 AC3, the empirical guard: the pinned answer is computed from commit objects on GitHub, so garbage in the
   * local working tree (same path, another branch checked out) changes nothing. owner/repo come from the clone's origin.
   */
  @Test
  void theWorkingTreeHasNoEffectOnAPinnedDiff(Vertx vertx, @TempDir Path clone) throws Exception {
    git(clone, "init", "-q", "-b", "main");
    git(clone, "remote", "add", "origin", "git@github.com:sigmavirus24/github3.py.git");
    restart(vertx, new JsonObject(), true, clone);
    gh.fake.on("GET", G3 + "/pulls/235").reply(Fixtures.github3py("PullRequest_diff", 0));
    String base = new JsonObject(Fixtures.github3pyBody("PullRequest_diff", 0)).getJsonObject("base").getString("sha");
    String sha = "03eedbbe88bef1aaf38229a16184d32f1c603e89";
    gh.fake.on("GET", G3 + "/compare/" + base + "..." + sha).accept("application/vnd.github.diff")
      .reply(Fixtures.github3py("Comparison_diff", 2));
    JsonObject args = new JsonObject().put("pr_number", 235).put("sha", sha).put("file", "broken-recordings.txt");

    String before = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, args)).getString("diff");
    Files.writeString(clone.resolve("broken-recordings.txt"), "garbage that must not leak into the answer\n");
    git(clone, "checkout", "-q", "-b", "feature");
    String after = Await.result(gh.call(Addresses.GITHUB_PR_DIFF, args)).getString("diff");

    assertThat(before).isNotEmpty().doesNotContain("garbage");
    assertThat(after.getBytes(StandardCharsets.UTF_8)).isEqualTo(before.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] gitDiffWithSameBasenameTwice(Path repo) throws Exception {
    git(repo, "init", "-q", "-b", "main");
    git(repo, "config", "user.email", "t@example.com");
    git(repo, "config", "user.name", "t");
    Files.createDirectories(repo.resolve("src/app"));
    Files.createDirectories(repo.resolve("test/app"));
    Files.writeString(repo.resolve("src/app/util.py"), "def f():\n    return 1\n");
    Files.writeString(repo.resolve("test/app/util.py"), "def test_f():\n    assert True\n");
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "base");
    Files.writeString(repo.resolve("src/app/util.py"), "def f():\n    return 1\n# source change\n");
    Files.writeString(repo.resolve("test/app/util.py"), "def test_f():\n    assert True\n# test change\n");
    git(repo, "commit", "-q", "-am", "change both");
    return git(repo, "diff", "HEAD~1", "HEAD").getBytes(StandardCharsets.UTF_8);
  }

  private static String git(Path repo, String... args) {
    return TempGitRepo.at(repo).git(args);
  }

}
