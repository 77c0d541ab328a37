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
import dev.reviewgate.diff.render.ByteSink;
import dev.reviewgate.diff.shape.Cut;
import dev.reviewgate.diff.shape.ShapeOptions;
import dev.reviewgate.diff.shape.Shaper;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

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
 * next_skip: integer                       -- present when more files remain after this page
 * cut: [{path, old_path, status, additions, deletions, shown_additions, shown_deletions, omitted_hunks,
 *        omitted, reason: max_lines_per_file|max_bytes|token_budget, tokens, fetch: {arguments}}]
 *                                          -- present when a limit cut or left out files; fetch is the call's
 *                                             arguments (without diff) set to return that file whole
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
    return shape(diff, arguments, binarySizes, true);
  }

  /** As {@link #shape(Diff, JsonObject, java.util.function.Function)}; {@code format=stat} quotes names as {@code quotePath} (git's core.quotePath) says. */
  public JsonObject shape(Diff diff, JsonObject arguments, java.util.function.Function<FileDiff, BinarySizes> binarySizes,
                          boolean quotePath) {
    JsonObject args = arguments == null ? new JsonObject() : arguments;
    ShapeOptions o = ShapeOptions.from(args, options);
    Shaper.Shaped shaped = Shaper.shape(diff, o, options);
    JsonObject result = new JsonObject()
      .put("summary", shaped.summary())
      .put("warnings", new JsonArray(shaped.warnings()));
    if (o.filesOnly()) {
      result.put("files", FileListRenderer.render(shaped.files(), o.counts()));
    } else {
      switch (o.format()) {
        case UNIFIED -> {
          ByteSink out = new ByteSink(1024);
          shaped.files().forEach(f -> UnifiedRenderer.writeFile(f, out));
          result.put("diff", out.toUtf8());
        }
        case SIDE_BY_SIDE -> result.put("diff", SideBySideRenderer.render(shaped.files(), o.sideBySideWidth()));
        case JSON -> result.put("files", JsonRenderer.render(shaped.files()));
        case STAT -> result.put("stat", StatRenderer.render(shaped.files(), options.statWidth(), binarySizes, quotePath));
      }
    }
    if (shaped.nextSkip() != null) {
      result.put("next_skip", shaped.nextSkip());
    }
    if (!shaped.cuts().isEmpty()) {
      JsonArray cuts = new JsonArray();
      for (Cut c : shaped.cuts()) {
        cuts.add(c.toJson(args, options.maxLinesPerFile()));
      }
      result.put("cut", cuts);
    }
    if (shaped.markers() != null) {
      result.put("markers", shaped.markers());
    }
    return result;
  }

  /** Parse then shape: what {@code diff_parse} does. */
  public JsonObject parseAndShape(byte[] text, JsonObject arguments) {
    return shape(parse(text), arguments);
  }
}
