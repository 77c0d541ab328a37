package dev.reviewgate.gitlab;

import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.diff.model.Diff;
import dev.reviewgate.forge.ChangeSummary;
import dev.reviewgate.forge.diff.ChangeDiff;
import dev.reviewgate.forge.diff.ChangePage;
import dev.reviewgate.forge.diff.FileView;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The one encoder of the GitLab tools: the records {@link MergeRequests} answers, as each tool's JSON reply. */
final class GitLabJson {

  /** Options that shape the whole page's text at once (a budget over all files), not each file alone. */
  private static final List<String> PAGE_SHAPING = List.of("max_bytes", "token_budget", "markers");

  private final DiffEngine engine;

  GitLabJson(DiffEngine engine) {
    this.engine = engine;
  }

  static JsonObject version(MergeRequestVersion v) {
    return new JsonObject().put("version_id", v.id()).put("head_commit_sha", v.head()).put("base_commit_sha", v.base())
      .put("start_commit_sha", v.start()).put("created_at", v.created()).put("state", v.state())
      .put("real_size", v.realSize() < 0 ? null : v.realSize());
  }

  static JsonObject versions(long iid, List<MergeRequestVersion> versions) {
    return new JsonObject().put("mr_iid", iid).put("versions", new JsonArray(versions.stream().map(GitLabJson::version).toList()))
      .put("count", versions.size()).put("warnings", new JsonArray());
  }

  static JsonObject listing(MergeRequests.Listing listing) {
    JsonArray items = new JsonArray();
    for (MergeRequest mr : listing.mergeRequests()) {
      items.add(new JsonObject().put("mr_iid", mr.iid()).put("title", mr.title()).put("state", mr.state()).put("draft", mr.draft())
        .put("author", mr.author()).put("source_branch", mr.sourceBranch()).put("target_branch", mr.targetBranch())
        .put("created_at", mr.createdAt()).put("updated_at", mr.updatedAt()).put("web_url", mr.webUrl()));
    }
    JsonObject result = new JsonObject().put("merge_requests", items).put("count", items.size());
    if (listing.nextSkip() != null) {
      result.put("next_skip", listing.nextSkip());
    }
    return result.put("warnings", new JsonArray());
  }

  static JsonObject details(MergeRequests.Details d) {
    MergeRequest mr = d.mergeRequest();
    List<String> warnings = new ArrayList<>(d.warnings());
    MergeRequest.DiffRefs refs = mr.diffRefs();
    if (refs == null) {
      warnings.add("GitLab has not computed this merge request's diff yet (diff_refs is null, as on a just-created merge request "
        + "or after a push); retry in a moment for diff_refs and the latest version.");
    }
    JsonObject result = new JsonObject().put("mr_iid", mr.iid()).put("title", mr.title()).put("description", mr.description())
      .put("state", mr.state()).put("draft", mr.draft()).put("author", mr.author()).put("source_branch", mr.sourceBranch())
      .put("target_branch", mr.targetBranch()).put("sha", mr.sha())
      .put("diff_refs", refs == null ? null : new JsonObject().put("base_sha", refs.base()).put("start_sha", refs.start())
        .put("head_sha", refs.head()))
      .put("detailed_merge_status", mr.detailedMergeStatus()).put("has_conflicts", mr.hasConflicts()).put("web_url", mr.webUrl())
      .put("created_at", mr.createdAt()).put("updated_at", mr.updatedAt())
      .put("versions_count", d.versions().size())
      .put("latest_version_id", d.versions().isEmpty() ? null : d.versions().get(0).id());
    MergeRequest.Approvals approvals = d.approvals();
    if (approvals != null) {
      result.put("approvals", new JsonObject().put("approved", approvals.approved())
        .put("approvals_required", approvals.approvalsRequired()).put("approvals_left", approvals.approvalsLeft())
        .put("approved_by", new JsonArray(new ArrayList<>(approvals.approvedBy()))));
    }
    result.put("pipelines", new JsonArray(d.pipelines().stream().limit(10).map(p -> new JsonObject().put("id", p.id())
      .put("sha", p.sha()).put("ref", p.ref()).put("status", p.status()).put("web_url", p.webUrl())).toList()));
    return result.put("warnings", new JsonArray(warnings));
  }

  /** {@code gitlab_get_merge_request_diff}'s reply. */
  JsonObject diff(MergeRequests.VersionDiff d, JsonObject args) {
    List<String> warnings = new ArrayList<>(d.warnings());
    ChangePage<MergeRequestChange> page = d.changes();
    JsonObject result = new JsonObject().put("mr_iid", d.iid()).put("version_id", d.version().id()).put("version", version(d.version()));
    if (d.since() != null) {
      result.put("compare_to", d.since().id());
    }
    result.put("summary", summary(page.selected()));
    Map<MergeRequestChange, ChangeDiff> written = d.written() == null ? Map.of() : d.written().byChange();
    if (d.written() != null) {
      warnings.addAll(d.written().warnings());
    }
    String format = args.getString("format", "unified");
    int maxLines = args.getInteger("max_lines_per_file", engine.options().maxLinesPerFile());
    boolean pageShaping = PAGE_SHAPING.stream().anyMatch(args::containsKey);
    boolean budget = args.containsKey("max_bytes") || args.containsKey("token_budget");
    JsonArray changes = new JsonArray();
    StringBuilder text = new StringBuilder();
    List<ChangeDiff> whole = new ArrayList<>();
    List<String> truncated = new ArrayList<>();
    int additions = 0;
    int deletions = 0;
    for (MergeRequestChange change : page.page()) {
      JsonObject entry = new JsonObject().put("change_type", change.changeType()).put("path", change.path())
        .put("original_path", change.originalPath());
      if (change.tooLarge() || change.collapsed() || change.generated()) {
        entry.put("gitlab", new JsonObject().put("too_large", change.tooLarge()).put("collapsed", change.collapsed())
          .put("generated_file", change.generated()));
      }
      ChangeDiff diff = written.get(change);
      if (diff != null) {
        additions += diff.additions();
        deletions += diff.deletions();
        whole.add(diff);
        JsonObject shaped = new JsonObject();
        if (!budget) {
          FileView view = FileView.of(engine, diff, format, maxLines, args);
          shaped.put("format", view.format()).put("content", view.content()).put("is_truncated", view.truncated());
          if (view.truncated()) {
            truncated.add(change.path());
          }
          if (view.content() instanceof String s) {
            text.append(s);
          }
        }
        entry.put("diff", shaped.put("additions", diff.additions()).put("deletions", diff.deletions()).put("binary", diff.binary()));
      }
      changes.add(entry);
    }
    if (!truncated.isEmpty()) {
      warnings.add(FileView.truncatedWarning(truncated, maxLines));
    }
    int skip = page.skip();
    result.put("changes", changes).put("pagination", new JsonObject()
      .put("showing", page.page().isEmpty() ? "0" : (skip + 1) + "-" + (skip + page.page().size()))
      .put("total", page.selected().size()).put("has_more", page.hasMore())
      .put("next_skip", page.hasMore() ? skip + page.page().size() : null));
    result.put("diffs", new JsonObject().put("included", d.written() != null)
      .put("source", d.written() == null ? null : d.written().source()).put("total_files_with_diffs", written.size())
      .put("total_additions", additions).put("total_deletions", deletions).put("truncated_files", new JsonArray(truncated)));
    Diff all = ChangeDiff.joined(whole);
    if (pageShaping && !all.files().isEmpty()) {
      // A budget or marker scan covers the whole page: the engine shapes the page's diff at once.
      JsonObject shaping = new JsonObject();
      for (String key : List.of("format", "max_lines_per_file", "max_bytes", "token_budget", "cursor", "side_by_side_width",
        "markers")) {
        if (args.containsKey(key)) {
          shaping.put(key, args.getValue(key));
        }
      }
      JsonObject shaped = engine.shape(all, shaping);
      for (String key : List.of("diff", "files", "stat", "cut", "markers", "next_cursor")) {
        if (shaped.containsKey(key)) {
          result.put(key, shaped.getValue(key));
        }
      }
      shaped.getJsonArray("warnings", new JsonArray()).forEach(w -> warnings.add(String.valueOf(w)));
    } else if (!text.isEmpty()) {
      result.put("diff", text.toString());
    }
    return result.put("warnings", new JsonArray(warnings));
  }

  private static JsonObject summary(List<MergeRequestChange> changes) {
    return ChangeSummary.of(changes.stream().map(MergeRequestChange::changeType).toList());
  }
}
