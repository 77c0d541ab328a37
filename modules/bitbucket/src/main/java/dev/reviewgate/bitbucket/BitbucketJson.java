package dev.reviewgate.bitbucket;

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

/** The one encoder of the Bitbucket tools: the records {@link PullRequests} answers, as each tool's JSON reply. */
final class BitbucketJson {

  /** Options that shape the whole page's text at once (a budget over all files), not each file alone. */
  private static final List<String> PAGE_SHAPING = List.of("max_bytes", "token_budget", "markers");

  private final DiffEngine engine;

  BitbucketJson(DiffEngine engine) {
    this.engine = engine;
  }

  static JsonObject listing(Flavor flavor, BitbucketApi.Listing listing, int page) {
    JsonArray items = new JsonArray();
    listing.pullRequests().forEach(pr -> items.add(summary(pr)));
    JsonObject result = new JsonObject().put("flavor", flavor.name().toLowerCase(java.util.Locale.ROOT)).put("pull_requests", items)
      .put("count", items.size());
    if (listing.more()) {
      result.put("next_page", page + 1);
    }
    return result.put("warnings", new JsonArray());
  }

  private static JsonObject summary(PullRequest pr) {
    return new JsonObject().put("pr_number", pr.id()).put("title", pr.title()).put("state", pr.state()).put("draft", pr.draft())
      .put("author", pr.author()).put("source_branch", pr.sourceBranch()).put("target_branch", pr.targetBranch())
      .put("created", pr.created()).put("updated", pr.updated()).put("url", pr.url());
  }

  static JsonObject details(Flavor flavor, PullRequests.Details d) {
    PullRequest pr = d.pullRequest();
    JsonObject result = summary(pr).put("flavor", flavor.name().toLowerCase(java.util.Locale.ROOT)).put("description", pr.description())
      .put("source_commit", pr.sourceCommit()).put("target_commit", pr.targetCommit());
    if (d.commits() != null) {
      result.put("head_sha", d.commits().head()).put("merge_base_sha", d.commits().base()).put("target_sha", d.commits().target());
    }
    result.put("reviewers", new JsonArray(pr.reviewers().stream().map(r -> (Object) new JsonObject().put("name", r.name())
      .put("role", r.role()).put("status", r.status())).toList()));
    if (pr.version() != null) {
      result.put("version", pr.version());
    }
    return result.put("warnings", new JsonArray(new ArrayList<>(d.warnings())));
  }

  /** {@code bitbucket_get_pull_request_diff}'s reply. */
  JsonObject diff(PullRequests.PageDiff d, JsonObject args) {
    List<String> warnings = new ArrayList<>(d.warnings());
    ChangePage<BitbucketChange> page = d.changes();
    JsonObject result = new JsonObject().put("pr_number", d.pullRequest().id()).put("head_sha", d.commits().head())
      .put("base_sha", d.since() != null ? d.since() : d.commits().base());
    if (d.since() != null) {
      result.put("since_commit", d.since());
    }
    result.put("summary", ChangeSummary.of(page.selected().stream().map(BitbucketChange::type).toList()));
    Map<BitbucketChange, ChangeDiff> written = d.written() == null ? Map.of() : d.written().byChange();
    if (d.written() != null) {
      warnings.addAll(d.written().warnings());
    }
    String format = args.getString("format", "unified");
    int maxLines = args.getInteger("max_lines_per_file", engine.options().maxLinesPerFile());
    boolean budget = args.containsKey("max_bytes") || args.containsKey("token_budget");
    JsonArray changes = new JsonArray();
    StringBuilder text = new StringBuilder();
    List<ChangeDiff> whole = new ArrayList<>();
    List<String> truncated = new ArrayList<>();
    int additions = 0;
    int deletions = 0;
    for (BitbucketChange change : page.page()) {
      JsonObject entry = new JsonObject().put("change_type", change.type()).put("path", change.path())
        .put("original_path", change.originalPath());
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
    if (PAGE_SHAPING.stream().anyMatch(args::containsKey) && !all.files().isEmpty()) {
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
