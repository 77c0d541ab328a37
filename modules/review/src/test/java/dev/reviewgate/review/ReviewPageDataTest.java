package dev.reviewgate.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.security.Caller;
import dev.reviewgate.git.GitBackendOptions;
import dev.reviewgate.git.GitVerticle;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.Timeout;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the review page reads and sends beyond the plain diff, against a real repository: a long file's whole counts
 * and all of its lines, lines of a file read at either side, changed words, and range, file and suggestion comments
 * as the waiting agent gets them.
 */
@ExtendWith(VertxExtension.class)
class ReviewPageDataTest {

  private static final int BIG = 12_000;

  @TempDir
  Path repoDir;
  @TempDir
  Path storeDir;

  private Vertx vertx;
  private TempRepo repo;
  private String reviewService;

  @BeforeEach
  void setUp(Vertx vertx) throws Exception {
    this.vertx = vertx;
    repo = new TempRepo(repoDir);
    StringBuilder old = new StringBuilder();
    for (int i = 1; i <= 40; i++) {
      old.append("line ").append(i).append('\n');
    }
    repo.write("src/list.txt", old.toString()).write("src/calc.py", "def area(r):\n    return 3.14 * r * r\n");
    repo.commit("first");
    StringBuilder big = new StringBuilder();
    for (int i = 1; i <= BIG; i++) {
      big.append("int v").append(i).append(" = ").append(i).append(";\n");
    }
    repo.write("src/big.c", big.toString())
      .write("src/list.txt", old.toString().replace("line 20\n", "line twenty\n"))
      .write("src/calc.py", "def area(r):\n    return math.pi * r * r\n");
    repo.commit("second");
    await(vertx.deployVerticle(new GitVerticle(GitBackendOptions.from(ReviewgateConfig.defaults(), repoDir), ToolCatalog.standard())));
    reviewService = await(vertx.deployVerticle(reviewVerticle()));
  }

  private ReviewVerticle reviewVerticle() {
    JsonObject layer = new JsonObject().put("review", new JsonObject().put("storageDir", storeDir.toString()));
    return new ReviewVerticle(ReviewOptions.from(ReviewgateConfig.defaults().merge(layer).section("review"), repoDir),
      ToolCatalog.standard());
  }

  /** The review service stops and starts again on the same store, as a restarted process would. */
  private void restartReviewService() throws Exception {
    await(vertx.undeploy(reviewService));
    reviewService = await(vertx.deployVerticle(reviewVerticle()));
  }

  @Test
  @Timeout(value = 60, timeUnit = TimeUnit.SECONDS)
  void aCutFileCarriesGitsCountsAndItsWholeDiffLoadsToTheLastLine() throws Exception {
    String id = review();
    JsonObject page = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id));
    JsonObject big = file(page.getJsonObject("diff"), "src/big.c");
    String numstat = repo.git("diff", "--numstat", "HEAD~1", "HEAD", "--", "src/big.c").trim();
    assertThat(numstat).startsWith(BIG + "\t0\t");
    assertThat(big.getInteger("additions")).isEqualTo(BIG);
    assertThat(big.getInteger("deletions")).isZero();
    assertThat(big.getBoolean("cut")).isTrue();
    assertThat(big.getInteger("shown_additions")).isLessThan(BIG).isPositive();
    FileStat stat = ReviewJson.fromJson(page.getJsonObject("review")).files().stream()
      .filter(f -> f.path().equals("src/big.c")).findFirst().orElseThrow();
    assertThat(stat.additions()).as("the review's own counts are git's too").isEqualTo(BIG);

    JsonObject whole = file(call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("file", "src/big.c"))
      .getJsonObject("diff"), "src/big.c");
    assertThat(whole.getBoolean("cut")).isFalse();
    JsonArray hunks = whole.getJsonArray("hunks");
    JsonArray lines = hunks.getJsonObject(hunks.size() - 1).getJsonArray("lines");
    JsonObject last = lines.getJsonObject(lines.size() - 1);
    assertThat(last.getInteger("new")).isEqualTo(BIG);
    assertThat(last.getString("text")).isEqualTo("int v12000 = 12000;");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void linesOfAFileAreReadAtEitherSideAndBadRequestsSayWhy() throws Exception {
    String id = review();
    JsonObject after = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("file", "src/list.txt")
      .put("start_line", 18).put("end_line", 21)).getJsonObject("lines");
    assertThat(after.getJsonArray("lines").getList()).containsExactly("line 18", "line 19", "line twenty", "line 21");
    assertThat(after.getInteger("total_lines")).isEqualTo(40);
    JsonObject before = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("file", "src/list.txt")
      .put("side", "old").put("start_line", 20).put("end_line", 20)).getJsonObject("lines");
    assertThat(before.getJsonArray("lines").getList()).containsExactly("line 20");
    JsonObject end = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("file", "src/list.txt")
      .put("start_line", 39).put("end_line", 45)).getJsonObject("lines");
    assertThat(end.getJsonArray("lines").getList()).containsExactly("line 39", "line 40");

    assertThatThrownBy(() -> call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("file", "nope.txt")
      .put("start_line", 1))).hasMessageContaining("not part of review");
    assertThatThrownBy(() -> call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("file", "src/list.txt")
      .put("start_line", 5).put("end_line", 2))).hasMessageContaining("before start_line");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aChangedLineMarksTheChangedWordOnBothSides() throws Exception {
    String id = review();
    JsonObject calc = file(call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("diff"),
      "src/calc.py");
    JsonArray lines = calc.getJsonArray("hunks").getJsonObject(0).getJsonArray("lines");
    JsonObject removed = lines.stream().map(JsonObject.class::cast).filter(l -> l.getString("kind").equals("delete"))
      .findFirst().orElseThrow();
    JsonObject added = lines.stream().map(JsonObject.class::cast).filter(l -> l.getString("kind").equals("add"))
      .findFirst().orElseThrow();
    assertThat(marked(removed)).isEqualTo("3.14");
    assertThat(marked(added)).isEqualTo("math.pi");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void rangeFileAndSuggestionCommentsReachTheAgentAsSuch() throws Exception {
    String id = review();
    Future<JsonObject> first = send(wait(id));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("file", "src/list.txt").put("start_line", 19)
      .put("line", 21).put("side", "new").put("body", "These three read oddly."));
    JsonObject range = await(first);
    assertThat(range.getJsonObject("feedback").getInteger("start_line")).isEqualTo(19);
    assertThat(range.getJsonObject("feedback").getInteger("line")).isEqualTo(21);
    assertThat(range.getJsonObject("feedback").getString("side")).isEqualTo("new");
    assertThat(range.getString("instructions")).contains("at lines 19-21");
    assertThat(range.getJsonObject("code_context").getJsonArray("lines").stream().map(JsonObject.class::cast)
      .filter(l -> l.getBoolean("target")).map(l -> l.getString("text"))).containsExactly("line 19", "line twenty", "line 21");

    Future<JsonObject> second = send(wait(id));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("file", "src/calc.py")
      .put("body", "Import math at the top."));
    JsonObject whole = await(second);
    assertThat(whole.getJsonObject("feedback").getString("file")).isEqualTo("src/calc.py");
    assertThat(whole.getJsonObject("feedback").getValue("line")).isNull();
    assertThat(whole.getString("instructions")).contains("on the file `src/calc.py`");

    Future<JsonObject> third = send(wait(id));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("file", "src/calc.py").put("line", 2)
      .put("body", "Use the constant:\n```suggestion\n    return math.pi * r ** 2\n```\n"));
    JsonObject suggested = await(third);
    assertThat(suggested.getJsonObject("suggestion")).isEqualTo(new JsonObject().put("path", "src/calc.py")
      .put("side", "new").put("start_line", 2).put("line", 2).put("replacement", "    return math.pi * r ** 2\n"));
    assertThat(suggested.getString("instructions")).contains("replace lines 2-2 of `src/calc.py`",
      "    return math.pi * r ** 2");

    assertThatThrownBy(() -> call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id)
      .put("file", "src/list.txt").put("start_line", 9).put("line", 3).put("body", "x")))
      .hasMessageContaining("start_line 9 is after line 3");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aPendingReviewIsHeldFromTheWaitingAgentAndReachesItAsOneBatchWithTheSummaryAndVerdict() throws Exception {
    String id = review();
    Future<JsonObject> waiting = send(wait(id));
    JsonObject first = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true)
      .put("file", "src/list.txt").put("start_line", 19).put("line", 21).put("side", "new").put("body", "Odd names."));
    JsonObject second = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true)
      .put("file", "src/calc.py").put("line", 2).put("body", "draft text"));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true)
      .put("file", "src/calc.py").put("body", "Dropped later."));
    assertThat(first.getBoolean("delivered")).isFalse();
    String secondId = second.getJsonObject("comment").getString("id");
    String thirdId = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("review")
      .getJsonArray("pending").getJsonObject(2).getString("id");
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "edit").put("comment_id", secondId)
      .put("body", "Use the constant:\n```suggestion\n    return math.pi * r ** 2\n```\n"));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "delete").put("comment_id", thirdId));

    // Held on the server: a reload (or another tab) reads them back; the agent's tools see none of them.
    JsonArray held = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("review")
      .getJsonArray("pending");
    assertThat(held.stream().map(JsonObject.class::cast).map(p -> p.getString("file"))).containsExactly("src/list.txt",
      "src/calc.py");
    JsonObject status = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
    assertThat(status.encode()).doesNotContain("Odd names", "math.pi * r ** 2");
    assertThat(status.getJsonArray("threads")).isEmpty();
    assertThat(status.getBoolean("agent_waiting")).as("the agent still waits").isTrue();
    assertThat(waiting.isComplete()).isFalse();

    JsonObject sent = call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "request_changes")
      .put("notes", "Two things before this lands."));
    assertThat(sent.getBoolean("delivered")).isTrue();
    JsonObject result = await(waiting);
    assertThat(result.getString("outcome")).isEqualTo("review");
    JsonObject batch = result.getJsonObject("feedback");
    assertThat(batch.getString("kind")).isEqualTo("review");
    assertThat(batch.getString("verdict")).isEqualTo("request_changes");
    assertThat(batch.getString("notes")).isEqualTo("Two things before this lands.");
    JsonArray comments = batch.getJsonArray("comments");
    assertThat(comments).hasSize(2);
    JsonObject range = comments.getJsonObject(0);
    assertThat(range.getString("file")).isEqualTo("src/list.txt");
    assertThat(range.getInteger("start_line")).isEqualTo(19);
    assertThat(range.getInteger("line")).isEqualTo(21);
    assertThat(range.getString("side")).isEqualTo("new");
    assertThat(range.getString("thread_id")).isNotNull();
    assertThat(range.getJsonObject("code_context").getJsonArray("lines").stream().map(JsonObject.class::cast)
      .filter(l -> l.getBoolean("target")).map(l -> l.getString("text"))).containsExactly("line 19", "line twenty", "line 21");
    assertThat(comments.getJsonObject(1).getJsonObject("suggestion")).isEqualTo(new JsonObject().put("path", "src/calc.py")
      .put("side", "new").put("start_line", 2).put("line", 2).put("replacement", "    return math.pi * r ** 2\n"));
    assertThat(result.getString("instructions")).contains("with 2 comment(s)", "request changes", "Odd names.",
      "Two things before this lands.");
    assertThat(result.getInteger("pending")).as("one item, nothing left queued").isZero();

    JsonObject after = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
    assertThat(after.getString("status")).isEqualTo("completed");
    assertThat(after.getJsonArray("threads")).hasSize(2);
    assertThat(call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("review")
      .getJsonArray("pending")).isEmpty();
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aDiscardedPendingReviewReachesNobodyAndACommentVerdictLeavesTheReviewOpen() throws Exception {
    String id = review();
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true)
      .put("file", "src/calc.py").put("body", "Never sent."));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "discard"));
    assertThat(call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("review")
      .getJsonArray("pending")).isEmpty();
    assertThatThrownBy(() -> call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id)
      .put("action", "comment"))).hasMessageContaining("nothing to send");
    assertThatThrownBy(() -> call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true)
      .put("file", "nope.txt").put("body", "x"))).hasMessageContaining("not part of review");

    String thread = call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "add_comment")
      .put("file", "src/calc.py").put("line", 2).put("body", "Is pi right here?")).getString("thread_id");
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true).put("thread_id", thread)
      .put("body", "Yes, keep it."));
    call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "comment")
      .put("notes", "Looks fine so far."));
    JsonObject result = await(send(wait(id)));
    assertThat(result.getString("outcome")).isEqualTo("review");
    JsonObject batch = result.getJsonObject("feedback");
    assertThat(batch.getString("verdict")).isEqualTo("comment");
    assertThat(batch.getJsonArray("comments").stream().map(JsonObject.class::cast).map(c -> c.getString("body")))
      .containsExactly("Yes, keep it.", "Looks fine so far.");
    assertThat(batch.getJsonArray("comments").getJsonObject(0).getString("thread_id")).isEqualTo(thread);
    JsonObject status = call(Addresses.REVIEW_STATUS, new JsonObject().put("review_id", id));
    assertThat(status.getString("status")).as("a comment verdict leaves the review open").isEqualTo("pending");
    assertThat(status.getJsonArray("threads").getJsonObject(0).getJsonArray("comments")).hasSize(2);
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aPendingReviewAndAFinishedOneNotYetHandedOutOutliveARestart() throws Exception {
    String id = review();
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true)
      .put("file", "src/list.txt").put("line", 20).put("body", "Held across a restart."));
    restartReviewService();
    JsonArray held = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("review")
      .getJsonArray("pending");
    assertThat(held.stream().map(JsonObject.class::cast).map(p -> p.getString("body"))).containsExactly("Held across a restart.");

    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("pending", true)
      .put("file", "src/calc.py").put("line", 2).put("side", "old").put("body", "And this one."));
    call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "return").put("notes", "Done."));
    restartReviewService();
    JsonObject result = await(send(wait(id)));
    assertThat(result.getString("outcome")).isEqualTo("review");
    JsonObject batch = result.getJsonObject("feedback");
    assertThat(batch.getString("verdict")).isEqualTo("return");
    assertThat(batch.getString("notes")).isEqualTo("Done.");
    assertThat(batch.getJsonArray("comments").stream().map(JsonObject.class::cast)
      .map(c -> c.getString("file") + ":" + c.getInteger("line") + ":" + c.getString("side")))
      .containsExactly("src/list.txt:20:new", "src/calc.py:2:old");
    assertThat(result.getString("instructions")).contains("return to the agent", "And this one.");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void theAgentsNoteWithItsApprovalIsKeptForThePerson() throws Exception {
    String id = review();
    call(Addresses.REVIEW_COMPLETE, new JsonObject().put("review_id", id).put("action", "request_changes"));
    call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "approve")
      .put("body", "Done: math.pi everywhere."));
    JsonObject review = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("review");
    assertThat(review.getString("status")).isEqualTo("approved");
    JsonObject thread = review.getJsonArray("threads").getJsonObject(0);
    assertThat(thread.getValue("file")).isNull();
    assertThat(thread.getJsonArray("comments").getJsonObject(0).getString("author")).isEqualTo("agent");
    assertThat(thread.getJsonArray("comments").getJsonObject(0).getString("body")).isEqualTo("Done: math.pi everywhere.");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aNewRoundMovesTheHeadAndTheChangesSinceTheFirstRoundAreJustTheNewCommits() throws Exception {
    String id = review();
    String first = repo.git("rev-parse", "HEAD").strip();
    repo.write("src/calc.py", "import math\n\ndef area(r):\n    return math.pi * r ** 2\n").commit("third");
    String third = repo.git("rev-parse", "HEAD").strip();
    JsonObject round = call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "new_round"));
    assertThat(round.getInteger("round")).isEqualTo(2);
    assertThat(round.getString("head")).isEqualTo(third);
    JsonObject review = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id)).getJsonObject("review");
    assertThat(review.getString("head")).isEqualTo(third);
    assertThat(review.getJsonArray("rounds").getList()).containsExactly(first);
    JsonObject since = call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("since_round", 1))
      .getJsonObject("diff");
    assertThat(since.getJsonArray("files").stream().map(f -> ((JsonObject) f).getString("path"))).containsExactly("src/calc.py");
    assertThatThrownBy(() -> call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "new_round")))
      .hasMessageContaining("already " + third);
    assertThatThrownBy(() -> call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("since_round", 3)))
      .hasMessageContaining("has 2 round(s)");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void thePersonEditsOrDeletesACommentTheAgentHasNotReadAndResolvesThreads() throws Exception {
    String id = review();
    JsonObject first = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("file", "src/calc.py")
      .put("line", 2).put("body", "Typo hre."));
    String thread = first.getJsonObject("thread").getString("id");
    String comment = first.getJsonObject("comment").getString("id");
    JsonObject second = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("body", "Forget this."));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "edit").put("thread_id", thread)
      .put("comment_id", comment).put("body", "Typo here."));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "delete")
      .put("thread_id", second.getJsonObject("thread").getString("id"))
      .put("comment_id", second.getJsonObject("comment").getString("id")));

    JsonObject got = await(send(wait(id)));
    assertThat(got.getJsonObject("feedback").getString("body")).isEqualTo("Typo here.");
    assertThat(got.getInteger("pending")).as("the deleted comment is not queued").isZero();
    assertThatThrownBy(() -> call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "edit")
      .put("thread_id", thread).put("comment_id", comment).put("body", "Too late.")))
      .hasMessageContaining("has read comment " + comment + " already");

    JsonObject resolved = call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "resolve")
      .put("thread_id", thread));
    assertThat(resolved.getJsonObject("thread").getBoolean("resolved")).isTrue();
    assertThat(call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "unresolve")
      .put("thread_id", thread)).getJsonObject("thread").getBoolean("resolved")).isFalse();
    assertThatThrownBy(() -> call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("action", "add")))
      .hasMessageContaining("add needs body");
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void aCommentOutsideTheHunksReachesTheAgentWithItsLinesReadFromTheFile() throws Exception {
    String id = review();
    Future<JsonObject> wait = send(wait(id));
    call(Addresses.REVIEW_COMMENT, new JsonObject().put("review_id", id).put("file", "src/list.txt").put("line", 3)
      .put("body", "Why three?"));
    JsonObject got = await(wait);
    JsonObject context = got.getJsonObject("code_context");
    assertThat(context.getBoolean("from_file")).isTrue();
    assertThat(context.getJsonArray("lines").stream().map(JsonObject.class::cast).map(l -> l.getString("text")))
      .containsExactly("line 1", "line 2", "line 3", "line 4", "line 5", "line 6");
    assertThat(context.getJsonArray("lines").getJsonObject(2).getBoolean("target")).isTrue();
    assertThat(got.getString("instructions")).contains("outside the diff's hunks", "> 3 + line 3".replace("+", " "));
  }

  private static String marked(JsonObject line) {
    JsonArray words = line.getJsonArray("words");
    assertThat(words).as("changed words of " + line).hasSize(1);
    return line.getString("text").substring(words.getJsonArray(0).getInteger(0), words.getJsonArray(0).getInteger(1));
  }

  @Test
  @Timeout(value = 30, timeUnit = TimeUnit.SECONDS)
  void ignoringWhitespaceGivesGitsDashWDiffOfTheReviewARoundAndALoadedFile() throws Exception {
    String id = review();
    repo.write("src/calc.py", "def area(r):\n        return math.pi * r * r  \n")
      .write("src/list.txt", repo.git("show", "HEAD:src/list.txt").replace("line 30\n", "line thirty\n")).commit("third");
    call(Addresses.REVIEW_UPDATE, new JsonObject().put("review_id", id).put("action", "new_round"));
    JsonObject all = new JsonObject().put("review_id", id).put("ignore_whitespace", "all");
    JsonObject since = call(Addresses.REVIEW_GET, all.copy().put("since_round", 1));
    assertThat(since.getString("ignore_whitespace")).isEqualTo("all");
    assertThat(since.getJsonObject("diff").getJsonArray("files").stream().map(f -> ((JsonObject) f).getString("path")))
      .as("the round re-indented calc.py only: git's -w leaves it out").containsExactly("src/list.txt");
    assertThat(call(Addresses.REVIEW_GET, new JsonObject().put("review_id", id).put("since_round", 1))
      .getJsonObject("diff").getJsonArray("files")).hasSize(2);
    JsonObject whole = call(Addresses.REVIEW_GET, all.copy());
    assertThat(whole.getJsonObject("review").getString("id")).isEqualTo(id);
    JsonObject calc = file(whole.getJsonObject("diff"), "src/calc.py");
    String numstat = repo.git("diff", "--numstat", "-w", "--histogram", "HEAD~2", "HEAD", "--", "src/calc.py").trim();
    assertThat(calc.getInteger("additions") + "\t" + calc.getInteger("deletions") + "\tsrc/calc.py").isEqualTo(numstat);
    JsonObject loaded = file(call(Addresses.REVIEW_GET, all.copy().put("file", "src/calc.py")).getJsonObject("diff"),
      "src/calc.py");
    assertThat(loaded.getJsonArray("hunks").encode()).isEqualTo(calc.getJsonArray("hunks").encode());
    assertThatThrownBy(() -> call(Addresses.REVIEW_GET, all.copy().put("ignore_whitespace", "tabs")))
      .hasMessageContaining("ignore_whitespace");
  }

  private static JsonObject file(JsonObject diff, String path) {
    return diff.getJsonArray("files").stream().map(JsonObject.class::cast).filter(f -> f.getString("path").equals(path))
      .findFirst().orElseThrow();
  }

  private String review() throws Exception {
    return call(Addresses.REVIEW_REQUEST, new JsonObject().put("title", "Page data").put("commit_range", "HEAD")
      .put("wait", false)).getString("review_id");
  }

  private static JsonObject wait(String id) {
    return new JsonObject().put("review_id", id).put("action", "wait_for_feedback");
  }

  private Future<JsonObject> send(JsonObject args) {
    return BusRequests.request(vertx.eventBus(), Addresses.REVIEW_UPDATE, args,
      Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(20_000)));
  }

  private JsonObject call(String address, JsonObject args) throws Exception {
    return await(BusRequests.request(vertx.eventBus(), address, args,
      Caller.PERSON.stamp(new DeliveryOptions().setSendTimeout(20_000))));
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
  }
}
