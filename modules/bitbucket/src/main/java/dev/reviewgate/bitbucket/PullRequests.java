package dev.reviewgate.bitbucket;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.diff.ChangePage;
import dev.reviewgate.forge.diff.ForgeDiffs;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Bitbucket pull request tools as a service that answers records ({@link BitbucketJson} writes their JSON), the
 * same for both flavours: the list, one pull request, and its diff, written by git's diff over the merge base and the
 * head (from this server's clone when it serves the repository, else from each file's two versions fetched through
 * the API), or what changed since a commit reviewed earlier.
 */
final class PullRequests {

  /** A pull request with the full ids of its commits (null when they could not be read, said in warnings). */
  record Details(PullRequest pullRequest, PullRequest.Commits commits, List<String> warnings) {
  }

  /**
   * A page of a pull request's changes and, when asked, their diffs.
   *
   * @param since the commit of {@code since_commit}, or null
   */
  record PageDiff(PullRequest pullRequest, PullRequest.Commits commits, String since, ChangePage<BitbucketChange> changes,
                  ForgeDiffs.Written<BitbucketChange> written, List<String> warnings) {
  }

  private final BitbucketClient client;
  private final BitbucketApi api;
  private final ForgeDiffs diffs;

  PullRequests(Vertx vertx, BitbucketClient client) {
    this.client = client;
    this.api = client.flavor() == Flavor.CLOUD ? new CloudApi(client) : new DcApi(client);
    this.diffs = new ForgeDiffs(vertx, ForgeDiffs.Limits.of(client.options().http(), client.options().blobs()));
  }

  BitbucketApi api() {
    return api;
  }

  Flavor flavor() {
    return client.flavor();
  }

  Future<BitbucketApi.Listing> list(Repo repo, JsonObject args) {
    return api.list(repo, args.getString("state", "open"), args.getInteger("page", 1), 25);
  }

  Future<Details> get(Repo repo, long id) {
    return api.pullRequest(repo, id).compose(pr -> api.commits(repo, pr)
      .map(commits -> new Details(pr, commits, List.of()))
      .recover(failure -> failure instanceof ToolException e && e.code() != 401
        ? Future.succeededFuture(new Details(pr, null, List.of("the full commit ids were left out: " + e.getMessage())))
        : Future.failedFuture(failure)));
  }

  Future<PageDiff> diff(Repo repo, long id, JsonObject given) {
    // file names one path: the same as files with that path alone
    JsonObject args = given.containsKey("file") ? given.copy().put("files", new io.vertx.core.json.JsonArray().add(given.getString("file")))
      : given;
    List<String> warnings = new ArrayList<>();
    return api.pullRequest(repo, id).compose(pr -> api.commits(repo, pr).compose(commits -> {
      String since = args.getString("since_commit");
      if (since == null) {
        return api.changes(repo, id, commits.base(), commits.head())
          .compose(all -> page(repo, pr, commits, null, all, commits.base(), args, warnings));
      }
      Future<List<BitbucketChange>> mine = api.changes(repo, id, commits.base(), commits.head());
      Future<List<BitbucketChange>> between = api.changes(repo, id, since, commits.head());
      return Future.all(mine, between).compose(done -> {
        // Only the pull request's own files: a rebase also brings the target branch's changes between the two commits.
        Set<String> touched = new HashSet<>();
        for (BitbucketChange change : mine.result()) {
          touched.add(change.oldPath());
          touched.add(change.newPath());
        }
        List<BitbucketChange> kept = between.result().stream()
          .filter(c -> touched.contains(c.oldPath()) || touched.contains(c.newPath())).toList();
        int others = between.result().size() - kept.size();
        if (others > 0) {
          warnings.add(others + " file(s) changed since " + since + " that this pull request does not touch (the target branch's "
            + "changes after a rebase) are left out.");
        }
        return page(repo, pr, commits, since, kept, since, args, warnings);
      });
    }));
  }

  private Future<PageDiff> page(Repo repo, PullRequest pr, PullRequest.Commits commits, String since, List<BitbucketChange> all,
                                String base, JsonObject args, List<String> warnings) {
    List<BitbucketChange> sorted = all.stream().sorted(Comparator.comparing(BitbucketChange::path)).toList();
    ChangePage<BitbucketChange> changes = ChangePage.of(sorted, BitbucketChange::path, BitbucketChange::oldPath, args, warnings);
    boolean withDiffs = !args.getBoolean("files_only", false);
    Future<ForgeDiffs.Written<BitbucketChange>> written = withDiffs && !changes.page().isEmpty()
      ? written(repo, changes.page(), base, commits.head(), args.getInteger("context_lines", 3))
      : Future.succeededFuture(null);
    return written.map(w -> new PageDiff(pr, commits, since, changes, w, warnings));
  }

  /** The diffs of {@code page}, {@code base..head}: from the local clone when it has both commits, else from the API. */
  Future<ForgeDiffs.Written<BitbucketChange>> written(Repo repo, List<BitbucketChange> page, String base, String head, int context) {
    String local = client.options().localRepos().getOrDefault(repo.fullName(), repo.slug());
    return diffs.write(page, change -> change.file(base, head), new ForgeDiffs.Range(local, base, head, context),
      ref -> api.file(repo, ref.path(), ref.commit()));
  }
}
