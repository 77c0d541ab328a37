package dev.reviewgate.git;

import dev.reviewgate.diff.render.FileListRenderer;
import dev.reviewgate.xdiff.FileChange;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The replies of the git tools as JSON, from the readers' records: the one place that knows the tools' field names,
 * their order, which fields are null and which are left out (each tool's {@code outputSchema} in the catalog).
 */
public final class GitJson {

  private GitJson() {
  }

  /** {@code git_repos}: {@code defaultName} null when the server was not started inside a repository. */
  public static JsonObject repos(List<RepoInfo> repos, String defaultName) {
    JsonArray list = new JsonArray();
    for (RepoInfo repo : repos) {
      list.add(new JsonObject().put("name", repo.name()).put("default_branch", repo.defaultBranch())
        .put("head", repo.head()).put("bare", repo.bare()));
    }
    return new JsonObject().put("repos", list).put("default", defaultName);
  }

  /** {@code git_resolve}. */
  public static JsonObject resolved(Resolved resolved) {
    return new JsonObject().put("repo", resolved.repo()).put("revision", resolved.revision()).put("sha", resolved.sha())
      .put("short_sha", resolved.shortSha()).put("subject", resolved.subject());
  }

  /** {@code git_log}: {@code next_cursor} only when there is a next page. */
  public static JsonObject logPage(LogPage page) {
    JsonArray commits = new JsonArray();
    for (LogCommit commit : page.commits()) {
      commits.add(new JsonObject()
        .put("sha", commit.sha())
        .put("short_sha", commit.shortSha())
        .put("subject", commit.subject())
        .put("body", commit.body())
        .put("author", person(commit.author()))
        .put("committer", person(commit.committer()))
        .put("parents", new JsonArray(new ArrayList<>(commit.parents()))));
      if (commit.shallowBoundary()) {
        commits.getJsonObject(commits.size() - 1).put("shallow_boundary", true);
      }
    }
    JsonObject out = new JsonObject().put("repo", page.repo()).put("range", page.range()).put("commits", commits);
    if (page.nextCursor() != null) {
      out.put("next_cursor", page.nextCursor());
    }
    return out;
  }

  private static JsonObject person(LogCommit.Person person) {
    return new JsonObject().put("name", person.name()).put("email", person.email())
      .put("date", person.when().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
  }

  /**
   * {@code git_changed_files}: a file has {@code old_path}/{@code similarity} and modes only when they apply; counts,
   * {@code binary} and the line totals only when they were {@link ChangedFiles#counted() counted}.
   */
  public static JsonObject changedFiles(ChangedFiles changed) {
    JsonArray files = new JsonArray();
    for (ChangedFile file : changed.files()) {
      JsonObject out = FileListRenderer.name(new JsonObject(), "path", file.path()).put("status", file.status().label());
      if (changed.counted()) {
        out.put("additions", file.additions()).put("deletions", file.deletions()).put("binary", file.binary());
      }
      if (file.oldPath() != null) {
        FileListRenderer.name(out, "old_path", file.oldPath()).put("similarity", file.similarity());
      }
      if (file.oldMode() != null) {
        out.put("old_mode", FileChange.octalMode(file.oldMode())).put("new_mode", FileChange.octalMode(file.newMode()));
      }
      files.add(out);
    }
    JsonObject out = new JsonObject().put("repo", changed.repo()).put("base", changed.base()).put("head", changed.head())
      .put("files", files)
      .put("totals", changed.counted() ? new JsonObject().put("files_changed", files.size())
        .put("insertions", changed.insertions()).put("deletions", changed.deletions())
        : new JsonObject().put("files_changed", files.size()));
    if (changed.note() != null) {
      out.put("warnings", new JsonArray().add(changed.note()));
    }
    return out;
  }

  /** {@code git_diff_stat}: the changed files and the text {@code git diff --stat} prints for them. */
  public static JsonObject diffStat(ChangedFiles changed, int width) {
    return changedFiles(changed).put("text", DiffStatText.render(changed, width));
  }

  /**
   * {@code git_show_file}: a submodule has no size; a binary file has {@code content: null}; a text file says
   * {@code next_start_line} and {@code message} only when it was cut.
   */
  public static JsonObject fileContent(FileContent content) {
    FileContent.Entry at = content.entry();
    JsonObject out = FileListRenderer.name(new JsonObject().put("repo", at.repo()).put("sha", at.sha()), "path", at.path())
      .put("blob", at.id()).put("mode", FileChange.octalMode(at.mode()));
    if (content instanceof FileContent.Submodule submodule) {
      return out.put("submodule", true).put("content", submodule.content());
    }
    if (content instanceof FileContent.Binary binary) {
      return out.put("size", binary.size()).put("symlink", binary.symlink()).put("binary", true).putNull("content")
        .put("message", binary.message());
    }
    FileContent.Text text = (FileContent.Text) content;
    out.put("size", text.size()).put("symlink", text.symlink()).put("binary", false)
      .put("total_lines", text.totalLines()).put("start_line", text.startLine()).put("end_line", text.endLine())
      .put("content", text.content()).put("truncated", text.truncated());
    if (text.truncated()) {
      out.put("next_start_line", text.nextStartLine()).put("message", text.message());
    }
    return out;
  }

  /**
   * {@code git_grep}: {@code message} only when truncated; {@code files_skipped_too_large} (how many) and
   * {@code skipped_too_large} (their paths, the first git.maxGrepMatches) only when some were.
   */
  public static JsonObject grep(GrepResult result) {
    JsonArray matches = new JsonArray();
    for (GrepResult.Match match : result.matches()) {
      JsonObject where = FileListRenderer.name(new JsonObject(), "path", match.path());
      matches.add(match.binary() ? where.put("binary", true)
        : where.put("line", match.line()).put("column", match.column()).put("text", match.text()));
    }
    JsonObject out = new JsonObject().put("repo", result.repo()).put("sha", result.sha()).put("matches", matches)
      .put("files_searched", result.filesSearched()).put("truncated", result.truncated());
    if (result.message() != null) {
      out.put("message", result.message());
    }
    if (result.filesSkippedTooLarge() > 0) {
      JsonArray names = new JsonArray();
      result.skippedTooLarge().forEach(path -> names.add(dev.reviewgate.xdiff.PathBytes.quotedIfNotUtf8(path)));
      out.put("files_skipped_too_large", result.filesSkippedTooLarge()).put("skipped_too_large", names);
    }
    return out;
  }
}
