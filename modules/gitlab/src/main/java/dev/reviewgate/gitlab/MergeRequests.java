package dev.reviewgate.gitlab;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.diff.ChangePage;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.Author;
import dev.reviewgate.forge.thread.CommitMessage;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The GitLab merge request tools as a service that answers records ({@link GitLabJson} turns them into the tools'
 * JSON): the list, one merge request with its approvals and pipelines, its versions, and a version's diff (or what
 * changed since an earlier version).
 */
final class MergeRequests {

  /** One merge request as GitLab describes it, with what reviewers look at next to it. */
  /** @param commits the commits' messages when asked ({@code include_commits}), else null */
  record Details(MergeRequest mergeRequest, MergeRequest.Approvals approvals, List<MergeRequest.Pipeline> pipelines,
                 List<MergeRequestVersion> versions, List<CommitMessage> commits, List<String> warnings) {
  }

  /** A page of merge requests; {@code nextSkip} null when it is the last. */
  record Listing(List<MergeRequest> mergeRequests, Integer nextSkip, List<String> warnings) {
  }

  /**
   * A page of a version's changes and, when asked, their diffs.
   *
   * @param since   the earlier version of {@code compare_to}, or null
   * @param changes the changes the filters keep and the page shown of them
   * @param written the page's diffs, or null when diffs were not asked for
   */
  record VersionDiff(long iid, MergeRequestVersion version, MergeRequestVersion since, ChangePage<MergeRequestChange> changes,
                     ForgeDiffs.Written<MergeRequestChange> written, List<String> warnings) {
  }

  private final GitLabClient client;
  private final MergeRequestDiffs diffs;
  private final ProjectMembers members;

  MergeRequests(GitLabClient client, MergeRequestDiffs diffs) {
    this.client = client;
    this.diffs = diffs;
    this.members = new ProjectMembers(client);
  }

  ProjectMembers members() {
    return members;
  }

  MergeRequestDiffs diffs() {
    return diffs;
  }

  static String notFound(String project, long iid) {
    return "merge request !" + iid + " not found in project " + project + ". Check the project (numeric id or group/name, "
      + "as in its URL) and the merge request's IID (the number after !, not its global id), and that the token can read it.";
  }

  static String mergeRequestPath(String project, long iid) {
    return GitLabClient.project(project) + "/merge_requests/" + iid;
  }

  // --- gitlab_list_merge_request_versions -------------------------------------------------------------------------

  /** The versions, newest first (as GitLab lists them). */
  Future<List<MergeRequestVersion>> versions(String project, long iid) {
    return client.getAll(mergeRequestPath(project, iid) + "/versions", Map.of(), notFound(project, iid),
        client.options().maxListItems(), "gitlab.maxListItems")
      .map(all -> ForgeReplies.read(GitLabEndpoints.VERSIONS, "the merge request's versions", () -> all(GitLabEndpoints.VERSIONS, all)
        .stream().map(MergeRequestVersion::from).sorted(Comparator.comparingLong(MergeRequestVersion::id).reversed()).toList()));
  }

  /** The objects of a list GitLab answered, each named by its index for messages. */
  static List<Fields> all(ForgeEndpoint endpoint, List<JsonObject> items) {
    return Fields.ofArray(endpoint, new JsonArray(new ArrayList<>(items)));
  }

  // --- gitlab_get_merge_request_diff -------------------------------------------------------------------------------

  Future<VersionDiff> diff(String project, long iid, JsonObject args) {
    List<String> warnings = new ArrayList<>();
    return versions(project, iid).compose(all -> {
      MergeRequestVersion version = pick(all, args.getLong("version_id"), project, iid, warnings);
      boolean latest = version.id() == all.get(0).id();
      Long compareTo = args.getLong("compare_to");
      if (compareTo == null) {
        // The change list is GitLab's own; only the diffs are written between the version's base and head.
        if (includeDiffs(args)) {
          version.withCommits(iid, true);
        }
        return diffs.changes(project, iid, version, latest).compose(changes ->
          page(project, iid, version, null, changes, version.base(), args, warnings));
      }
      if (compareTo >= version.id()) {
        throw ToolException.invalid("compare_to (" + compareTo + ") must be an earlier version than " + version.id());
      }
      MergeRequestVersion since = pick(all, compareTo, project, iid, new ArrayList<>()).withCommits(iid, false);
      version.withCommits(iid, false);
      Future<List<MergeRequestChange>> now = diffs.changes(project, iid, version, latest);
      Future<List<MergeRequestChange>> then = diffs.changes(project, iid, since, false);
      Future<List<MergeRequestChange>> between = diffs.compare(project, since.head(), version.head());
      return Future.all(now, then, between).compose(done -> {
        // Only the merge request's own files: a rebase also brings the target branch's changes between the two heads.
        Set<String> touched = new HashSet<>();
        for (MergeRequestChange change : concat(now.result(), then.result())) {
          touched.add(change.oldPath());
          touched.add(change.newPath());
        }
        List<MergeRequestChange> mine = between.result().stream()
          .filter(c -> touched.contains(c.oldPath()) || touched.contains(c.newPath())).toList();
        int others = between.result().size() - mine.size();
        if (others > 0) {
          warnings.add(others + " file(s) changed between the two heads that this merge request does not touch (the target "
            + "branch's changes after a rebase) are left out.");
        }
        return page(project, iid, version, since, mine, since.head(), args, warnings);
      });
    });
  }

  private Future<VersionDiff> page(String project, long iid, MergeRequestVersion version, MergeRequestVersion since,
                                   List<MergeRequestChange> all, String base, JsonObject args, List<String> warnings) {
    List<MergeRequestChange> sorted = all.stream().sorted(Comparator.comparing(MergeRequestChange::path)).toList();
    ChangePage<MergeRequestChange> changes = ChangePage.of(sorted, MergeRequestChange::path, MergeRequestChange::oldPath, args, warnings);
    Future<ForgeDiffs.Written<MergeRequestChange>> written = includeDiffs(args) && !changes.page().isEmpty()
      ? diffs.written(project, changes.page(), base, version.head(), args.getInteger("context_lines", 3))
      : Future.succeededFuture(null);
    return written.map(w -> new VersionDiff(iid, version, since, changes, w, warnings));
  }

  private static boolean includeDiffs(JsonObject args) {
    return args.getBoolean("include_diffs", true) && !args.getBoolean("files_only", false);
  }

  private static <T> List<T> concat(List<? extends T> a, List<? extends T> b) {
    List<T> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static MergeRequestVersion pick(List<MergeRequestVersion> all, Long wanted, String project, long iid, List<String> warnings) {
    if (all.isEmpty()) {
      throw ToolException.notFound("merge request !" + iid + " of project " + project + " has no versions yet: nothing was pushed, "
        + "or GitLab is still computing the first one (retry in a moment)");
    }
    if (wanted == null) {
      MergeRequestVersion latest = all.get(0);
      warnings.add("Showing the latest version (" + latest.id() + ", head " + latest.head() + "). Pass version_id to see another.");
      return latest;
    }
    return all.stream().filter(v -> v.id() == wanted).findFirst().orElseThrow(() -> ToolException.notFound(
      "version " + wanted + " not found for merge request !" + iid + " of project " + project + " (its versions are "
        + all.stream().map(v -> Long.toString(v.id())).collect(Collectors.joining(", "))
        + "; gitlab_list_merge_request_versions lists them). Leave out version_id for the latest."));
  }

  // --- gitlab_get_merge_request ------------------------------------------------------------------------------------

  Future<Details> get(String project, long iid, boolean withCommits) {
    String path = mergeRequestPath(project, iid);
    String missing = notFound(project, iid);
    List<String> warnings = new ArrayList<>();
    Future<MergeRequest> mr = client.getJson(path, Map.of(), missing).compose(json -> {
      Fields fields = Fields.of(GitLabEndpoints.MERGE_REQUEST, json);
      return members.of(project, java.util.Collections.singletonList(fields.optObject("author"))).map(trust -> {
        warnings.addAll(trust.warnings());
        return ForgeReplies.read(GitLabEndpoints.MERGE_REQUEST, "gitlab_get_merge_request", () -> MergeRequest.from(fields, trust));
      });
    });
    // Approvals and pipelines are context: a GitLab without them (tier, permissions) still shows the merge request.
    Future<MergeRequest.Approvals> approvals = client.getJson(path + "/approvals", Map.of(), missing)
      .map(json -> ForgeReplies.read(GitLabEndpoints.APPROVALS, "gitlab_get_merge_request",
        () -> MergeRequest.Approvals.from(Fields.of(GitLabEndpoints.APPROVALS, json))))
      .recover(none -> {
        warnings.add("approvals left out: " + none.getMessage());
        return Future.succeededFuture(null);
      });
    Future<List<MergeRequest.Pipeline>> pipelines = client.getAll(path + "/pipelines", Map.of(), missing,
        client.options().maxPipelines(), "gitlab.maxPipelines")
      .map(all -> ForgeReplies.read(GitLabEndpoints.PIPELINES, "gitlab_get_merge_request",
        () -> all(GitLabEndpoints.PIPELINES, all).stream().map(MergeRequest.Pipeline::from).toList()))
      .recover(none -> {
        warnings.add("pipelines left out: " + none.getMessage());
        return Future.succeededFuture(List.of());
      });
    Future<List<MergeRequestVersion>> versions = versions(project, iid);
    Future<List<CommitMessage>> commits = withCommits ? commits(path, missing) : Future.succeededFuture();
    return Future.all(mr, approvals, pipelines, versions, commits)
      .map(all -> new Details(mr.result(), approvals.result(), pipelines.result(), versions.result(), commits.result(), warnings));
  }

  /**
   * The commits' messages ({@code GET …/commits}). GitLab names a commit's author by git name and email only, with no
   * account whose access level could be asked, so every message is untrusted.
   */
  private Future<List<CommitMessage>> commits(String path, String missing) {
    return client.getAll(path + "/commits", Map.of(), missing, client.options().maxListItems(), "gitlab.maxListItems")
      .map(all -> ForgeReplies.read(GitLabEndpoints.COMMITS, "gitlab_get_merge_request", () -> all(GitLabEndpoints.COMMITS, all)
        .stream().map(c -> new CommitMessage(c.string("id"), c.optString("message"),
          Author.untrusted(CommitMessage.gitName(c.optString("author_name"), c.optString("author_email"))))).toList()));
  }

  // --- gitlab_list_merge_requests ----------------------------------------------------------------------------------

  Future<Listing> list(String project, JsonObject args) {
    int top = args.getInteger("top", 20);
    int skip = args.getInteger("skip", 0);
    Map<String, String> query = new LinkedHashMap<>();
    query.put("state", args.getString("state", "opened"));
    query.put("source_branch", args.getString("source_branch"));
    query.put("target_branch", args.getString("target_branch"));
    String author = args.getString("author");
    if (author != null) {
      query.put(author.matches("\\d+") ? "author_id" : "author_username", author);
    }
    query.put("order_by", "updated_at");
    // GitLab pages by number; with per_page = top, skip must fall on a page boundary, which the schema's advice keeps.
    if (skip % top != 0) {
      throw ToolException.invalid("skip (" + skip + ") must be a multiple of top (" + top + "): GitLab lists by pages; "
        + "use next_skip from the previous answer");
    }
    query.put("per_page", Integer.toString(top));
    query.put("page", Integer.toString(skip / top + 1));
    return client.getPage(GitLabClient.project(project) + "/merge_requests", query,
        "project " + project + " not found. Use its numeric id or its path (group/name, as in its URL), and check the token can read it.")
      .compose(page -> {
        List<Fields> items = all(GitLabEndpoints.MERGE_REQUESTS, page.items());
        return members.of(project, items.stream().map(mr -> mr.optObject("author")).toList()).map(trust -> new Listing(
          ForgeReplies.read(GitLabEndpoints.MERGE_REQUESTS, "gitlab_list_merge_requests",
            () -> items.stream().map(mr -> MergeRequest.from(mr, trust)).toList()), page.hasNext() ? skip + top : null,
          trust.warnings()));
      });
  }
}
