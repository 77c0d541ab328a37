package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;

/**
 * What reviews need from git, asked over the event bus (so a review node needs no repository of its own in a
 * cluster): the structured diff of a commit range, with the SHAs git compared and the marker comments in added lines.
 */
final class GitSource {

  private final EventBus bus;
  private final long timeoutMs;
  private final int maxLinesPerFile;

  GitSource(EventBus bus, long timeoutMs, int maxLinesPerFile) {
    this.bus = bus;
    this.timeoutMs = timeoutMs;
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
    JsonObject args = new JsonObject();
    if (repo != null) {
      args.put("repo", repo);
    }
    args.put(range.contains("..") ? "range" : "commit", range);
    return fetch(args).map(result -> new Fetched(
      new PinnedRange(result.getString("repo", repo), result.getString("base"), result.getString("head")), DiffView.fromGitDiff(result)));
  }

  /** The diff between SHAs pinned earlier. */
  Future<DiffView> diff(PinnedRange range) {
    return fetch(range.diffArguments()).map(DiffView::fromGitDiff);
  }

  private Future<JsonObject> fetch(JsonObject target) {
    JsonObject args = target.put("format", "json").put("markers", true).put("max_lines_per_file", maxLinesPerFile);
    return BusRequests.request(bus, Addresses.GIT_DIFF, args, timeoutMs).compose(result ->
      result.getString("head") == null
        ? Future.failedFuture(ToolException.upstream("git_diff did not say which commits it compared"))
        : Future.succeededFuture(result));
  }
}
