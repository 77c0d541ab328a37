package dev.reviewgate.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.catalog.Tool;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.core.config.ReviewgateConfig;
import dev.reviewgate.core.testing.TempGitRepo;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The git tools' replies on a 3,000-commit range whose diff is far larger than a reply may be: every reply within
 * its budget (the call's, else diff.defaultTokenBudget), and what does not fit reached by following next_cursor to
 * the end (next_start_line for a file), the diff's pages joined byte for byte git's diff.
 */
class ReplyBudgetTest {

  private static final int COMMITS = 3_000;
  private static final int FILES = 400;
  /** A small default, so that a reply without a budget must be cut too. */
  private static final int DEFAULT_TOKENS = 8_000;
  private static final long DEFAULT_BYTES = ReplyBudget.bytesForTokens(DEFAULT_TOKENS);

  @TempDir
  static Path dir;
  private static TempGitRepo repo;
  private static Vertx vertx;
  private static String bigFile;

  @BeforeAll
  static void build() throws Exception {
    repo = new TempGitRepo(dir.resolve("repo"));
    repo.gitWithInput(history(), "fast-import", "--quiet");
    repo.git("checkout", "-q", "-f", "main");
    vertx = Vertx.vertx();
    GitBackendOptions options = GitBackendOptions.from(ReviewgateConfig.defaults().merge(new JsonObject()
      .put("repos", new JsonObject().put("demo", repo.dir().toString()))
      .put("diff", new JsonObject().put("defaultTokenBudget", DEFAULT_TOKENS))), null);
    vertx.deployVerticle(new GitVerticle(options, ToolCatalog.standard()))
      .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /**
   * A root commit of {@link #FILES} small files, then {@link #COMMITS} commits: each adds a line (quotes, a tab, an
   * accent) to one file; some add a new file, one a 20,000-line file, one a file of a single 40 KB line, one deletes
   * and one renames a file.
   */
  private static byte[] history() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<StringBuilder> files = new ArrayList<>();
    StringBuilder big = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      big.append("vendored line ").append(i).append(" {\"key\": \"value\\\\path\"}\n");
    }
    bigFile = big.toString();
    for (int c = 0; c <= COMMITS; c++) {
      StringBuilder commit = new StringBuilder();
      commit.append("commit refs/heads/main\nmark :").append(c + 1).append('\n')
        .append("author Ann Author <ann@example.com> ").append(1_700_000_000L + c * 60L).append(" +0100\n")
        .append("committer Ann Author <ann@example.com> ").append(1_700_000_000L + c * 60L).append(" +0100\n");
      data(commit, c == 0 ? "root" : "change " + c + ": say \"hi\"\n\nbody of " + c);
      if (c > 0) {
        commit.append("from :").append(c).append('\n');
      }
      if (c == 0) {
        for (int f = 0; f < FILES; f++) {
          files.add(new StringBuilder());
          for (int l = 0; l < 5; l++) {
            files.get(f).append("file ").append(f).append(" line ").append(l).append('\n');
          }
          inline(commit, path(f), files.get(f).toString());
        }
      } else if (c == 10) {
        inline(commit, "vendor/big.txt", bigFile);
      } else if (c == 20) {
        inline(commit, "min/long.js", "var x = \"" + "é".repeat(20_000) + "\";\n");
      } else if (c == 2_000) {
        commit.append("D ").append(path(7)).append('\n');
      } else if (c == 2_500) {
        commit.append("R ").append(path(8)).append(" moved/file8.txt\n");
      } else if (c % 50 == 0) {
        inline(commit, "new/n" + c + ".txt", "new file " + c + " line\n".repeat(200));
      } else {
        int f = c % FILES;
        if (f != 7 && f != 8) {
          files.get(f).append("commit ").append(c).append(" \"quoted\"\tand é\n");
          inline(commit, path(f), files.get(f).toString());
        }
      }
      out.writeBytes(commit.toString().getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  private static String path(int f) {
    return "src/d" + (f % 20) + "/file" + f + ".txt";
  }

  private static void data(StringBuilder out, String text) {
    out.append("data ").append(text.getBytes(StandardCharsets.UTF_8).length).append('\n').append(text).append('\n');
  }

  private static void inline(StringBuilder out, String path, String content) {
    out.append("M 100644 inline ").append(path).append('\n');
    data(out, content);
  }

  private static JsonObject call(String tool, JsonObject args) throws Exception {
    return BusRequests.request(vertx.eventBus(), ToolCatalog.standard().require(tool).address(), args.copy().put("repo", "demo"),
      60_000).toCompletionStage().toCompletableFuture().get(90, TimeUnit.SECONDS);
  }

  private static JsonObject range() {
    return new JsonObject().put("base", "HEAD~" + COMMITS).put("head", "HEAD");
  }

  /** Calls {@code tool} page by page until it gives no next_cursor; each page within {@code bytes} and handed on. */
  private static int pages(String tool, JsonObject args, long bytes, Consumer<JsonObject> page) throws Exception {
    Tool declared = ToolCatalog.standard().require(tool);
    int pages = 0;
    for (String cursor = null; pages == 0 || cursor != null; pages++) {
      assertThat(pages).as("%s pages", tool).isLessThan(2_000);
      JsonObject reply = call(tool, cursor == null ? args : args.copy().put("cursor", cursor));
      assertThat(ReplyBudget.wireBytes(reply, declared.replyContent())).as("%s page %s", tool, pages)
        .isLessThanOrEqualTo((long) (bytes * 1.1));
      page.accept(reply);
      cursor = reply.getString("next_cursor");
    }
    return pages;
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "token_budget", "max_bytes"})
  void aThreeThousandCommitRangeReadsToItsEndByCursorAndThePagesJoinedAreGitsDiff(String limit) throws Exception {
    JsonObject args = range();
    long bytes = switch (limit) {
      case "token_budget" -> {
        args.put("token_budget", 12_000);
        yield ReplyBudget.bytesForTokens(12_000);
      }
      case "max_bytes" -> {
        args.put("max_bytes", 30_000);
        yield 30_000;
      }
      default -> DEFAULT_BYTES;
    };
    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    int pages = pages("git_diff", args, bytes, page -> joined.writeBytes(page.getString("diff").getBytes(StandardCharsets.UTF_8)));
    byte[] git = repo.gitBytes("diff", "--histogram", "-M", "HEAD~" + COMMITS, "HEAD");
    assertThat(git.length).as("the diff is far larger than a reply").isGreaterThan(20 * (int) bytes);
    assertThat(pages).isGreaterThanOrEqualTo((int) (git.length / bytes));
    assertThat(Arrays.equals(joined.toByteArray(), git)).as("the pages joined are git's diff").isTrue();
  }

  @Test
  void aSmallDiffIsOneWholeReplyWithoutACursor() throws Exception {
    JsonObject reply = call("git_diff", new JsonObject().put("commit", "HEAD"));
    assertThat(reply.containsKey("next_cursor")).isFalse();
    assertThat(reply.getString("diff")).isEqualTo(repo.git("diff", "--histogram", "-M", "HEAD~1", "HEAD"));
  }

  @Test
  void theStatAndTheChangedFilesPageToTheEndWithinTheBudget() throws Exception {
    Set<String> changed = new LinkedHashSet<>(Arrays.asList(
      repo.git("diff", "--name-only", "-M", "HEAD~" + COMMITS, "HEAD").strip().split("\n")));
    for (String tool : List.of("git_diff_stat", "git_changed_files")) {
      List<String> listed = new ArrayList<>();
      List<String> statLines = new ArrayList<>();
      int pages = pages(tool, range(), DEFAULT_BYTES, page -> {
        page.getJsonArray("files").forEach(f -> listed.add(((JsonObject) f).getString("path")));
        if (page.containsKey("text")) {
          String[] lines = page.getString("text").split("\n");
          statLines.addAll(Arrays.asList(lines).subList(0, lines.length - 1));
          assertThat(lines[lines.length - 1]).matches(" \\d+ files? changed.*");
        }
      });
      assertThat(pages).as(tool).isGreaterThan(1);
      assertThat(listed).as(tool).hasSize(changed.size());
      assertThat(new LinkedHashSet<>(listed)).as(tool).isEqualTo(changed);
      if (tool.equals("git_diff_stat")) {
        assertThat(statLines).hasSize(changed.size());
      }
    }
  }

  @Test
  void theLogPagesToTheEndWithinTheBudgetAsLinesAPersonReads() throws Exception {
    List<String> shas = new ArrayList<>();
    int pages = pages("git_log", new JsonObject().put("range", "HEAD~" + COMMITS + "..HEAD").put("limit", 1000), DEFAULT_BYTES,
      page -> {
        page.getJsonArray("commits").forEach(c -> shas.add(((JsonObject) c).getString("sha")));
        String[] lines = page.getString("text").split("\n");
        assertThat(lines).hasSize(page.getJsonArray("commits").size());
        assertThat(lines[0]).matches("[0-9a-f]{7} \\d{4}-\\d\\d-\\d\\d Ann Author: change \\d+: say \"hi\"");
      });
    assertThat(pages).isGreaterThan(3);
    assertThat(shas).isEqualTo(Arrays.asList(repo.git("rev-list", "HEAD~" + COMMITS + "..HEAD").strip().split("\n")));
  }

  @Test
  void grepPagesItsMatchesWithinTheBudget() throws Exception {
    List<String> lines = new ArrayList<>();
    int pages = pages("git_grep", new JsonObject().put("pattern", "commit").put("fixed", true).put("max_matches", 1000),
      DEFAULT_BYTES, page -> lines.addAll(Arrays.asList(page.getString("text").split("\n"))));
    assertThat(pages).isGreaterThan(1);
    assertThat(lines).hasSize(1000).allMatch(line -> line.matches("src/d\\d+/file\\d+\\.txt:\\d+:commit \\d+ \"quoted\"\tand é"));
  }

  @Test
  void aLargeFileIsShownInPartsWithinTheBudgetAndNextStartLineGoesOn() throws Exception {
    StringBuilder joined = new StringBuilder();
    Integer start = 1;
    int parts = 0;
    while (start != null) {
      assertThat(parts++).isLessThan(500);
      JsonObject reply = call("git_show_file", new JsonObject().put("path", "vendor/big.txt").put("start_line", start));
      assertThat(ReplyBudget.wireBytes(reply, ToolCatalog.standard().require("git_show_file").replyContent()))
        .isLessThanOrEqualTo((long) (DEFAULT_BYTES * 1.1));
      joined.append(reply.getString("content"));
      start = reply.getInteger("next_start_line");
    }
    assertThat(parts).isGreaterThan(20);
    assertThat(joined.toString()).isEqualTo(bigFile);

    JsonObject numbered = call("git_show_file", new JsonObject().put("path", "vendor/big.txt").put("start_line", 9)
      .put("end_line", 10).put("line_numbers", true));
    assertThat(numbered.getString("content")).isEqualTo(" 9\tvendored line 8 {\"key\": \"value\\\\path\"}\n"
      + "10\tvendored line 9 {\"key\": \"value\\\\path\"}\n");
  }

  @Test
  void aLineLongerThanTheBudgetIsShownByItsStart() throws Exception {
    JsonObject reply = call("git_show_file", new JsonObject().put("path", "min/long.js"));
    assertThat(ReplyBudget.wireBytes(reply, ToolCatalog.standard().require("git_show_file").replyContent()))
      .isLessThanOrEqualTo((long) (DEFAULT_BYTES * 1.1));
    assertThat(reply.getString("content")).startsWith("var x = \"éé").hasSizeGreaterThan(5_000);
    assertThat(reply.getBoolean("truncated")).isTrue();
    assertThat(reply.getString("message")).contains("line 1 alone is longer than");
  }

  @Test
  void aCursorOfAnotherRangeIsRefused() throws Exception {
    String cursor = call("git_diff", range()).getString("next_cursor");
    assertThat(cursor).isNotNull();
    JsonArray none = new JsonArray();
    Exception refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
      () -> call("git_diff", new JsonObject().put("base", "HEAD~10").put("head", "HEAD").put("cursor", cursor)));
    assertThat(refused).hasMessageContaining("issued for another result");
    assertThat(none).isEmpty();
  }
}
