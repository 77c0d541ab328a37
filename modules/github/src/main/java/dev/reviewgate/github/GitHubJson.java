package dev.reviewgate.github;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;

/** The GitHub tools' JSON, written from the records the services return (the tools' output schemas). */
final class GitHubJson {

  private GitHubJson() {
  }

  /** {@code github_get_pull_request_diff} without shaping options: the text, then the warnings. */
  static JsonObject diffText(DiffText diff) {
    return new JsonObject().put("diff", new String(diff.text(), StandardCharsets.UTF_8))
      .put("warnings", new JsonArray(diff.warnings()));
  }

  /** {@code github_get_pull_request_diff} with {@code files_only} and no other shaping: GitHub's own counts. */
  static JsonObject files(PullRequestFile.Listing listing) {
    JsonArray files = new JsonArray();
    for (PullRequestFile f : listing.files()) {
      JsonObject entry = new JsonObject().put("path", f.path()).put("additions", f.additions()).put("deletions", f.deletions())
        .put("status", f.status());
      if (f.previousPath() != null) {
        entry.put("previous_path", f.previousPath());
      }
      files.add(entry);
    }
    return new JsonObject().put("files", files).put("warnings", new JsonArray(listing.warnings()));
  }
}
