package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import dev.reviewgate.core.git.GitService;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * What reviews need from git, asked over the event bus (so a review node needs no repository of its own in a
 * cluster): the structured diff of a commit range, with the SHAs git compared and the marker comments in added lines.
 */
final class GitSource {

  private final EventBus bus;
  private final long timeoutMs;
  private final GitService git;
  private final int maxLinesPerFile;

  GitSource(EventBus bus, long timeoutMs, int maxLinesPerFile) {
    this.bus = bus;
    this.timeoutMs = timeoutMs;
    this.git = GitService.overBus(bus, timeoutMs);
    this.maxLinesPerFile = maxLinesPerFile;
  }

  /** A diff as git computed it, with the SHAs it compared. */
  record Fetched(PinnedRange range, DiffView view) {
  }

  /**
   * Diffs {@code commitRange} as given: {@code a..b}, {@code A...B} (from the merge base), or one revision such as
   * {@code HEAD} or {@code HEAD~2} (that commit against its first parent). One request, so the SHAs and the diff
   * always belong together.
   */
  Future<Fetched> open(String repo, String commitRange) {
    String range = commitRange.trim();
    if (range.isEmpty() || range.startsWith("-")) {
      return Future.failedFuture(ToolException.invalid("commit_range '" + commitRange + "' is not a revision range; "
        + "use HEAD, a revision such as HEAD~2 or a SHA, a..b, or A...B."));
    }
    return fetch(GitService.DiffQuery.of(repo, range)).map(answer -> new Fetched(
      new PinnedRange(answer.repo(), answer.base(), answer.head()), DiffView.fromGitDiff(answer.result())));
  }

  /**
   * The review's base against {@code revision}: a new round's diff, with the SHA {@code revision} names pinned. A
   * review of a root commit (no base) compares with the empty tree again.
   */
  Future<Fetched> advance(PinnedRange current, String revision) {
    GitService.DiffQuery query = current.base() == null ? GitService.DiffQuery.of(current.repo(), revision)
      : GitService.DiffQuery.between(current.repo(), current.base(), revision);
    return fetch(query).map(answer -> new Fetched(new PinnedRange(answer.repo(), current.base(), answer.head()),
      DiffView.fromGitDiff(answer.result())));
  }

  /** The diff between SHAs pinned earlier. */
  Future<DiffView> diff(PinnedRange range) {
    return diff(range, null);
  }

  /**
   * As {@link #diff(PinnedRange)}, lines compared ignoring whitespace as git_diff's {@code ignore_whitespace} says
   * ({@code all}, {@code change}, {@code eol}; null: not ignored): git's {@code git diff -w} and its numstat.
   */
  Future<DiffView> diff(PinnedRange range, String ignoreWhitespace) {
    return git.diff(query(range).shapedBy(withWhitespace(shaping(maxLinesPerFile), ignoreWhitespace)))
      .map(answer -> DiffView.fromGitDiff(answer.result()));
  }

  /**
   * One file's diff between pinned SHAs, cut only after {@code maxLines} lines (the page's "Load diff"), whitespace
   * ignored as {@link #diff(PinnedRange, String)} says.
   */
  Future<DiffView> wholeFile(PinnedRange range, String path, int maxLines, String ignoreWhitespace) {
    return git.diff(query(range).shapedBy(withWhitespace(shaping(maxLines), ignoreWhitespace)
      .put("files", new JsonArray().add(path)))).map(answer -> DiffView.fromGitDiff(answer.result()));
  }

  private static JsonObject withWhitespace(JsonObject shaping, String ignoreWhitespace) {
    return ignoreWhitespace == null ? shaping : shaping.put("ignore_whitespace", ignoreWhitespace);
  }

  /**
   * Lines {@code start}..{@code end} of {@code path} as of the old side (base) or the new side (head) of a pinned
   * range: {@code {start_line, end_line, total_lines, lines: [text]}}, fewer at the end of the file.
   */
  Future<JsonObject> lines(PinnedRange range, String side, String path, int start, int end) {
    String revision = "old".equals(side) ? range.base() : range.head();
    if (revision == null) {
      return Future.failedFuture(ToolException.invalid("the old side of this review is the empty tree; it has no "
        + "lines. Ask for side new."));
    }
    JsonObject args = new JsonObject().put("repo", range.repo()).put("revision", revision).put("path", path)
      .put("start_line", start).put("end_line", end);
    return BusRequests.request(bus, Addresses.GIT_SHOW_FILE, args, timeoutMs).map(file -> {
      if (file.getBoolean("binary", false)) {
        throw ToolException.invalid(path + " is binary at " + revision + "; it has no lines to show.");
      }
      String content = file.getString("content", "");
      JsonArray lines = new JsonArray();
      if (!content.isEmpty()) {
        String[] split = content.split("\n", -1);
        int count = content.endsWith("\n") ? split.length - 1 : split.length;
        for (int i = 0; i < count; i++) {
          lines.add(split[i].endsWith("\r") ? split[i].substring(0, split[i].length() - 1) : split[i]);
        }
      }
      int first = file.getInteger("start_line", start);
      return new JsonObject().put("file", path).put("side", "old".equals(side) ? "old" : "new")
        .put("start_line", first).put("end_line", first + lines.size() - 1)
        .put("total_lines", file.getInteger("total_lines")).put("lines", lines);
    });
  }

  private static GitService.DiffQuery query(PinnedRange range) {
    return range.base() == null ? GitService.DiffQuery.of(range.repo(), range.head())
      : GitService.DiffQuery.between(range.repo(), range.base(), range.head());
  }

  private static JsonObject shaping(int maxLines) {
    return new JsonObject().put("format", "json").put("markers", true).put("max_lines_per_file", maxLines)
      .put("max_bytes", Integer.MAX_VALUE);
  }

  /** The structured form the dashboard shows: files with numbered lines, and the markers of added lines. */
  private Future<GitService.DiffAnswer> fetch(GitService.DiffQuery query) {
    // The person's page shows the whole change (cut per file at review.maxLinesPerFile): no reply budget of an agent's.
    return git.diff(query.shapedBy(shaping(maxLinesPerFile)));
  }
}
