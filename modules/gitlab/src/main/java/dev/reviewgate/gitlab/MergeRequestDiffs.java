package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;
import dev.reviewgate.forge.json.ForgeReplies;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * A merge request version's change list and its files' diffs. The list is GitLab's (the version's diffs, page by
 * page); the hunks are never GitLab's: they are written by git's diff over the version's
 * {@code base_commit_sha..head_commit_sha}, from this server's clone when it serves the project (over
 * {@code reviewgate.git.diff}), else from the two versions of each file fetched from GitLab's raw file endpoint,
 * so they are byte-identical to {@code git diff -M --histogram base head} either way.
 */
final class MergeRequestDiffs {

  private final GitLabClient client;
  private final ForgeDiffs diffs;

  MergeRequestDiffs(Vertx vertx, GitLabClient client, DiffEngine engine) {
    this.client = client;
    this.diffs = new ForgeDiffs(vertx, ForgeDiffs.Limits.of(client.options().http(), client.options().blobs()));
  }

  /** The files a version changes: the latest through {@code /diffs} (paged), an older one through {@code /versions/:id}. */
  Future<List<MergeRequestChange>> changes(String project, long iid, MergeRequestVersion version, boolean latest) {
    String mr = GitLabClient.project(project) + "/merge_requests/" + iid;
    String missing = MergeRequests.notFound(project, iid);
    if (latest) {
      // GitLab before 15.7 has no /diffs: the version's own endpoint lists the same files in one answer.
      return client.getAll(mr + "/diffs", Map.of(), missing, client.options().blobs().maxChanges(), "gitlab.maxChanges")
        .map(all -> ForgeReplies.read(GitLabEndpoints.DIFFS, "the version's change list",
          () -> MergeRequests.all(GitLabEndpoints.DIFFS, all).stream().map(MergeRequestChange::from).toList()))
        .recover(failure -> failure instanceof ToolException e && e.code() == 404 ? changes(project, iid, version, false)
          : Future.failedFuture(failure));
    }
    return client.getJson(mr + "/versions/" + version.id(), Map.of(), "version " + version.id() + " not found for " + missing)
      .map(json -> changes(GitLabEndpoints.VERSION, json));
  }

  /** What changed from one commit to another ({@code /repository/compare}, straight: no merge base). */
  Future<List<MergeRequestChange>> compare(String project, String from, String to) {
    return client.getJson(GitLabClient.project(project) + "/repository/compare", Map.of("from", from, "to", to, "straight", "true"),
        "commit " + from + " or " + to + " not found in project " + project + " (force-pushed away?)")
      .map(json -> changes(GitLabEndpoints.COMPARE, json));
  }

  /** The {@code diffs} of a version's or a comparison's reply (an empty or absent list: nothing changed). */
  private static List<MergeRequestChange> changes(ForgeEndpoint endpoint, JsonObject json) {
    return ForgeReplies.read(endpoint, "the version's change list",
      () -> Fields.of(endpoint, json).objects("diffs", MergeRequestChange::from));
  }

  /**
   * The diffs of {@code page}, {@code base..head}: from the local object database when this server serves the
   * project and has both commits, else from the files' two versions.
   */
  Future<ForgeDiffs.Written<MergeRequestChange>> written(String project, List<MergeRequestChange> page, String base,
                                                         String head, int context) {
    String local = client.options().localRepos().getOrDefault(project, project.substring(project.lastIndexOf('/') + 1));
    return diffs.write(page, change -> change.file(base, head), new ForgeDiffs.Range(local, base, head, context),
      ref -> client.rawFile(project, ref.path(), ref.commit()));
  }
}
