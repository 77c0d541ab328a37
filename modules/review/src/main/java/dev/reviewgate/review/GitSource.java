package dev.reviewgate.review;

import dev.reviewgate.core.Addresses;
import dev.reviewgate.core.Failure;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.bus.BusRequests;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;

/**
 * What reviews need from git, asked over the event bus (so a review node needs no repository of its own in a
 * cluster): pinning a commit range to SHAs and the structured diff between pinned SHAs.
 */
final class GitSource {

  private final EventBus bus;
  private final long timeoutMs;

  GitSource(EventBus bus, long timeoutMs) {
    this.bus = bus;
    this.timeoutMs = timeoutMs;
  }

  /**
   * Resolves {@code HEAD}, any single revision (that commit against its first parent), {@code a..b} or {@code A...B}.
   */
  Future<PinnedRange> pin(String repo, String commitRange) {
    String range = commitRange.trim();
    for (String separator : new String[] {"...", ".."}) {
      int at = range.indexOf(separator);
      if (at >= 0) {
        String kind = separator.length() == 3 ? "three_dot" : "two_dot";
        return Future.all(resolve(repo, orHead(range.substring(0, at))),
            resolve(repo, orHead(range.substring(at + separator.length()))))
          .map(both -> new PinnedRange(repo, kind, both.resultAt(0), both.resultAt(1)));
      }
    }
    return resolve(repo, range).compose(head -> resolve(repo, head + "^")
      .map(parent -> new PinnedRange(repo, "commit", parent, head))
      .recover(failure -> failure instanceof ToolException t && t.code() == Failure.NOT_FOUND
        ? Future.succeededFuture(new PinnedRange(repo, "commit", null, head)) // a root commit: against the empty tree
        : Future.failedFuture(failure)));
  }

  /** The diff between the pinned SHAs in the engine's JSON form (files, hunks, lines with old/new numbers). */
  Future<JsonObject> diff(PinnedRange range) {
    JsonObject args = range.diffArguments().put("format", "json");
    return BusRequests.request(bus, Addresses.GIT_DIFF, args, timeoutMs);
  }

  private Future<String> resolve(String repo, String rev) {
    if (rev.isBlank() || rev.startsWith("-")) {
      return Future.failedFuture(ToolException.invalid("commit_range: '" + rev + "' is not a revision; use HEAD, "
        + "a SHA, a branch, HEAD~2, a..b or A...B."));
    }
    JsonObject args = new JsonObject().put("rev", rev);
    if (repo != null) {
      args.put("repo", repo);
    }
    return BusRequests.request(bus, Addresses.GIT_RESOLVE, args, timeoutMs).map(reply -> reply.getString("sha"));
  }

  private static String orHead(String side) {
    return side.isBlank() ? "HEAD" : side;
  }
}
