package dev.reviewgate.gitea;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.forge.LocalClone;
import dev.reviewgate.forge.diff.ChangedFile;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.json.ForgeReplies;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A pull request's change list and its files' diffs. The list is Gitea's ({@code /pulls/{index}/files}, page by page);
 * the hunks are never Gitea's: they are written by git's diff over {@code merge_base..head}, from this server's
 * clone when it serves the repository (over {@code reviewgate.git.diff}), else from the two versions of each file
 * fetched from Gitea's raw endpoint, so they are byte-identical to {@code git diff -M --histogram merge-base head}.
 */
final class PullRequestDiffs {

  private final Vertx vertx;
  private final GiteaClient client;
  private final ForgeDiffs diffs;

  PullRequestDiffs(Vertx vertx, GiteaClient client) {
    this.vertx = vertx;
    this.client = client;
    this.diffs = new ForgeDiffs(vertx, ForgeDiffs.Limits.of(client.options().http(), client.options().blobs()));
  }

  /** Every file the pull request changes, as Gitea lists them (every page, at most {@code gitea.maxChanges}). */
  Future<List<PullRequestFile>> changes(PullRequests.Repo repo, long number) {
    return client.getAll(repo.pull(number) + "/files", Map.of(), PullRequests.notFound(repo, number),
        client.options().blobs().maxChanges(), "gitea.maxChanges")
      .map(all -> ForgeReplies.read(GiteaEndpoints.FILES, "the pull request's change list",
        () -> PullRequests.all(GiteaEndpoints.FILES, all).stream().map(PullRequestFile::from).toList()));
  }

  /** The name of this server's clone of {@code repo}: {@code gitea.localRepos}, else the repository's own name. */
  private String local(PullRequests.Repo repo) {
    return client.options().localRepos().getOrDefault(repo.toString(), repo.name());
  }

  /**
   * The diffs of {@code page}, {@code base..head}: from the local object database when it has both, else from the
   * files, with the modes Gitea's trees give them; when the trees cannot be read, as regular files, said in
   * {@code warnings}.
   */
  Future<ForgeDiffs.Written<PullRequestFile>> written(PullRequests.Repo repo, List<PullRequestFile> page, String base,
                                                      String head, int context, List<String> warnings) {
    return diffs.write(page, PullRequestFile::path, () -> modes(repo, page, base, head, warnings),
      new ForgeDiffs.Range(local(repo), base, head, context), ref -> client.rawFile(repo.owner(), repo.name(), ref.path(), ref.commit()));
  }

  private Future<Function<PullRequestFile, ChangedFile>> modes(PullRequests.Repo repo, List<PullRequestFile> page, String base,
                                                              String head, List<String> warnings) {
    FileModes trees = new FileModes(client, repo);
    Future<Map<String, FileModes.Entry>> before = trees.at(base, page.stream().filter(f -> !f.added())
      .map(PullRequestFile::oldPath).toList());
    Future<Map<String, FileModes.Entry>> after = trees.at(head, page.stream().filter(f -> !f.deleted())
      .map(PullRequestFile::path).toList());
    return Future.all(before, after).<Function<PullRequestFile, ChangedFile>>map(both -> {
      List<String> untold = page.stream().filter(f -> !f.added() && !before.result().containsKey(f.oldPath())
        || !f.deleted() && !after.result().containsKey(f.path())).map(PullRequestFile::path).toList();
      if (!untold.isEmpty()) {
        warnings.add("Gitea's trees name no mode for " + untold.size() + " file(s) (" + String.join(", ",
          untold.subList(0, Math.min(5, untold.size()))) + (untold.size() > 5 ? ", …" : "") + "): shown as regular files");
      }
      return f -> f.file(base, head, before.result().get(f.oldPath()), after.result().get(f.path()));
    }).recover(failure -> {
      if (failure instanceof ToolException e && e.code() == 403) {
        return Future.failedFuture(failure);
      }
      warnings.add("Gitea's trees could not be read (" + failure.getMessage() + "): files are shown as regular files (an "
        + "executable bit, a symlink or a mode-only change is not seen). Serve the repository locally for git's exact headers.");
      return Future.succeededFuture(f -> f.file(base, head, null, null));
    });
  }

  /**
   * The pull request's files as they changed from {@code since} to {@code head}: from the local clone's diff when it
   * has both commits (git's renames), else by comparing each file at its path in the two commits (a file unchanged
   * since is left out; Gitea's API has no comparison of two commits' files).
   */
  Future<List<PullRequestFile>> since(PullRequests.Repo repo, List<PullRequestFile> files, String since, String head,
                                      List<String> warnings) {
    return LocalClone.filesByPath(vertx, local(repo), since, head, 0, client.options().http().timeoutMs())
      .map(byPath -> files.stream().map(f -> sinceLocally(f, byPath)).filter(Objects::nonNull).toList())
      .recover(unavailable -> sinceThroughApi(repo, files, since, head, warnings));
  }

  private static PullRequestFile sinceLocally(PullRequestFile file, Map<String, FileDiff> byPath) {
    FileDiff diff = byPath.get(file.path());
    if (diff == null) {
      return null;
    }
    String status = diff.oldPath() == null ? "added" : diff.newPath() == null ? "deleted"
      : !diff.oldPath().equals(diff.newPath()) ? "renamed" : "changed";
    String path = diff.newPath() != null ? diff.newPath() : diff.oldPath();
    return new PullRequestFile(path, "renamed".equals(status) ? diff.oldPath() : null, status, null, null);
  }

  private Future<List<PullRequestFile>> sinceThroughApi(PullRequests.Repo repo, List<PullRequestFile> files, String since,
                                                        String head, List<String> warnings) {
    warnings.add("Changes since " + since + " compare each of the pull request's files at its own path in the two commits "
      + "(Gitea's API compares no two commits' files): a file renamed since then shows as added. Serve the repository "
      + "locally for git's rename detection.");
    // The trees name each file's mode and blob at both commits: a file whose entry is the same did not change.
    FileModes trees = new FileModes(client, repo);
    List<String> paths = files.stream().map(PullRequestFile::path).toList();
    Future<Map<String, FileModes.Entry>> then = trees.at(since, paths);
    Future<Map<String, FileModes.Entry>> now = trees.at(head, paths);
    return Future.all(then, now).map(both -> files.stream().map(file -> {
      FileModes.Entry before = then.result().get(file.path());
      FileModes.Entry after = now.result().get(file.path());
      if (Objects.equals(before, after)) {
        return null;
      }
      return new PullRequestFile(file.path(), null, before == null ? "added" : after == null ? "deleted" : "changed", null, null);
    }).filter(Objects::nonNull).toList());
  }

}
