package dev.reviewgate.ado;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.diff.model.FileDiff;
import dev.reviewgate.diff.model.ByteSlice;
import dev.reviewgate.diff.shape.Glob;
import dev.reviewgate.forge.LocalClone;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.http.Limiter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The four Azure DevOps pull-request tools over one {@link AdoClient} bound to the caller's deadline: the diff of an
 * iteration (or of what changed since an earlier one), the pull request, the list, and the iterations.
 */
final class AdoPullRequests {

  /**
   * One change's diff, parsed once wherever it was written (usually one file; two when a rename git would not pair is
   * a deletion and a creation), with its line counts.
   */
  private record ChangeDiff(Diff diff, int additions, int deletions) {
  }

  /** The diffs of a page of changes, and where they were read: {@code local} (this server's clone) or {@code blobs}. */
  private record Diffs(Map<AdoChange, ChangeDiff> byChange, String source) {
  }

  private final Vertx vertx;
  private final AdoClient client;
  private final DiffEngine engine;

  AdoPullRequests(Vertx vertx, AdoClient client, DiffEngine engine) {
    this.vertx = vertx;
    this.client = client;
    this.engine = engine;
  }

  DiffEngine engine() {
    return engine;
  }

  // --- ado_get_pull_request_diff --------------------------------------------------------------------------------

  Future<JsonObject> diff(JsonObject args) {
    String project = project(args);
    String repository = args.getString("repository");
    int pr = args.getInteger("pr_id");
    List<String> warnings = new ArrayList<>();
    return iterations(project, repository, pr, new NotSent()).compose(all -> {
      AdoIteration iteration = pick(all, args.getInteger("iteration_id"), pr, warnings);
      Integer compareTo = args.getInteger("compare_to");
      AdoIteration base = null;
      if (compareTo != null) {
        if (compareTo >= iteration.id()) {
          throw ToolException.invalid("compare_to (" + compareTo + ") must be an earlier iteration than " + iteration.id());
        }
        base = compareTo == 0 ? null : pick(all, compareTo, pr, new ArrayList<>());
      }
      AdoIteration since = base;
      return changes(project, repository, pr, iteration.id(), compareTo).compose(changes ->
        shapeDiff(args, project, repository, pr, iteration, since, changes, warnings));
    });
  }

  private Future<JsonObject> shapeDiff(JsonObject args, String project, String repository, int pr, AdoIteration iteration,
                                       AdoIteration since, List<AdoChange> all, List<String> warnings) {
    List<Glob> include = args.getJsonArray("include", new JsonArray()).stream().map(g -> Glob.of(g.toString())).toList();
    List<AdoChange> selected = all.stream().filter(c -> include.isEmpty() || include.stream().anyMatch(g -> g.matches(c.path())))
      .toList();
    if (!include.isEmpty()) {
      warnings.add("Changes filtered by path patterns: " + include.stream().map(Glob::toString).collect(Collectors.joining(", "))
        + " (" + selected.size() + " of " + all.size() + "). Leave out include to see every change.");
    }
    int skip = args.getInteger("skip", 0);
    int top = args.getInteger("top", 100);
    List<AdoChange> page = selected.subList(Math.min(skip, selected.size()), Math.min(selected.size(), skip + top));
    boolean more = skip + page.size() < selected.size();
    if (more) {
      warnings.add("More changes available. Use skip=" + (skip + page.size()) + " to fetch the next batch. Total changes: "
        + selected.size());
    }
    String baseCommit = since != null ? since.sourceCommit() : iteration.commonCommit();
    boolean includeDiffs = args.getBoolean("include_diffs", true);
    Future<Diffs> diffs = includeDiffs && !page.isEmpty()
      ? written(project, repository, page, baseCommit, iteration.sourceCommit(), args.getInteger("context_lines", 3))
      : Future.succeededFuture(new Diffs(Map.of(), null));
    return diffs.map(found -> {
      String format = args.getString("format", "unified");
      int maxLines = args.getInteger("max_lines_per_file", 1000);
      List<AdoDiffPage.Shown> shown = new ArrayList<>();
      List<String> truncated = new ArrayList<>();
      for (AdoChange change : page) {
        ChangeDiff diff = found.byChange().get(change);
        AdoDiffPage.FileView view = diff == null ? null : shape(diff, format, maxLines);
        if (view != null && view.truncated()) {
          truncated.add(change.path());
        }
        shown.add(new AdoDiffPage.Shown(change, view));
      }
      if (includeDiffs) {
        List<String> withoutIds = page.stream().filter(c -> !found.byChange().containsKey(c)).map(AdoChange::path).toList();
        if (!withoutIds.isEmpty()) {
          warnings.add("Azure DevOps did not send the blob ids (item.objectId, item.originalObjectId) of " + withoutIds.size()
            + " change(s), so their diffs are left out: " + String.join(", ", withoutIds.subList(0, Math.min(10, withoutIds.size())))
            + (withoutIds.size() > 10 ? ", ..." : "") + ".");
        }
      }
      if (!truncated.isEmpty()) {
        warnings.add(truncated.size() + " file(s) had truncated diffs exceeding max_lines_per_file (" + maxLines + "): "
          + String.join(", ", truncated.subList(0, Math.min(10, truncated.size()))) + (truncated.size() > 10 ? ", ..." : "")
          + ". Raise max_lines_per_file or narrow include to read them whole.");
      }
      return AdoJson.diffPage(new AdoDiffPage(pr, iteration, since == null ? null : since.id(), selected, shown, skip, more,
        includeDiffs, found.source(), truncated, args.getBoolean("include_content_metadata", false), warnings));
    });
  }

  /**
   * One change's diff in the asked format, cut after {@code maxLines} lines of hunks by the diff engine; the parsed
   * diff is rendered or shaped as it is, never parsed again.
   */
  private AdoDiffPage.FileView shape(ChangeDiff diff, String format, int maxLines) {
    byte[] text = engine.render(diff.diff());
    int lines = 0;
    for (byte b : text) {
      if (b == '\n') {
        lines++;
      }
    }
    if ("unified".equals(format) && lines <= maxLines) {
      return new AdoDiffPage.FileView(format, new String(text, StandardCharsets.UTF_8), false, diff.additions(), diff.deletions());
    }
    JsonObject shaped = engine.shape(diff.diff(), new JsonObject().put("format", format).put("max_lines_per_file", maxLines));
    boolean cut = shaped.getJsonArray("cut") != null && !shaped.getJsonArray("cut").isEmpty();
    Object content = "json".equals(format)
      ? (shaped.getJsonArray("files", new JsonArray()).isEmpty() ? null : shaped.getJsonArray("files").getJsonObject(0))
      : shaped.getString("diff", "");
    return new AdoDiffPage.FileView(format, content, cut, diff.additions(), diff.deletions());
  }

  /**
   * The diffs of the changes on this page: from the local object database when this server serves the repository and
   * has both commits (byte-identical to {@code git diff}, no content request), else from the blobs.
   */
  private Future<Diffs> written(String project, String repository, List<AdoChange> page, String base, String head, int context) {
    String local = client.options().localRepos().getOrDefault(repository, repository);
    return local(local, page, base, head, context).map(byChange -> new Diffs(byChange, "local"))
      .recover(unavailable -> fromBlobs(project, repository, page, context).map(byChange -> new Diffs(byChange, "blobs")));
  }

  /** From the git backend's diff of the two commits, parsed once; each change gets its file's part of it. */
  private Future<Map<AdoChange, ChangeDiff>> local(String repo, List<AdoChange> page, String base, String head, int context) {
    return LocalClone.filesByPath(vertx, engine, repo, base, head, context, client.options().timeoutMs()).map(byPath -> {
      Map<AdoChange, ChangeDiff> out = new LinkedHashMap<>();
      for (AdoChange change : page) {
        FileDiff file = byPath.get(change.path());
        if (file == null) {
          throw ToolException.notFound("the local diff has no " + change.path());
        }
        out.put(change, new ChangeDiff(new Diff(List.of(file), ByteSlice.EMPTY), file.additions(), file.deletions()));
      }
      return out;
    });
  }

  private Future<Map<AdoChange, ChangeDiff>> fromBlobs(String project, String repository, List<AdoChange> page,
                                                              int context) {
    // A change whose blob ids Azure DevOps did not send has no diff (the page's warnings name it).
    List<AdoChange> withIds = page.stream().filter(BlobDiffs::hasIds).toList();
    Set<ObjectId> ids = new TreeSet<>();
    withIds.forEach(change -> ids.addAll(BlobDiffs.blobsOf(change)));
    Map<ObjectId, byte[]> fetched = new ConcurrentHashMap<>();
    Map<ObjectId, Long> sizes = new ConcurrentHashMap<>();
    Limiter bound = new Limiter(client.options().maxConcurrentBlobs());
    int max = client.options().maxBlobBytes();
    List<Future<Void>> loads = new ArrayList<>();
    for (ObjectId id : ids) {
      loads.add(bound.run(() -> client.blob(project, repository, id.name()).map(bytes -> {
        if (bytes.length() > max) {
          sizes.put(id, (long) bytes.length());
        } else {
          fetched.put(id, bytes.getBytes());
        }
        return null;
      })));
    }
    return Future.all(loads).transform(done -> {
      if (done.failed()) {
        // Nothing partial is presented as complete: the first failure is the answer.
        Throwable first = loads.stream().filter(Future::failed).map(Future::cause).findFirst().orElse(done.cause());
        return Future.failedFuture(first);
      }
      return vertx.executeBlocking(() -> {
        Map<AdoChange, ChangeDiff> out = new LinkedHashMap<>();
        Map<ObjectId, byte[]> contents = new HashMap<>(fetched);
        for (AdoChange change : withIds) {
          BlobDiffs.Written written = BlobDiffs.write(change, contents, sizes, max, context);
          out.put(change, new ChangeDiff(engine.parse(written.bytes()), written.additions(), written.deletions()));
        }
        return out;
      }, false);
    });
  }

  private static final String CHANGED_FILES = "the pull request's changed files";

  Future<List<AdoChange>> changes(String project, String repository, int pr, int iteration, Integer compareTo) {
    List<AdoChange> all = new ArrayList<>();
    return changePage(project, repository, pr, iteration, compareTo, 0, all).map(v -> {
      all.sort(Comparator.comparing(AdoChange::path));
      return all;
    });
  }

  private Future<Void> changePage(String project, String repository, int pr, int iteration, Integer compareTo, int skip,
                                  List<AdoChange> all) {
    Map<String, String> query = new LinkedHashMap<>();
    query.put("$top", "2000"); // Azure DevOps' largest page; ado.maxChanges bounds the whole list
    query.put("$skip", Integer.toString(skip));
    if (compareTo != null) {
      query.put("$compareTo", Integer.toString(compareTo));
    }
    return client.getJson(project, "git/repositories/" + AdoClient.segment(repository) + "/pullRequests/" + pr + "/iterations/"
        + iteration + "/changes", query, "Iteration " + iteration + " not found for pull request " + pr + ".")
      .compose(reply -> ForgeReplies.readLater(AdoEndpoints.ITERATION_CHANGES, CHANGED_FILES, () -> {
        Fields page = Fields.of(AdoEndpoints.ITERATION_CHANGES, reply);
        List<Fields> entries = page.objects("changeEntries");
        for (Fields entry : entries) {
          if (!AdoChange.isTree(entry)) {
            all.add(AdoChange.from(entry));
          }
        }
        return entries.isEmpty() ? null : page.optInt("nextSkip");
      }))
      .compose(next -> {
        // The end of the list is nextSkip 0, null or absent.
        if (next == null || next <= skip) {
          return Future.succeededFuture();
        }
        if (all.size() >= client.options().maxChanges()) {
          throw ToolException.tooLarge("pull request " + pr + " iteration " + iteration + " changes more than "
            + client.options().maxChanges() + " files (ado.maxChanges); nothing partial is shown. Narrow it with compare_to, "
            + "or raise ado.maxChanges");
        }
        return changePage(project, repository, pr, iteration, compareTo, next, all);
      });
  }

  /**
   * The pull request's iterations, oldest first; what Azure DevOps did not send of them goes to {@code notSent}.
   */
  Future<List<AdoIteration>> iterations(String project, String repository, int pr, NotSent notSent) {
    return client.getJson(project, "git/repositories/" + AdoClient.segment(repository) + "/pullRequests/" + pr + "/iterations",
        Map.of(), "Pull request " + pr + " not found in repository " + repository + " of project " + project
          + ". Verify the PR ID and repository name (or ID) are correct.")
      .map(json -> ForgeReplies.read(AdoEndpoints.ITERATIONS, "the pull request's iterations", () ->
        Fields.of(AdoEndpoints.ITERATIONS, json).objects("value", i -> AdoIteration.from(i, notSent)).stream()
          .sorted(Comparator.comparingInt(AdoIteration::id)).toList()));
  }

  private static AdoIteration pick(List<AdoIteration> all, Integer wanted, int pr, List<String> warnings) {
    if (all.isEmpty()) {
      throw ToolException.notFound("pull request " + pr + " has no iterations yet");
    }
    if (wanted == null) {
      AdoIteration latest = all.get(all.size() - 1);
      warnings.add("Showing latest iteration (" + latest.id() + "). Specify iteration_id to fetch a specific iteration.");
      return latest;
    }
    return all.stream().filter(i -> wanted == i.id()).findFirst().orElseThrow(() -> ToolException.notFound(
      "Iteration " + wanted + " not found for pull request " + pr + " (it has iterations 1 to " + all.get(all.size() - 1).id()
        + "). Leave out iteration_id to fetch the latest."));
  }

  // --- ado_list_pull_request_iterations -------------------------------------------------------------------------

  Future<AdoIteration.Listing> listIterations(JsonObject args) {
    int pr = args.getInteger("pr_id");
    NotSent notSent = new NotSent();
    return iterations(project(args), args.getString("repository"), pr, notSent)
      .map(all -> new AdoIteration.Listing(pr, all, notSent.warnings()));
  }

  // --- ado_get_pull_request -------------------------------------------------------------------------------------

  Future<AdoPullRequest> get(JsonObject args) {
    String project = project(args);
    String repository = args.getString("repository");
    int pr = args.getInteger("pr_id");
    String base = "git/repositories/" + AdoClient.segment(repository) + "/pullRequests/" + pr;
    String notFound = "Pull request " + pr + " not found in repository " + repository + " of project " + project
      + ". Verify the PR ID and repository name (or ID) are correct.";
    String need = "ado_get_pull_request";
    Future<JsonObject> pull = client.getJson(project, base, Map.of(), notFound);
    Future<List<AdoIteration>> iterations = iterations(project, repository, pr, new NotSent());
    Future<List<AdoPullRequest.WorkItem>> workItems = client.getJson(project, base + "/workitems", Map.of(), notFound)
      .map(json -> ForgeReplies.read(AdoEndpoints.WORK_ITEMS, need,
        () -> AdoPullRequest.workItems(Fields.of(AdoEndpoints.WORK_ITEMS, json))));
    Future<List<AdoPullRequest.Check>> checks = client.getJson(project, base + "/statuses", Map.of(), notFound)
      .map(json -> ForgeReplies.read(AdoEndpoints.STATUSES, need, () -> AdoPullRequest.checks(Fields.of(AdoEndpoints.STATUSES, json))));
    return Future.all(pull, iterations, workItems, checks).map(all -> ForgeReplies.read(AdoEndpoints.PULL_REQUEST, need,
      () -> AdoPullRequest.from(Fields.of(AdoEndpoints.PULL_REQUEST, pull.result()), pr, iterations.result().size(),
        workItems.result(), checks.result())));
  }

  // --- ado_list_pull_requests -----------------------------------------------------------------------------------

  Future<AdoPullRequest.Listing> list(JsonObject args) {
    String repository = args.getString("repository");
    Map<String, String> query = new LinkedHashMap<>();
    query.put("searchCriteria.status", args.getString("status", "active"));
    query.put("searchCriteria.creatorId", args.getString("creator"));
    query.put("searchCriteria.reviewerId", args.getString("reviewer"));
    query.put("searchCriteria.sourceRefName", ref(args.getString("source_branch")));
    query.put("searchCriteria.targetRefName", ref(args.getString("target_branch")));
    query.put("$top", Integer.toString(args.getInteger("top", 50)));
    query.put("$skip", Integer.toString(args.getInteger("skip", 0)));
    return client.getJson(project(args), "git/repositories/" + AdoClient.segment(repository) + "/pullrequests", query,
        "Repository '" + repository + "' not found in project " + project(args) + ". Verify the name (case matters) or use its ID.")
      .map(json -> ForgeReplies.read(AdoEndpoints.PULL_REQUESTS, "ado_list_pull_requests", () -> {
        NotSent notSent = new NotSent();
        List<AdoPullRequest.Listed> items = Fields.of(AdoEndpoints.PULL_REQUESTS, json)
          .objects("value", pull -> AdoPullRequest.Listed.from(pull, notSent));
        int top = args.getInteger("top", 50);
        int skip = args.getInteger("skip", 0);
        return new AdoPullRequest.Listing(items, items.size() == top ? skip + top : null, notSent.warnings());
      }));
  }

  private static String ref(String branch) {
    return branch == null || branch.startsWith("refs/") ? branch : "refs/heads/" + branch;
  }

  String project(JsonObject args) {
    client.requireConfigured();
    String project = args.getString("project", client.options().project());
    if (project == null || project.isBlank()) {
      throw ToolException.invalid("which project? pass project, or set AZURE_DEVOPS_PROJECT (or ado.project) to the default project");
    }
    return project;
  }
}
