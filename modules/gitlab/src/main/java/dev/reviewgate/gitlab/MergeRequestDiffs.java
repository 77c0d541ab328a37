package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.forge.http.Limiter;
import dev.reviewgate.forge.LocalClone;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;
import dev.reviewgate.forge.json.ForgeReplies;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A merge request version's change list and its files' diffs. The list is GitLab's (the version's diffs, page by
 * page); the hunks are never GitLab's: they are written by git's diff over the version's
 * {@code base_commit_sha..head_commit_sha}, from this server's clone when it serves the project (over
 * {@code reviewgate.git.diff}), else from the two versions of each file fetched from GitLab's raw file endpoint,
 * so they are byte-identical to {@code git diff -M --histogram base head} either way.
 */
final class MergeRequestDiffs {

  /** The diffs of some changes, and where they were read: {@code local} (this server's clone) or {@code blobs}. */
  record Written(Map<MergeRequestChange, FileDiffWriter.Written> byChange, String source, List<String> warnings) {
  }

  private final Vertx vertx;
  private final GitLabClient client;
  private final DiffEngine engine;

  MergeRequestDiffs(Vertx vertx, GitLabClient client, DiffEngine engine) {
    this.vertx = vertx;
    this.client = client;
    this.engine = engine;
  }

  /** The files a version changes: the latest through {@code /diffs} (paged), an older one through {@code /versions/:id}. */
  Future<List<MergeRequestChange>> changes(String project, long iid, MergeRequestVersion version, boolean latest) {
    String mr = GitLabClient.project(project) + "/merge_requests/" + iid;
    String missing = MergeRequests.notFound(project, iid);
    if (latest) {
      // GitLab before 15.7 has no /diffs: the version's own endpoint lists the same files in one answer.
      return client.getAll(mr + "/diffs", Map.of(), missing, client.options().maxChanges(), "gitlab.maxChanges")
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
  Future<Written> written(String project, List<MergeRequestChange> page, String base, String head, int context) {
    String local = client.options().localRepos().getOrDefault(project, project.substring(project.lastIndexOf('/') + 1));
    return local(local, page, base, head, context).map(byChange -> new Written(byChange, "local", List.of()))
      .recover(unavailable -> fromFiles(project, page, base, head, context));
  }

  private Future<Map<MergeRequestChange, FileDiffWriter.Written>> local(String repo, List<MergeRequestChange> page, String base,
                                                                         String head, int context) {
    return LocalClone.filesByPath(vertx, engine, repo, base, head, context, client.options().timeoutMs()).map(byPath -> {
      Map<MergeRequestChange, FileDiffWriter.Written> out = new LinkedHashMap<>();
      for (MergeRequestChange change : page) {
        FileDiff file = byPath.get(change.path());
        if (file == null) {
          throw ToolException.notFound("the local diff has no " + change.path());
        }
        String text = new String(engine.render(new Diff(List.of(file), ByteSlice.EMPTY)), StandardCharsets.UTF_8);
        out.put(change, new FileDiffWriter.Written(text, file.additions(), file.deletions(), file.binary()));
      }
      return out;
    });
  }

  private Future<Written> fromFiles(String project, List<MergeRequestChange> page, String base, String head, int context) {
    Map<String, byte[]> fetched = new ConcurrentHashMap<>();
    Limiter bound = new Limiter(client.options().maxConcurrentBlobs());
    List<Future<Void>> loads = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (MergeRequestChange change : page) {
      if (change.submodule()) {
        continue;
      }
      if (!change.added() && keys.add(key(base, change.oldPath()))) {
        loads.add(bound.run(() -> client.rawFile(project, change.oldPath(), base)
          .map(bytes -> { fetched.put(key(base, change.oldPath()), bytes.getBytes()); return null; })));
      }
      if (!change.deleted() && keys.add(key(head, change.newPath()))) {
        loads.add(bound.run(() -> client.rawFile(project, change.newPath(), head)
          .map(bytes -> { fetched.put(key(head, change.newPath()), bytes.getBytes()); return null; })));
      }
    }
    return Future.all(loads).transform(done -> {
      if (done.failed()) {
        // Nothing partial is presented as complete: the first failure is the answer.
        Throwable first = loads.stream().filter(Future::failed).map(Future::cause).findFirst().orElse(done.cause());
        return Future.failedFuture(first);
      }
      int max = client.options().maxBlobBytes();
      return vertx.executeBlocking(() -> {
        Map<MergeRequestChange, FileDiffWriter.Written> out = new LinkedHashMap<>();
        for (MergeRequestChange change : page) {
          if (change.submodule()) {
            warnings.add(change.path() + " is a submodule; GitLab's file endpoints cannot give its commits, so it has no diff here");
            continue;
          }
          byte[] before = change.added() ? null : fetched.get(key(base, change.oldPath()));
          byte[] after = change.deleted() ? null : fetched.get(key(head, change.newPath()));
          out.put(change, FileDiffWriter.write(change, before, after, max, context));
        }
        return new Written(out, "blobs", warnings);
      }, false);
    });
  }

  private static String key(String commit, String path) {
    return commit + ":" + path;
  }
}
