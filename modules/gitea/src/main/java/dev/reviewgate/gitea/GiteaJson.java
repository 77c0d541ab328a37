package dev.reviewgate.gitea;

import dev.reviewgate.core.trust.Provenance;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ChangeSummary;
import dev.reviewgate.forge.diff.ChangePage;
import dev.reviewgate.forge.diff.DiffPageJson;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** The one encoder of the Gitea tools: the records {@link PullRequests} answers, as each tool's JSON reply. */
final class GiteaJson {

  private final DiffEngine engine;

  GiteaJson(DiffEngine engine) {
    this.engine = engine;
  }

  private static JsonObject summaryOf(GiteaPullRequest pr) {
    return new JsonObject().put("pr_number", pr.number()).put("title", pr.title()).put("state", pr.state())
      .put("draft", pr.draft()).put("author", pr.author())
      // The pull request names its author but not their access (a permission lookup per author, not made here):
      // every text it holds is a stranger's.
      .put(Provenance.TRUST, Provenance.UNTRUSTED).put("head_ref", pr.headRef()).put("base_ref", pr.baseRef())
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
    boolean diffs = d.written() != null;
    DiffPageJson.write(engine, page, d.written(), PullRequestFile::path, change -> {
      JsonObject entry = new JsonObject().put("change_type", change.changeType()).put("path", change.path())
        .put("original_path", change.originalPath()).put("status", change.status());
      if (diffs && change.renameWithoutSource()) {
        warnings.add("Gitea lists " + change.path() + " as renamed without naming its previous_filename: its diff is left out "
          + "(serve the repository locally for it)");
      } else if (!diffs && (change.additions() != null || change.deletions() != null)) {
        entry.put("additions", change.additions()).put("deletions", change.deletions());
      }
      return entry;
    }, args, result, warnings);
    return result.put("warnings", new JsonArray(warnings));
  }
}
