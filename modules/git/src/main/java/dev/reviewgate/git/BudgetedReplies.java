package dev.reviewgate.git;

import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.shape.PageCursor;
import dev.reviewgate.diff.shape.ReplyBudget;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The replies of the git tools whose size grows with the repository, fitted to the call's budget
 * ({@link ReplyBudget}: {@code max_bytes}, {@code token_budget}, else {@code diff.defaultTokenBudget}): the longest
 * first part of the list that fits, measured as the client reads it (the tool's catalog {@code replyContent}), with
 * {@code next_cursor} for the rest ({@code next_start_line} for a file's lines). {@link GitJson} writes each part.
 */
final class BudgetedReplies {

  private final ToolCatalog catalog;
  private final int defaultTokens;

  BudgetedReplies(ToolCatalog catalog, int defaultTokens) {
    this.catalog = catalog;
    this.defaultTokens = defaultTokens;
  }

  ReplyBudget budget(JsonObject args) {
    return ReplyBudget.of(args, defaultTokens);
  }

  /** {@code git_log}: the page's first commits that fit; its cursor goes on after them. */
  JsonObject log(JsonObject args, LogPage page) {
    ReplyBudget budget = budget(args);
    return budget.largest(page.commits().size(), k -> {
      JsonObject reply = GitJson.logPage(page.first(k));
      return k < page.commits().size() ? reply.put("warnings", new JsonArray().add("this page was cut to " + k + " of "
        + page.commits().size() + " commits to fit " + budget.limit() + "; call again with cursor=next_cursor for the rest"))
        : reply;
    }, content("git_log"));
  }

  /** {@code git_changed_files}: the files from the cursor that fit; {@code totals} count them all. */
  JsonObject changedFiles(JsonObject args, ChangedFiles changed) {
    return paged("git_changed_files", args, changed, GitJson::changedFiles);
  }

  /** {@code git_diff_stat}: the stat of the files from the cursor that fit, as git prints the stat of those files. */
  JsonObject diffStat(JsonObject args, ChangedFiles changed, int width) {
    return paged("git_diff_stat", args, changed, part -> GitJson.diffStat(part, width));
  }

  /** {@code git_grep}: the matches from the cursor that fit. */
  JsonObject grep(JsonObject args, GrepResult result) {
    ReplyBudget budget = budget(args);
    String fingerprint = PageCursor.fingerprint("git_grep", result.repo(), result.sha(), args.getString("pattern"),
      String.valueOf(args.getValue("fixed")), String.valueOf(args.getValue("ignore_case")),
      String.valueOf(args.getValue("paths")), String.valueOf(args.getValue("max_matches")));
    int all = result.matches().size();
    int start = (int) Math.min(PageCursor.read(args.getValue("cursor"), fingerprint), all);
    return budget.largest(all - start, k -> {
      GrepResult part = new GrepResult(result.repo(), result.sha(), result.matches().subList(start, start + k),
        result.filesSearched(), result.truncated(), result.message(), result.filesSkippedTooLarge(),
        result.skippedTooLarge());
      return PageCursor.paged(GitJson.grep(part), start, start + k, all, "matches", fingerprint, budget);
    }, content("git_grep"));
  }

  /**
   * {@code git_show_file}: the lines that fit, cut after a whole line (a single line longer than the budget, after
   * its first part); the reply then says where to go on ({@code next_start_line}).
   */
  JsonObject fileContent(JsonObject args, FileContent content) {
    boolean numbers = Boolean.TRUE.equals(args.getValue("line_numbers"));
    if (!(content instanceof FileContent.Text text)) {
      return GitJson.fileContent(content, numbers);
    }
    ReplyBudget budget = budget(args);
    List<Integer> ends = lineEnds(text.content());
    ReplyContent declared = content("git_show_file");
    if (!ends.isEmpty()) {
      JsonObject first = GitJson.fileContent(ends.size() == 1 ? text : partOf(text, 1, ends.get(0), budget), numbers);
      if (!budget.fits(first, declared)) {
        return longLine(text, ends.get(0), numbers, budget, declared);
      }
    }
    return budget.largest(ends.size(), k -> {
      if (k == ends.size()) {
        return GitJson.fileContent(text, numbers);
      }
      return GitJson.fileContent(partOf(text, k, ends.get(k - 1), budget), numbers);
    }, declared);
  }

  /** The first {@code lines} lines of {@code text} (its first {@code chars} characters), saying where to go on. */
  private static FileContent.Text partOf(FileContent.Text text, int lines, int chars, ReplyBudget budget) {
    int last = text.startLine() + lines - 1;
    String message = "lines " + text.startLine() + " to " + last + " of " + text.totalLines() + " fit " + budget.limit()
      + "; call again with start_line=" + (last + 1) + " for the rest";
    return new FileContent.Text(text.entry(), text.size(), text.symlink(), text.totalLines(), text.startLine(), last,
      text.content().substring(0, chars), last + 1, message);
  }

  /** A first line longer than the budget: as much of its start as fits (a minified file), and how to go on. */
  private static JsonObject longLine(FileContent.Text text, int lineEnd, boolean numbers, ReplyBudget budget,
                                     ReplyContent declared) {
    int line = text.startLine();
    String message = "line " + line + " alone is longer than " + budget.limit() + ": only its start is shown; git_grep "
      + "finds what you need in it" + (text.totalLines() > line ? ", and start_line=" + (line + 1) + " goes on after it" : "");
    int next = line + 1; // past the end for a file of one line: the reply is still marked truncated
    int low = 1;
    int high = lineEnd;
    JsonObject best = null;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int cut = Character.isHighSurrogate(text.content().charAt(mid - 1)) ? mid - 1 : mid; // a character whole
      JsonObject candidate = GitJson.fileContent(new FileContent.Text(text.entry(), text.size(), text.symlink(),
        text.totalLines(), line, line, text.content().substring(0, cut), next, message), numbers);
      if (budget.fits(candidate, declared)) {
        best = candidate;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return best != null ? best : GitJson.fileContent(new FileContent.Text(text.entry(), text.size(), text.symlink(),
      text.totalLines(), line, line, "", next, message), numbers);
  }

  private interface Encoder {
    JsonObject encode(ChangedFiles part);
  }

  private JsonObject paged(String tool, JsonObject args, ChangedFiles changed, Encoder encoder) {
    ReplyBudget budget = budget(args);
    String fingerprint = PageCursor.fingerprint(tool, changed.repo(), changed.base(), changed.head(),
      String.valueOf(args.getValue("paths")), String.valueOf(args.getValue("counts")),
      String.valueOf(args.getValue("ignore_whitespace")));
    int all = changed.files().size();
    int start = (int) Math.min(PageCursor.read(args.getValue("cursor"), fingerprint), all);
    JsonObject totals = encoder.encode(changed).getJsonObject("totals");
    return budget.largest(all - start, k -> {
      ChangedFiles part = new ChangedFiles(changed.repo(), changed.base(), changed.head(),
        changed.files().subList(start, start + k), changed.counted(), changed.note(), changed.quotePath());
      JsonObject reply = encoder.encode(part);
      if (k < all) {
        reply.put("totals", totals); // of every file, not of this page's
      }
      return PageCursor.paged(reply, start, start + k, all, "files", fingerprint, budget);
    }, content(tool));
  }

  private ReplyContent content(String tool) {
    return catalog.require(tool).replyContent();
  }

  /** The offset after each line of {@code text} (a last line without newline included). */
  private static List<Integer> lineEnds(String text) {
    List<Integer> ends = new java.util.ArrayList<>();
    int at = 0;
    while (at < text.length()) {
      int end = text.indexOf('\n', at);
      at = end < 0 ? text.length() : end + 1;
      ends.add(at);
    }
    return ends;
  }
}
