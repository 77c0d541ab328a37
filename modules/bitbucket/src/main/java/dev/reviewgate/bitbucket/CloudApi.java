package dev.reviewgate.bitbucket;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;
import dev.reviewgate.forge.json.ForgeReplies;
import dev.reviewgate.forge.thread.ReviewComment;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Bitbucket Cloud's REST 2.0, as its OpenAPI description ({@code swagger.v3.json}) has it. Every member of a pull
 * request is optional there; its commit hashes are often 12-digit abbreviations, so the head's full id comes from
 * {@code /commit/{hash}} and the merge base from {@code /merge-base/{a..b}}. The change list is {@code /diffstat} of
 * the two commits without its merge ({@code topic=false}); a comment's anchor is {@code inline} ({@code to}: a line of
 * the new file, {@code from}: of the old), which Cloud accepts on any line without checking.
 */
final class CloudApi implements BitbucketApi {

  private static final List<String> STATES = List.of("OPEN", "MERGED", "DECLINED", "SUPERSEDED");

  private final BitbucketClient client;

  CloudApi(BitbucketClient client) {
    this.client = client;
  }

  @Override
  public String rule() {
    return "reviewgate places Bitbucket Cloud comments on lines of the merge-base diff's hunks (Cloud itself accepts any "
      + "line and shows a comment off the diff nowhere useful): added and context lines on the new side, removed and "
      + "context lines on the old side";
  }

  @Override
  public Future<Listing> list(Repo repo, String state, int page, int perPage) {
    String wanted = state.toUpperCase(Locale.ROOT);
    String path = repo.path(Flavor.CLOUD) + "/pullrequests";
    if (wanted.equals("ALL")) {
      // the state parameter is repeated for several states
      path += "?" + String.join("&", STATES.stream().map(s -> "state=" + s).toList());
    }
    Map<String, String> query = new LinkedHashMap<>();
    if (!wanted.equals("ALL")) {
      query.put("state", wanted);
    }
    query.put("page", Integer.toString(page));
    query.put("pagelen", Integer.toString(perPage));
    return client.page(path, query, "repository " + repo.fullName() + " not found. Check the workspace and the repository's slug "
        + "(bitbucket.org/<workspace>/<repo>), and that the token can read it.")
      .map(p -> new Listing(ForgeReplies.read(BitbucketEndpoints.CLOUD_PULL_REQUESTS, "bitbucket_list_pull_requests",
        () -> Fields.ofArray(BitbucketEndpoints.CLOUD_PULL_REQUESTS, new JsonArray(new ArrayList<>(p.values()))).stream()
          .map(CloudApi::pullRequest).toList()), p.hasNext()));
  }

  @Override
  public Future<PullRequest> pullRequest(Repo repo, long id) {
    return client.getJson(repo.pullRequest(Flavor.CLOUD, id), Map.of(), repo.notFound(id))
      .map(json -> ForgeReplies.read(BitbucketEndpoints.CLOUD_PULL_REQUEST, "the pull request",
        () -> pullRequest(Fields.of(BitbucketEndpoints.CLOUD_PULL_REQUEST, json))));
  }

  /**
   * A pull request as Cloud's {@code pullrequest} schema has it: {@code summary.raw} is the description (the older
   * {@code description} member where sent), {@code participants[].state} is {@code approved},
   * {@code changes_requested} or null.
   */
  static PullRequest pullRequest(Fields json) {
    Fields summary = json.optObject("summary");
    List<PullRequest.Reviewer> reviewers = json.objects("participants", p -> new PullRequest.Reviewer(name(p.optObject("user")),
      lower(p.optString("role")), p.optString("state", p.bool("approved", false) ? "approved" : null)));
    return new PullRequest(json.longValue("id"), json.optString("title"),
      summary != null && summary.optString("raw") != null ? summary.optString("raw") : json.optString("description"),
      lower(json.optString("state")), json.optBoolean("draft"), name(json.optObject("author")),
      branch(json.optObject("source")), branch(json.optObject("destination")), commit(json.optObject("source")),
      commit(json.optObject("destination")), json.optString("created_on"), json.optString("updated_on"),
      BitbucketEndpoints.link(json, "html"), reviewers, null);
  }

  @Override
  public Future<PullRequest.Commits> commits(Repo repo, PullRequest pr) {
    if (pr.sourceCommit() == null || pr.targetCommit() == null) {
      return Future.failedFuture(ToolException.upstream("Bitbucket Cloud's reply to " + BitbucketEndpoints.CLOUD_PULL_REQUEST.endpoint()
        + " names no " + (pr.sourceCommit() == null ? "source" : "destination") + ".commit.hash for pull request #" + pr.id()
        + " (its branch may be gone); its diff cannot be written"));
    }
    String notFound = "commit " + pr.sourceCommit() + " or " + pr.targetCommit() + " not found in " + repo.fullName()
      + " (the pull request's branches may have moved or been deleted)";
    Future<String> head = hash(repo, "/commit/" + pr.sourceCommit(), BitbucketEndpoints.CLOUD_COMMIT, notFound);
    Future<String> base = hash(repo, "/merge-base/" + pr.sourceCommit() + ".." + pr.targetCommit(), BitbucketEndpoints.CLOUD_MERGE_BASE,
      notFound);
    Future<String> target = hash(repo, "/commit/" + pr.targetCommit(), BitbucketEndpoints.CLOUD_COMMIT, notFound);
    return Future.all(head, base, target).map(all -> new PullRequest.Commits(base.result(), head.result(), target.result()));
  }

  private Future<String> hash(Repo repo, String path, ForgeEndpoint endpoint, String notFound) {
    return client.getJson(repo.path(Flavor.CLOUD) + path, Map.of(), notFound)
      .map(json -> ForgeReplies.read(endpoint, "the pull request's diff", () -> {
        Fields commit = Fields.of(endpoint, json);
        String hash = commit.string("hash");
        if (!hash.matches("[0-9a-f]{40}([0-9a-f]{24})?")) {
          throw commit.missing("hash", "a full commit id");
        }
        return hash;
      }));
  }

  @Override
  public Future<List<BitbucketChange>> changes(Repo repo, long id, String from, String to) {
    // Cloud's spec is "the changes..the state compared with", the opposite of git diff's order
    return client.all(repo.path(Flavor.CLOUD) + "/diffstat/" + to + ".." + from, Map.of("topic", "false", "renames", "true"),
        "commit " + from + " or " + to + " not found in " + repo.fullName(), client.options().blobs().maxChanges(), "bitbucket.maxChanges")
      .map(all -> ForgeReplies.read(BitbucketEndpoints.CLOUD_DIFFSTAT, "the pull request's change list",
        () -> Fields.ofArray(BitbucketEndpoints.CLOUD_DIFFSTAT, new JsonArray(new ArrayList<>(all))).stream().map(CloudApi::change).toList()));
  }

  /**
   * A {@code diffstat}: {@code status} added, removed, modified or renamed; {@code old} and {@code new} are
   * {@code commit_file}s (absent on the side the file does not exist), whose {@code attributes} may say
   * {@code executable}, {@code link} or {@code subrepository}.
   */
  static BitbucketChange change(Fields json) {
    Fields old = json.optObject("old");
    Fields now = json.optObject("new");
    String oldPath = old == null ? null : old.optString("path");
    String newPath = now == null ? null : now.optString("path");
    if (oldPath == null && newPath == null) {
      throw json.missing("new", "a commit_file with a path");
    }
    String status = json.optString("status", "");
    String type = switch (status) {
      case "added" -> "add";
      case "removed" -> "delete";
      case "renamed" -> "rename";
      default -> newPath == null ? "delete" : oldPath == null ? "add" : "edit";
    };
    return new BitbucketChange(type, type.equals("add") ? null : oldPath != null ? oldPath : newPath,
      type.equals("delete") ? null : newPath != null ? newPath : oldPath, mode(old), mode(now));
  }

  private static int mode(Fields file) {
    String attributes = file == null ? null : file.optString("attributes");
    if (attributes == null) {
      return 0;
    }
    return switch (attributes) {
      case "executable" -> BitbucketChange.EXECUTABLE;
      case "link" -> BitbucketChange.SYMLINK;
      case "subrepository" -> dev.reviewgate.forge.diff.ChangedFile.SUBMODULE;
      default -> 0;
    };
  }

  @Override
  public Future<Buffer> file(Repo repo, String path, String commit) {
    return client.raw(repo.path(Flavor.CLOUD) + "/src/" + commit + "/" + BitbucketClient.encodePath(path), Map.of(),
      path + " not found at commit " + commit + " of " + repo.fullName() + " (the pull request's commits may have been force-pushed away)");
  }

  @Override
  public Future<List<BitbucketComment>> comments(Repo repo, long id) {
    return client.all(repo.pullRequest(Flavor.CLOUD, id) + "/comments", Map.of(), repo.notFound(id), client.options().maxListItems(),
        "bitbucket.maxListItems")
      .map(all -> ForgeReplies.read(BitbucketEndpoints.CLOUD_COMMENTS, "the pull request's comments",
        () -> Fields.ofArray(BitbucketEndpoints.CLOUD_COMMENTS, new JsonArray(new ArrayList<>(all))).stream()
          .filter(c -> !c.bool("deleted", false)).map(CloudApi::comment).toList()));
  }

  /**
   * A {@code pullrequest_comment}: {@code inline} only on a file ({@code path} required there; {@code to} a line of
   * the new file, {@code from} of the old, neither for the whole file; {@code start_to}/{@code start_from} only for
   * several lines); {@code parent} only on a reply; {@code resolution} only once resolved.
   */
  static BitbucketComment comment(Fields json) {
    Fields inline = json.optObject("inline");
    Fields parent = json.optObject("parent");
    Fields content = json.optObject("content");
    String path = inline == null ? null : inline.optString("path");
    Integer to = inline == null ? null : inline.optInt("to");
    Integer from = inline == null ? null : inline.optInt("from");
    Integer line = to != null ? to : from;
    Integer start = inline == null ? null : to != null ? inline.optInt("start_to") : inline.optInt("start_from");
    Long parentId = parent == null ? null : parent.optLong("id");
    Boolean resolved = path == null || parentId != null ? null : json.optObject("resolution") != null;
    return new BitbucketComment(Long.toString(json.longValue("id")), parentId == null ? null : parentId.toString(), path,
      line == null ? null : to != null ? "new" : "old", line, start == null || start.equals(line) ? null : start,
      name(json.optObject("user")), json.optString("created_on"), content == null ? "" : content.optString("raw", ""), resolved, null,
      BitbucketEndpoints.link(json, "html"));
  }

  @Override
  public Future<String> post(Repo repo, long id, NewComment comment) {
    JsonObject body = new JsonObject().put("content", new JsonObject().put("raw", comment.body()));
    if (comment.parentId() != null) {
      body.put("parent", new JsonObject().put("id", Long.parseLong(comment.parentId())));
    }
    ReviewComment anchor = comment.anchor();
    if (anchor != null) {
      JsonObject inline = new JsonObject().put("path", anchor.path());
      if (!anchor.onFile()) {
        String side = anchor.onOldSide() ? "from" : "to";
        inline.put(side, anchor.line());
        if (anchor.startLine() != null && !anchor.startLine().equals(anchor.line())) {
          inline.put("start_" + side, anchor.startLine());
        }
      }
      body.put("inline", inline);
    }
    return client.write(HttpMethod.POST, repo.pullRequest(Flavor.CLOUD, id) + "/comments", body, repo.notFound(id))
      .map(response -> {
        Long created = ForgeReplies.read(BitbucketEndpoints.CLOUD_NEW_COMMENT, "the new comment",
          () -> Fields.of(BitbucketEndpoints.CLOUD_NEW_COMMENT, client.object(response)).optLong("id"));
        return created == null ? null : created.toString();
      });
  }

  @Override
  public Future<String> vote(Repo repo, PullRequest pr, String verdict) {
    String path = verdict.startsWith("approve") ? "/approve"
      : verdict.equals("request_changes") || verdict.equals("wait_for_author") ? "/request-changes" : null;
    if (path == null) {
      return Future.succeededFuture(null);
    }
    return client.write(HttpMethod.POST, repo.pullRequest(Flavor.CLOUD, pr.id()) + path, null, repo.notFound(pr.id()))
      .map(r -> (String) null)
      .recover(failure -> failure instanceof ToolException e && e.code() == 409
        ? Future.succeededFuture("Bitbucket Cloud says this user's " + (path.equals("/approve") ? "approval" : "request for changes")
          + " was already there (HTTP 409); it stands")
        : Future.failedFuture(failure));
  }

  @Override
  public Future<String> resolve(Repo repo, long id, String commentId, boolean resolved) {
    String path = repo.pullRequest(Flavor.CLOUD, id) + "/comments/" + commentId;
    String notFound = "comment " + commentId + " not found on pull request #" + id + " of " + repo.fullName()
      + "; take the thread's id from pr_list_threads";
    return client.getJson(path, Map.of(), notFound).compose(json -> {
      BitbucketComment comment = ForgeReplies.read(BitbucketEndpoints.CLOUD_COMMENT, "pr_resolve_thread",
        () -> comment(Fields.of(BitbucketEndpoints.CLOUD_COMMENT, json)));
      if (comment.parentId() != null) {
        throw ToolException.invalid("comment " + commentId + " is a reply (in thread " + comment.parentId() + "); Bitbucket Cloud "
          + "resolves only a thread's first comment: pass thread_id " + comment.parentId() + ". Nothing was sent.");
      }
      if (comment.path() == null) {
        throw ToolException.invalid("comment " + commentId + " is a general comment, on no file; Bitbucket Cloud resolves only "
          + "comments on the diff, so it cannot be resolved. Nothing was sent.");
      }
      if (comment.resolved() == resolved) {
        return Future.succeededFuture(resolved ? "resolved" : "unresolved");
      }
      return client.write(resolved ? HttpMethod.POST : HttpMethod.DELETE, path + "/resolve", null, notFound)
        .map(r -> resolved ? "resolved" : "unresolved")
        .recover(failure -> failure instanceof ToolException e && e.code() == 409 && resolved
          ? Future.succeededFuture("resolved") : Future.failedFuture(failure));
    });
  }

  /** An account as people name it: {@code display_name} (every account has one), else {@code nickname}. */
  static String name(Fields account) {
    return account == null ? null : account.optString("display_name", account.optString("nickname"));
  }

  private static String branch(Fields endpoint) {
    Fields branch = endpoint == null ? null : endpoint.optObject("branch");
    return branch == null ? null : branch.optString("name");
  }

  private static String commit(Fields endpoint) {
    Fields commit = endpoint == null ? null : endpoint.optObject("commit");
    return commit == null ? null : commit.optString("hash");
  }

  private static String lower(String text) {
    return text == null ? null : text.toLowerCase(Locale.ROOT);
  }
}
