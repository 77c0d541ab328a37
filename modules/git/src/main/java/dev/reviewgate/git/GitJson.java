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

  /**
   * {@code git_log}: {@code next_cursor} only when there is a next page; {@code text} one line per commit (short
   * SHA, author date, author, subject), what a model reads.
   */
  public static JsonObject logPage(LogPage page) {
    JsonArray commits = new JsonArray();
    StringBuilder text = new StringBuilder();
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
      text.append(commit.shortSha()).append(' ').append(commit.author().when().toLocalDate()).append(' ')
        .append(oneLine(commit.author().name())).append(": ").append(oneLine(commit.subject())).append('\n');
    }
    JsonObject out = new JsonObject().put("repo", page.repo()).put("range", page.range()).put("commits", commits)
      .put("text", text.toString());
    if (page.nextCursor() != null) {
      out.put("next_cursor", page.nextCursor());
    }
    return out;
  }

  /** A name or subject on one line, whatever it holds. */
  private static String oneLine(String text) {
    return text.indexOf('\n') < 0 && text.indexOf('\r') < 0 ? text : text.replace('\n', ' ').replace('\r', ' ');
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

  /** {@code git_show_file} without line numbers. */
  public static JsonObject fileContent(FileContent content) {
    return fileContent(content, false);
  }

  /**
   * {@code git_show_file}: a submodule has no size; a binary file has {@code content: null}; a text file says
   * {@code next_start_line} and {@code message} only when it was cut. With {@code lineNumbers}, each line of the
   * content begins with its number, right-aligned, and a tab.
   */
  public static JsonObject fileContent(FileContent content, boolean lineNumbers) {
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
      .put("content", lineNumbers ? numbered(text.content(), text.startLine(), text.endLine()) : text.content())
      .put("truncated", text.truncated());
    if (text.truncated()) {
      out.put("next_start_line", text.nextStartLine()).put("message", text.message());
    }
    return out;
  }

  private static String numbered(String content, int first, int last) {
    int width = String.valueOf(Math.max(first, last)).length();
    StringBuilder out = new StringBuilder(content.length() + (last - first + 1) * (width + 1));
    int line = first;
    int at = 0;
    while (at < content.length()) {
      int end = content.indexOf('\n', at);
      end = end < 0 ? content.length() : end + 1;
      String number = String.valueOf(line++);
      out.append(" ".repeat(width - number.length())).append(number).append('\t').append(content, at, end);
      at = end;
    }
    return out.toString();
  }

  /**
   * {@code git_grep}: {@code message} only when truncated; {@code files_skipped_too_large} (how many) and
   * {@code skipped_too_large} (their paths, the first git.maxGrepMatches) only when some were; {@code text} the
   * matches as {@code git grep -n} prints them ({@code path:line:text}, {@code Binary file path matches}), what a
   * model reads.
   */
  public static JsonObject grep(GrepResult result) {
    JsonArray matches = new JsonArray();
    StringBuilder text = new StringBuilder();
    for (GrepResult.Match match : result.matches()) {
      JsonObject where = FileListRenderer.name(new JsonObject(), "path", match.path());
      matches.add(match.binary() ? where.put("binary", true)
        : where.put("line", match.line()).put("column", match.column()).put("text", match.text()));
      if (match.binary()) {
        text.append("Binary file ").append(match.path()).append(" matches\n");
      } else {
        text.append(match.path()).append(':').append(match.line()).append(':').append(oneLine(match.text())).append('\n');
      }
    }
    JsonObject out = new JsonObject().put("repo", result.repo()).put("sha", result.sha()).put("matches", matches)
      .put("files_searched", result.filesSearched()).put("truncated", result.truncated()).put("text", text.toString());
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
