package dev.reviewgate.diff;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.BinarySizes;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.parse.DiffParser;
import dev.reviewgate.diff.render.FileListRenderer;
import dev.reviewgate.diff.render.JsonRenderer;
import dev.reviewgate.diff.render.SideBySideRenderer;
import dev.reviewgate.diff.render.StatRenderer;
import dev.reviewgate.diff.render.UnifiedRenderer;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.diff.shape.Cut;
import dev.reviewgate.diff.shape.PageCursor;
import dev.reviewgate.diff.shape.ReplyBudget;
import dev.reviewgate.diff.shape.TextPager;
import dev.reviewgate.diff.shape.ShapeOptions;
import dev.reviewgate.diff.shape.Shaper;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;

/**
 * The diff engine's front door, used in-process by every diff-producing tool (diff_parse, git_diff,
 * github_get_pull_request_diff, reviews), so that no megabyte diff crosses the event bus. Thread-safe and
 * stateless apart from its options.
 *
 * <h2>Result of {@link #shape}</h2>
 * Every result has:
 * <pre>
 * summary:  {files, additions, deletions, changes: {added, modified, deleted, renamed, copied, mode_changed},
 *            total_files}          -- of the files selected by files/include/exclude (before paging and cuts);
 *                                    total_files counts the whole input
 * warnings: [string]               -- filters applied, paging, cuts, stripped binaries, ignored non-diff text
 * </pre>
 * and, depending on the options:
 * <pre>
 * files_only=true:       files: [{path, old_path, status, additions, deletions, binary}]
 *   with counts=false:   files: [{path, old_path, status, similarity?, old_mode?, new_mode?}] (similarity for a
 *                                 rename or copy, modes when they changed); summary without additions/deletions.
 *                                 The counts are simply left out here; the git backend reads no content at all.
 * format=unified:        diff: string      -- git-style unified text of the shown files (no e-mail text)
 * format=side_by_side:   diff: string      -- "=== path (status) ===", an OLD/NEW title row, "@@ ... @@" per hunk,
 *                                             rows "&lt;old no&gt; &lt;old text&gt; &lt;mark&gt; &lt;new no&gt; &lt;new text&gt;",
 *                                             mark ' ' same, '|' changed, '&lt;' deleted, '&gt;' added
 * format=json:           files: [{path, old_path, status, additions, deletions, binary, old_mode, new_mode,
 *                                 similarity, index, cut, headers: [string],
 *                                 hunks: [{old_start, old_count, new_start, new_count, heading,
 *                                          lines: [{kind: context|add|delete|no_newline, old, new, text}]}]}]
 *                                 (old/new: line numbers, null where the line has none; text without the
 *                                 +/-/space prefix and without the final \n)
 * format=stat:           stat: string      -- like git diff --stat=&lt;diff.statWidth&gt;
 * next_skip: integer                       -- present when more files remain after this page (skip/top)
 * next_cursor: string                      -- present when the reply was cut to its budget (max_bytes,
 *                                             token_budget, else diff.defaultTokenBudget): pass it as cursor,
 *                                             with the same arguments, for the next page; the text pages joined
 *                                             are the whole text byte for byte
 * cut: {files, by_reason: {max_lines_per_file: n}, first: [{path, reason, additions, deletions,
 *       shown_additions, shown_deletions, omitted_hunks, tokens}], fetch: {arguments}}
 *                                          -- present when max_lines_per_file cut files; first names at most 5,
 *                                             fetch is the call's arguments set to return the first whole
 * markers: [{path, line, marker, text}]    -- present when markers=true; added lines only, new line numbers
 * </pre>
 * In {@code files} the counts are those of the hunks shown ({@code cut: true} marks a file a limit shortened);
 * {@code cut} gives both the whole file's counts and the shown ones.
 * Strings are UTF-8 decoded; bytes that are not UTF-8 appear as U+FFFD. Byte-exact output is only available
 * in-process through {@link #render(Diff)}.
 */
public final class DiffEngine {

  private final DiffOptions options;
  private final DiffParser parser;

  public DiffEngine(DiffOptions options) {
    this.options = options;
    this.parser = new DiffParser(options.maxLineBytes());
  }

  /** @param diffSection the {@code diff} section of the configuration (limits and defaults) */
  public DiffEngine(JsonObject diffSection) {
    this(DiffOptions.from(diffSection));
  }

  public DiffOptions options() {
    return options;
  }

  /**
   * Parses unified or git-style diff bytes.
   *
   * @throws dev.reviewgate.core.ToolException 400 naming the line number and what was expected; 413 when the
   *                                           input exceeds {@code diff.maxInputBytes}
   */
  public Diff parse(byte[] text) {
    if (text.length > options.maxInputBytes()) {
      throw ToolException.tooLarge("the diff is " + text.length + " bytes, more than the limit of "
        + options.maxInputBytes() + " bytes (diff.maxInputBytes); diff fewer files or paths at a time");
    }
    return parser.parse(text);
  }

  /** The diff as unified text, byte for byte what was parsed ({@code render(parse(x))} equals {@code x}). */
  public byte[] render(Diff diff) {
    return UnifiedRenderer.render(diff);
  }

  /**
   * Shapes a diff into a tool result: {@code summary}, {@code warnings}, and the body the options ask for (see the
   * class documentation for every field).
   *
   * @param arguments the tool's arguments; only the shaping options (catalog fragment {@code diff-shaping}) are read
   */
  public JsonObject shape(Diff diff, JsonObject arguments) {
    return shape(diff, arguments, file -> null);
  }

  /**
   * As {@link #shape(Diff, JsonObject)}, with the sizes of binary files that the diff's text does not carry (the git
   * backend knows them), so that {@code format=stat} prints {@code Bin 0 -> 24 bytes} as git does.
   *
   * @param binarySizes a binary file's sizes, or null where they are not known
   */
  public JsonObject shape(Diff diff, JsonObject arguments, java.util.function.Function<FileDiff, BinarySizes> binarySizes) {
    return shape(diff, arguments, binarySizes, new JsonObject(), true);
  }

  /**
   * As {@link #shape(Diff, JsonObject, java.util.function.Function)}, the result beginning with {@code about} (what
   * the caller says of the diff: its repository and sides), which the budget counts and the cursor is pinned to;
   * {@code format=stat} quotes names as {@code quotePath} (git's core.quotePath) says.
   */
  public JsonObject shape(Diff diff, JsonObject arguments, java.util.function.Function<FileDiff, BinarySizes> binarySizes,
                          JsonObject about, boolean quotePath) {
    return shape(diff, arguments, binarySizes, about, quotePath, 0);
  }

  /**
   * As {@link #shape(Diff, JsonObject)}, for a reply that holds {@code beside} bytes of its caller's besides this
   * result (a forge's change list): its budget is that much smaller, and the cursor is not pinned to them.
   */
  public JsonObject shapeBeside(Diff diff, JsonObject arguments, long beside) {
    return shape(diff, arguments, file -> null, new JsonObject(), true, beside);
  }

  private JsonObject shape(Diff diff, JsonObject arguments, java.util.function.Function<FileDiff, BinarySizes> binarySizes,
                           JsonObject about, boolean quotePath, long beside) {
    JsonObject args = arguments == null ? new JsonObject() : arguments;
    ShapeOptions o = ShapeOptions.from(args, options);
    ReplyBudget budget = ReplyBudget.of(args, options.defaultTokenBudget()).less(beside);
    Shaper.Shaped shaped = Shaper.shape(diff, o, options);
    JsonObject result = about.copy()
      .put("summary", shaped.summary())
      .put("warnings", new JsonArray(shaped.warnings()));
    if (shaped.nextSkip() != null) {
      result.put("next_skip", shaped.nextSkip());
    }
    if (!shaped.cuts().isEmpty()) {
      result.put("cut", Cut.summary(shaped.cuts(), args, options.maxLinesPerFile()));
    }
    if (shaped.markers() != null) {
      result.put("markers", shaped.markers());
    }
    String fingerprint = PageCursor.fingerprint(about.encode(), shaped.summary().encode(), o.format().name(),
      String.valueOf(o.filesOnly()), String.valueOf(o.counts()), String.valueOf(o.contextLines()), String.valueOf(o.skip()),
      String.valueOf(o.top()), String.valueOf(o.maxLinesPerFile()), String.valueOf(o.sideBySideWidth()),
      String.valueOf(o.files()), String.valueOf(o.include()), String.valueOf(o.exclude()));
    long from = PageCursor.read(args.getValue("cursor"), fingerprint);
    // Room for the text or list once the rest is paid, with what paging adds (next_cursor and its warning).
    JsonObject paged = result.copy().put("next_cursor", PageCursor.write(Long.MAX_VALUE, fingerprint));
    paged.getJsonArray("warnings").add(PAGE_NOTE_ROOM + longestPath(shaped.files()));
    long room = budget.textRoom(paged);
    if (room < 200) {
      throw budget.tooSmall(paged);
    }
    if (o.filesOnly()) {
      return pageEntries(result, "files", FileListRenderer.render(shaped.files(), o.counts()), from, fingerprint, budget);
    }
    switch (o.format()) {
      case UNIFIED -> {
        return pageText(result, TextPager.of(shaped.files(), from, room), fingerprint, budget);
      }
      case SIDE_BY_SIDE -> {
        byte[] text = SideBySideRenderer.render(shaped.files(), o.sideBySideWidth()).getBytes(StandardCharsets.UTF_8);
        return pageText(result, TextPager.of(text, from, room), fingerprint, budget);
      }
      case JSON -> {
        return pageEntries(result, "files", withWholeCounts(JsonRenderer.render(shaped.files()), shaped), from,
          fingerprint, budget);
      }
      default -> {
        return pageStat(result, shaped.files(), binarySizes, quotePath, from, fingerprint, budget);
      }
    }
  }

  /**
   * A file a limit cut says so on itself: {@code additions}/{@code deletions} are the whole file's (git's numstat),
   * {@code shown_additions}, {@code shown_deletions} and {@code omitted_hunks} what the entry shows, so that the
   * counts never depend on what happened to fit (the {@code cut} summary names only the first few files).
   */
  private static JsonArray withWholeCounts(JsonArray rendered, Shaper.Shaped shaped) {
    java.util.Map<FileDiff, Cut> byShown = new java.util.IdentityHashMap<>();
    for (Cut c : shaped.cuts()) {
      if (c.shown() != null) {
        byShown.put(c.shown(), c);
      }
    }
    if (byShown.isEmpty()) {
      return rendered;
    }
    for (int i = 0; i < rendered.size(); i++) {
      Cut c = byShown.get(shaped.files().get(i));
      if (c != null) {
        rendered.getJsonObject(i).put("additions", c.original().additions()).put("deletions", c.original().deletions())
          .put("shown_additions", c.shown().additions()).put("shown_deletions", c.shown().deletions())
          .put("omitted_hunks", c.original().hunks().size() - c.shown().hunks().size());
      }
    }
    return rendered;
  }

  /** What a paging warning takes besides a path, kept free in the budget. */
  private static final String PAGE_NOTE_ROOM = "x".repeat(220);

  private static String longestPath(java.util.List<FileDiff> files) {
    String longest = "";
    for (FileDiff f : files) {
      if (f.path() != null && f.path().length() > longest.length()) {
        longest = f.path();
      }
    }
    return longest;
  }

  private static JsonObject pageText(JsonObject result, TextPager.Page page, String fingerprint, ReplyBudget budget) {
    result.put("diff", new String(page.text(), StandardCharsets.UTF_8));
    if (page.whole()) {
      return result;
    }
    long to = page.next() < 0 ? page.total() : page.next();
    if (page.next() >= 0) {
      result.put("next_cursor", PageCursor.write(page.next(), fingerprint));
    }
    result.getJsonArray("warnings").add("page: bytes " + page.from() + "-" + to + " of the diff's " + page.total()
      + (page.inside() ? ", beginning inside " + page.firstPath() : "") + (page.next() >= 0 ? "; cut to fit "
      + budget.limit() + ": call again with cursor=next_cursor for the rest (the pages joined are the diff)" : "; the last page"));
    return result;
  }

  /** The entries of a list from {@code from} that fit the budget, with {@code next_cursor} when more follow. */
  private static JsonObject pageEntries(JsonObject result, String field, JsonArray entries, long from, String fingerprint,
                                        ReplyBudget budget) {
    int start = (int) Math.min(from, entries.size());
    return budget.largest(entries.size() - start, k -> PageCursor.paged(result.copy().put(field,
      new JsonArray(entries.getList().subList(start, start + k))), start, start + k, entries.size(), "entries",
      fingerprint, budget), ReplyContent.NONE);
  }

  /** The stat of the files from {@code from} that fit the budget, its totals line counting those files. */
  private JsonObject pageStat(JsonObject result, java.util.List<FileDiff> files,
                              java.util.function.Function<FileDiff, BinarySizes> binarySizes, boolean quotePath,
                              long from, String fingerprint, ReplyBudget budget) {
    int start = (int) Math.min(from, files.size());
    return budget.largest(files.size() - start, k -> PageCursor.paged(result.copy().put("stat",
      StatRenderer.render(files.subList(start, start + k), options.statWidth(), binarySizes, quotePath)), start, start + k,
      files.size(), "the stat (its last line counting them) of files", fingerprint, budget), ReplyContent.NONE);
  }

  /** Parse then shape: what {@code diff_parse} does. */
  public JsonObject parseAndShape(byte[] text, JsonObject arguments) {
    return shape(parse(text), arguments);
  }
}
