package dev.reviewgate.review;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.git.GitService;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;

/**
 * What reviews need from git, asked over the event bus (so a review node needs no repository of its own in a
 * cluster): the structured diff of a commit range, with the SHAs git compared and the marker comments in added lines.
 */
final class GitSource {

  private final GitService git;
  private final int maxLinesPerFile;

  GitSource(EventBus bus, long timeoutMs, int maxLinesPerFile) {
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

  /** The diff between SHAs pinned earlier. */
  Future<DiffView> diff(PinnedRange range) {
    GitService.DiffQuery query = range.base() == null ? GitService.DiffQuery.of(range.repo(), range.head())
      : GitService.DiffQuery.between(range.repo(), range.base(), range.head());
    return fetch(query).map(answer -> DiffView.fromGitDiff(answer.result()));
  }

  /** The structured form the dashboard shows: files with numbered lines, and the markers of added lines. */
  private Future<GitService.DiffAnswer> fetch(GitService.DiffQuery query) {
    // The person's page shows the whole change (cut per file at review.maxLinesPerFile): no reply budget of an agent's.
    return git.diff(query.shapedBy(new JsonObject().put("format", "json").put("markers", true)
      .put("max_lines_per_file", maxLinesPerFile).put("max_bytes", Integer.MAX_VALUE)));
  }
}
