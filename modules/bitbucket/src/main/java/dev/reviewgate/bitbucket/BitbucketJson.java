package dev.reviewgate.bitbucket;

import dev.reviewgate.core.trust.Provenance;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ChangeSummary;
import dev.reviewgate.forge.diff.ChangePage;
import dev.reviewgate.forge.diff.DiffPageJson;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** The one encoder of the Bitbucket tools: the records {@link PullRequests} answers, as each tool's JSON reply. */
final class BitbucketJson {

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
      .put("author", pr.author())
      // The pull request names its author but not their access (a permission lookup per author, not made here):
      // every text it holds is a stranger's.
      .put(Provenance.TRUST, Provenance.UNTRUSTED).put("source_branch", pr.sourceBranch()).put("target_branch", pr.targetBranch())
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
    DiffPageJson.write(engine, page, d.written(), BitbucketChange::path, change -> new JsonObject()
      .put("change_type", change.type()).put("path", change.path()).put("original_path", change.originalPath()), args,
      result, warnings);
    return result.put("warnings", new JsonArray(warnings));
  }
}
