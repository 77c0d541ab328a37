package dev.reviewgate.gitea;

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

/** The one encoder of the Gitea tools: the records {@link PullRequests} answers, as each tool's JSON reply. */
final class GiteaJson {

  /** Options that shape the whole page's text at once (a budget over all files), not each file alone. */
  private static final List<String> PAGE_SHAPING = List.of("max_bytes", "token_budget", "markers");

  private final DiffEngine engine;

  GiteaJson(DiffEngine engine) {
    this.engine = engine;
  }

  private static JsonObject summaryOf(GiteaPullRequest pr) {
    return new JsonObject().put("pr_number", pr.number()).put("title", pr.title()).put("state", pr.state())
      .put("draft", pr.draft()).put("author", pr.author()).put("head_ref", pr.headRef()).put("base_ref", pr.baseRef())
      .put("head_sha", pr.headSha()).put("created_at", pr.createdAt()).put("updated_at", pr.updatedAt())
      .put("html_url", pr.htmlUrl());
  }

  static JsonObject listing(PullRequests.Listing listing) {
    JsonArray items = new JsonArray(listing.pullRequests().stream().map(GiteaJson::summaryOf).toList());
    JsonObject result = new JsonObject().put("pull_requests", items).put("count", items.size()).put("page", listing.page());
    if (listing.nextPage() != null) {
      result.put("next_page", listing.nextPage());
    }
    return result.put("warnings", new JsonArray());
  }

  static JsonObject details(PullRequests.Details d) {
    GiteaPullRequest pr = d.pullRequest();
    List<String> warnings = new ArrayList<>(d.warnings());
    if (pr.mergeBase() == null) {
      warnings.add("Gitea has not computed this pull request's merge base yet (merge_base is empty); retry in a moment for "
        + "its diff.");
    }
    JsonObject result = summaryOf(pr).put("body", pr.body()).put("merged", pr.merged()).put("mergeable", pr.mergeable())
      .put("base_sha", pr.baseSha()).put("merge_base", pr.mergeBase()).put("merged_at", pr.mergedAt())
      .put("server", new JsonObject().put("flavor", d.server().flavor()).put("version", d.server().version()));
    return result.put("warnings", new JsonArray(warnings));
  }

  /** {@code gitea_get_pull_request_diff}'s reply. */
  JsonObject diff(PullRequests.PullDiff d, JsonObject args) {
    List<String> warnings = new ArrayList<>(d.warnings());
    ChangePage<PullRequestFile> page = d.changes();
    JsonObject result = new JsonObject().put("pr_number", d.pullRequest().number()).put("head_sha", d.pullRequest().headSha())
      .put("base_sha", d.base());
    if (d.since() != null) {
      result.put("since_sha", d.since());
    }
    result.put("summary", ChangeSummary.of(page.selected().stream().map(PullRequestFile::changeType).toList()));
    Map<PullRequestFile, ChangeDiff> written = d.written() == null ? Map.of() : d.written().byChange();
    if (d.written() != null) {
      warnings.addAll(d.written().warnings());
      if ("blobs".equals(d.written().source())) {
        warnings.add("Gitea's change list tells no file modes: files are shown as regular files (an executable bit, a "
          + "symlink or a mode-only change is not seen). Serve the repository locally for git's exact headers.");
      }
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
    for (PullRequestFile change : page.page()) {
      JsonObject entry = new JsonObject().put("change_type", change.changeType()).put("path", change.path())
        .put("original_path", change.originalPath()).put("status", change.status());
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
      } else if (d.written() != null && change.renameWithoutSource()) {
        warnings.add("Gitea lists " + change.path() + " as renamed without naming its previous_filename: its diff is left out "
          + "(serve the repository locally for it)");
      } else if (change.additions() != null || change.deletions() != null) {
        entry.put("additions", change.additions()).put("deletions", change.deletions());
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
      for (String key : List.of("format", "max_lines_per_file", "max_bytes", "token_budget", "side_by_side_width", "markers")) {
        if (args.containsKey(key)) {
          shaping.put(key, args.getValue(key));
        }
      }
      JsonObject shaped = engine.shape(all, shaping);
      for (String key : List.of("diff", "files", "stat", "cut", "markers")) {
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
}
