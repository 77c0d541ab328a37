package dev.reviewgate.ado;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ReplyContent;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.shape.ReplyBudget;
import dev.reviewgate.forge.diff.ChangeDiff;
import dev.reviewgate.forge.diff.ChangePage;
import dev.reviewgate.forge.diff.FileView;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.CommitMessage;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The four Azure DevOps pull-request tools over one {@link AdoClient} bound to the caller's deadline: the diff of an
 * iteration (or of what changed since an earlier one), the pull request, the list, and the iterations.
 */
final class AdoPullRequests {

  private final Vertx vertx;
  private final AdoClient client;
  private static final ReplyContent CONTENT = ToolCatalog.standard().require("ado_get_pull_request_diff").replyContent();
  private final DiffEngine engine;
  private final ForgeDiffs diffs;

  AdoPullRequests(Vertx vertx, AdoClient client, DiffEngine engine) {
    this.vertx = vertx;
    this.client = client;
    this.engine = engine;
    this.diffs = new ForgeDiffs(vertx, ForgeDiffs.Limits.of(client.options().http(), client.options().blobs()));
  }

  // --- ado_get_pull_request_diff --------------------------------------------------------------------------------

  /**
   * A page of an iteration's changes with their diffs (null when not asked for), as the forge pipeline wrote them.
   *
   * @param since the earlier iteration of {@code compare_to}, or null
   */
  record DiffPage(int pr, AdoIteration iteration, AdoIteration since, ChangePage<AdoChange> changes,
                  ForgeDiffs.Written<AdoChange> written, List<String> warnings) {
  }

  Future<JsonObject> diff(JsonObject args) {
    // Shaping a page of diffs (up to top files of max_lines_per_file lines each) is CPU work: not on an event loop.
    return page(args).compose(page -> vertx.executeBlocking(() -> AdoJson.diffPage(shown(page, args)), false));
  }

  /** The iteration's (or what changed since an earlier one) changes that {@code args} select, with their diffs. */
  Future<DiffPage> page(JsonObject args) {
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
      return changes(project, repository, pr, iteration.id(), compareTo).compose(changes -> {
        ChangePage<AdoChange> page = ChangePage.of(changes, AdoChange::path, AdoChange::originalPath, args, warnings);
        String baseCommit = since != null ? since.sourceCommit() : iteration.commonCommit();
        ForgeDiffs.Range range = new ForgeDiffs.Range(client.options().localRepos().getOrDefault(repository, repository),
          baseCommit, iteration.sourceCommit(), args.getInteger("context_lines", 3));
        Future<ForgeDiffs.Written<AdoChange>> written = !args.getBoolean("include_diffs", true) ? Future.succeededFuture(null)
          : page.page().isEmpty() ? Future.succeededFuture(new ForgeDiffs.Written<>(Map.of(), null, List.of()))
          : diffs.write(page.page(), AdoChange::file, range, ref -> client.blob(project, repository, ref.id().name()));
        return written.map(w -> new DiffPage(pr, iteration, since, page, w, warnings));
      });
    });
  }

  /** The page as {@code ado_get_pull_request_diff} shows it: each diff in the asked format, and what is missing said. */
  private AdoDiffPage shown(DiffPage page, JsonObject args) {
    List<String> warnings = new ArrayList<>(page.warnings());
    String format = args.getString("format", "unified");
    int maxLines = args.getInteger("max_lines_per_file", 1000);
    Map<AdoChange, ChangeDiff> byChange = page.written() == null ? Map.of() : page.written().byChange();
    List<AdoDiffPage.Shown> shown = new ArrayList<>();
    for (AdoChange change : page.changes().page()) {
      ChangeDiff diff = byChange.get(change);
      shown.add(new AdoDiffPage.Shown(change, diff, diff == null ? null : FileView.of(engine, diff, format, maxLines, args)));
    }
    if (page.written() != null) {
      warnings.addAll(page.written().warnings());
      List<String> withoutIds = page.changes().page().stream().filter(c -> !byChange.containsKey(c)).map(AdoChange::path).toList();
      if (!withoutIds.isEmpty()) {
        warnings.add("Azure DevOps did not send the blob ids (item.objectId, item.originalObjectId) of " + withoutIds.size()
          + " change(s), so their diffs are left out: " + String.join(", ", withoutIds.subList(0, Math.min(10, withoutIds.size())))
          + (withoutIds.size() > 10 ? ", ..." : "") + ".");
      }
    }
    // The whole reply (each change's entry and content, the page's diff, the notes) fits the call's budget: the page
    // ends before the first change that would pass it, and next_skip goes on from there.
    ReplyBudget budget = ReplyBudget.of(args, engine.options().defaultTokenBudget());
    JsonObject fitted = budget.largest(shown.size(), k -> AdoJson.diffPage(part(page, shown, k, maxLines, budget, warnings,
      args)), CONTENT);
    int kept = fitted.getJsonArray("changes").size();
    AdoDiffPage result = part(page, shown, kept, maxLines, budget, warnings, args);
    if (kept != 1 || shown.get(0).view() == null || budget.fits(AdoJson.diffPage(result), CONTENT)) {
      return result;
    }
    // One change whose diff alone passes the budget: its lines are cut to what fits, as max_lines_per_file cuts them.
    AdoDiffPage.Shown one = shown.get(0);
    List<String> notes = new ArrayList<>(warnings);
    notes.add("the diff of " + one.change().path() + " alone passes " + budget.limit() + ": it is cut to the lines that "
      + "fit; give a larger token_budget or max_bytes to read more of it");
    java.util.function.IntFunction<AdoDiffPage> cutTo = lines -> {
      List<AdoDiffPage.Shown> cut = new ArrayList<>(shown); // the rest stay, for has_more and next_skip
      cut.set(0, new AdoDiffPage.Shown(one.change(), one.diff(), FileView.of(engine, one.diff(), format, lines, args)));
      return part(page, cut, 1, lines, budget, notes, args);
    };
    int low = 2;
    int high = maxLines - 1;
    AdoDiffPage best = cutTo.apply(1); // a line at least: the smallest cut max_lines_per_file makes
    while (low <= high) {
      int mid = (low + high) >>> 1;
      AdoDiffPage candidate = cutTo.apply(mid);
      if (budget.fits(AdoJson.diffPage(candidate), CONTENT)) {
        best = candidate;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return best;
  }

  /** The page of the first {@code k} of {@code shown}, saying so when the budget ended it early. */
  private static AdoDiffPage part(DiffPage page, List<AdoDiffPage.Shown> shown, int k, int maxLines, ReplyBudget budget,
                                  List<String> notes, JsonObject args) {
    List<String> warnings = new ArrayList<>(notes);
    List<AdoDiffPage.Shown> kept = shown.subList(0, k);
    List<String> truncated = kept.stream().filter(s -> s.view() != null && s.view().truncated()).map(s -> s.change().path())
      .toList();
    if (k < shown.size()) {
      warnings.add("this page stops after " + k + " of its " + shown.size() + " changes at " + budget.limit() + "; ask skip="
        + (page.changes().skip() + k) + " (pagination.next_skip) for the rest");
    }
    if (!truncated.isEmpty()) {
      warnings.add(FileView.truncatedWarning(truncated, maxLines));
    }
    ChangePage<AdoChange> changes = page.changes();
    return new AdoDiffPage(page.pr(), page.iteration(), page.since() == null ? null : page.since().id(), changes.selected(),
      kept, changes.skip(), changes.hasMore() || k < shown.size(), page.written() != null,
      page.written() == null ? null : page.written().source(), truncated, args.getBoolean("include_content_metadata", false),
      warnings);
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
        if (all.size() >= client.options().blobs().maxChanges()) {
          throw ToolException.tooLarge("pull request " + pr + " iteration " + iteration + " changes more than "
            + client.options().blobs().maxChanges() + " files (ado.maxChanges); nothing partial is shown. Narrow it with compare_to, "
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
    Future<List<CommitMessage>> commits = !args.getBoolean("include_commits", false) ? Future.succeededFuture()
      : client.getJson(project, base + "/commits", Map.of(), notFound).map(json -> ForgeReplies.read(AdoEndpoints.COMMITS, need,
        () -> AdoPullRequest.commits(Fields.of(AdoEndpoints.COMMITS, json), client.options().trust())));
    return Future.all(List.of(pull, iterations, workItems, checks, commits)).map(all -> ForgeReplies.read(AdoEndpoints.PULL_REQUEST,
      need, () -> AdoPullRequest.from(Fields.of(AdoEndpoints.PULL_REQUEST, pull.result()), pr, iterations.result().size(),
        workItems.result(), checks.result(), commits.result(), client.options().trust())));
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
          .objects("value", pull -> AdoPullRequest.Listed.from(pull, notSent, client.options().trust()));
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
