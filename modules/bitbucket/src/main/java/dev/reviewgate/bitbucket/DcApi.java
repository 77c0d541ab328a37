package dev.reviewgate.bitbucket;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.diff.ChangedFile;
import dev.reviewgate.forge.json.Fields;
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
 * Bitbucket Data Center's REST 1.0, as its OpenAPI description (9.2) has it; every member is optional there. The head
 * is {@code fromRef.latestCommit} (a full id) and the merge base {@code /merge-base}; the change list is
 * {@code /changes} of that range ({@code changeScope=RANGE}), not the pull request's own diff, which since 7.0 is
 * computed against the would-be merge. Comments are listed through {@code /activities} ({@code /comments} needs a
 * path); a comment's anchor is {@code {path, line, lineType, fileType, diffType}}; a thread is resolved by setting its
 * first comment's {@code threadResolved} with the comment's {@code version} (a stale version is 409). A vote is the
 * token's own participant status, whose slug Data Center names in the {@code X-AUSERNAME} header.
 */
final class DcApi implements BitbucketApi {

  private final BitbucketClient client;

  DcApi(BitbucketClient client) {
    this.client = client;
  }

  @Override
  public String rule() {
    return "Bitbucket Data Center places comments on lines of the diff's hunks: added and context lines on the new side, "
      + "removed and context lines on the old side";
  }

  @Override
  public Future<Listing> list(Repo repo, String state, int page, int perPage) {
    Map<String, String> query = new LinkedHashMap<>();
    query.put("state", state.toUpperCase(Locale.ROOT));
    query.put("order", "NEWEST");
    query.put("start", Integer.toString((page - 1) * perPage));
    query.put("limit", Integer.toString(perPage));
    return client.page(repo.path(Flavor.DC) + "/pull-requests", query, "repository " + repo.fullName() + " not found. Check the "
        + "project key and the repository's slug (projects/<KEY>/repos/<repo>), and that the token can read it.")
      .map(p -> new Listing(ForgeReplies.read(BitbucketEndpoints.DC_PULL_REQUESTS, "bitbucket_list_pull_requests",
        () -> Fields.ofArray(BitbucketEndpoints.DC_PULL_REQUESTS, new JsonArray(new ArrayList<>(p.values()))).stream()
          .map(DcApi::pullRequest).toList()), p.hasNext()));
  }

  @Override
  public Future<PullRequest> pullRequest(Repo repo, long id) {
    return client.getJson(repo.pullRequest(Flavor.DC, id), Map.of(), repo.notFound(id))
      .map(json -> ForgeReplies.read(BitbucketEndpoints.DC_PULL_REQUEST, "the pull request",
        () -> pullRequest(Fields.of(BitbucketEndpoints.DC_PULL_REQUEST, json))));
  }

  /** A {@code RestPullRequest}: refs' {@code displayId} and {@code latestCommit}; reviewers' {@code status}. */
  static PullRequest pullRequest(Fields json) {
    Fields from = json.optObject("fromRef");
    Fields to = json.optObject("toRef");
    Fields author = json.optObject("author");
    List<PullRequest.Reviewer> reviewers = json.objects("reviewers", r -> new PullRequest.Reviewer(name(r.optObject("user")),
      lower(r.optString("role")), lower(r.optString("status"))));
    return new PullRequest(json.longValue("id"), json.optString("title"), json.optString("description"), lower(json.optString("state")),
      json.optBoolean("draft"), author == null ? null : name(author.optObject("user")), from == null ? null : from.optString("displayId"),
      to == null ? null : to.optString("displayId"), from == null ? null : from.optString("latestCommit"),
      to == null ? null : to.optString("latestCommit"), BitbucketEndpoints.date(json, "createdDate"),
      BitbucketEndpoints.date(json, "updatedDate"), BitbucketEndpoints.link(json, "self"), reviewers, json.optInt("version"));
  }

  @Override
  public Future<PullRequest.Commits> commits(Repo repo, PullRequest pr) {
    if (pr.sourceCommit() == null || pr.targetCommit() == null) {
      return Future.failedFuture(ToolException.upstream("Bitbucket Data Center's reply to " + BitbucketEndpoints.DC_PULL_REQUEST.endpoint()
        + " names no " + (pr.sourceCommit() == null ? "fromRef" : "toRef") + ".latestCommit for pull request #" + pr.id()
        + "; its diff cannot be written"));
    }
    String noMergeBase = repo.notFound(pr.id()) + " Or this server has no /pull-requests/{id}/merge-base (it is in Data Center's "
      + "9.2 REST reference); without the merge base there is no merge-base diff to write";
    return client.get(repo.pullRequest(Flavor.DC, pr.id()) + "/merge-base", Map.of(), noMergeBase).map(response -> {
      if (response.status() == 204) {
        throw ToolException.invalid("the branches of pull request #" + pr.id() + " share no commit (Bitbucket Data Center found no "
          + "merge base), so there is no merge-base diff to show");
      }
      String base = ForgeReplies.read(BitbucketEndpoints.DC_MERGE_BASE, "the pull request's diff",
        () -> Fields.of(BitbucketEndpoints.DC_MERGE_BASE, client.object(response)).string("id"));
      return new PullRequest.Commits(base, pr.sourceCommit(), pr.targetCommit());
    });
  }

  @Override
  public Future<List<BitbucketChange>> changes(Repo repo, long id, String from, String to) {
    Map<String, String> query = Map.of("changeScope", "RANGE", "sinceId", from, "untilId", to, "withComments", "false");
    return client.all(repo.pullRequest(Flavor.DC, id) + "/changes", query, repo.notFound(id), client.options().blobs().maxChanges(),
        "bitbucket.maxChanges")
      .map(all -> ForgeReplies.read(BitbucketEndpoints.DC_CHANGES, "the pull request's change list",
        () -> Fields.ofArray(BitbucketEndpoints.DC_CHANGES, new JsonArray(new ArrayList<>(all))).stream().map(DcApi::change).toList()));
  }

  /**
   * A {@code RestChange}: {@code type} ADD, COPY, DELETE, MODIFY, MOVE or UNKNOWN; {@code path} (and for a move or copy
   * {@code srcPath}); {@code executable}/{@code srcExecutable}; {@code nodeType} SUBMODULE for a submodule. Symbolic links
   * are not told apart from files.
   */
  static BitbucketChange change(Fields json) {
    String path = path(json.optObject("path"));
    String src = path(json.optObject("srcPath"));
    if (path == null && src == null) {
      throw json.missing("path", "a path");
    }
    // which sides exist is not told otherwise: without a known type the change cannot be diffed
    String type = switch (json.string("type")) {
      case "ADD" -> "add";
      case "DELETE" -> "delete";
      case "MOVE" -> "rename";
      case "COPY" -> "copy";
      case "MODIFY" -> "edit";
      default -> throw json.missing("type", "ADD, COPY, DELETE, MODIFY or MOVE");
    };
    boolean submodule = "SUBMODULE".equals(json.optString("nodeType"));
    int newMode = submodule ? ChangedFile.SUBMODULE : json.bool("executable", false) ? BitbucketChange.EXECUTABLE : 0;
    Boolean srcExecutable = json.optBoolean("srcExecutable");
    int oldMode = submodule ? ChangedFile.SUBMODULE : Boolean.TRUE.equals(srcExecutable) ? BitbucketChange.EXECUTABLE
      : srcExecutable == null && !type.equals("add") ? newMode : 0;
    String newPath = type.equals("delete") ? null : path != null ? path : src;
    String oldPath = type.equals("add") || type.equals("copy") ? null : src != null ? src : path;
    return new BitbucketChange(type, oldPath, newPath, type.equals("add") ? 0 : oldMode, type.equals("delete") ? 0 : newMode);
  }

  /** A {@code RestPath}: its {@code toString} where sent, else its {@code components} joined; a plain string in anchors. */
  static String path(Fields path) {
    if (path == null) {
      return null;
    }
    String whole = path.optString("toString");
    if (whole != null) {
      return whole;
    }
    List<String> components = path.strings("components");
    return components.isEmpty() ? null : String.join("/", components);
  }

  @Override
  public Future<Buffer> file(Repo repo, String path, String commit) {
    return client.raw(repo.path(Flavor.DC) + "/raw/" + BitbucketClient.encodePath(path), Map.of("at", commit),
      path + " not found at commit " + commit + " of " + repo.fullName() + " (the pull request's commits may have been force-pushed away)");
  }

  @Override
  public Future<List<BitbucketComment>> comments(Repo repo, long id) {
    return client.all(repo.pullRequest(Flavor.DC, id) + "/activities", Map.of(), repo.notFound(id), client.options().maxListItems(),
        "bitbucket.maxListItems")
      .map(all -> ForgeReplies.read(BitbucketEndpoints.DC_ACTIVITIES, "the pull request's comments", () -> {
        Map<String, BitbucketComment> byId = new LinkedHashMap<>();
        // newest first: the first sight of a comment is its latest state
        for (Fields activity : Fields.ofArray(BitbucketEndpoints.DC_ACTIVITIES, new JsonArray(new ArrayList<>(all)))) {
          Fields comment = activity.optObject("comment");
          if ("COMMENTED".equals(activity.optString("action")) && comment != null) {
            Fields anchor = activity.optObject("commentAnchor");
            flatten(comment, anchor != null ? anchor : comment.optObject("anchor"), null, byId);
          }
        }
        List<BitbucketComment> oldestFirst = new ArrayList<>(byId.values());
        java.util.Collections.reverse(oldestFirst);
        return oldestFirst;
      }));
  }

  /** A comment and its replies ({@code comments}, nested), each once; replies carry their thread's anchor's path. */
  private static void flatten(Fields json, Fields anchor, String parentId, Map<String, BitbucketComment> byId) {
    BitbucketComment comment = comment(json, anchor, parentId);
    byId.putIfAbsent(comment.id(), comment);
    for (Fields reply : json.objects("comments")) {
      flatten(reply, null, comment.id(), byId);
    }
  }

  /**
   * A {@code RestComment}: {@code anchor} only on a file ({@code line} only on a line; {@code fileType} FROM is the
   * old side), {@code threadResolved} on newer servers only (a task's {@code state} RESOLVED otherwise), {@code version}
   * for updates.
   */
  static BitbucketComment comment(Fields json, Fields anchor, String parentId) {
    Fields parent = json.optObject("parent");
    Long parentOf = parent == null ? null : parent.optLong("id");
    String parentTold = parentId != null ? parentId : parentOf == null ? null : parentOf.toString();
    String path = anchor == null ? null : anchorPath(anchor);
    Integer line = anchor == null ? null : anchor.optInt("line");
    String side = line == null ? null
      : "FROM".equals(anchor.optString("fileType")) || "REMOVED".equals(anchor.optString("lineType")) ? "old" : "new";
    Fields marker = anchor == null ? null : anchor.optObject("multilineMarker");
    Integer start = marker == null ? null : marker.optInt("startLine");
    Boolean resolved = parentTold != null ? null : json.optBoolean("threadResolved") != null ? json.optBoolean("threadResolved")
      : "RESOLVED".equals(json.optString("state"));
    return new BitbucketComment(Long.toString(json.longValue("id")), parentTold, path, side, line,
      start == null || start.equals(line) ? null : start, name(json.optObject("author")), BitbucketEndpoints.date(json, "createdDate"),
      json.optString("text", ""), resolved, json.optInt("version"), null);
  }

  /** An anchor's {@code path}: a string in the replies Data Center sends, a {@code RestPath} in its description. */
  private static String anchorPath(Fields anchor) {
    String text = anchor.optString("path");
    return text != null ? text : path(anchor.optObject("path"));
  }

  @Override
  public Future<String> post(Repo repo, long id, NewComment comment) {
    JsonObject body = new JsonObject().put("text", comment.body());
    if (comment.parentId() != null) {
      body.put("parent", new JsonObject().put("id", Long.parseLong(comment.parentId())));
    }
    ReviewComment anchor = comment.anchor();
    if (anchor != null) {
      JsonObject json = new JsonObject().put("path", anchor.path()).put("diffType", "EFFECTIVE");
      if (!anchor.onFile()) {
        json.put("line", anchor.line()).put("lineType", comment.lines().lineKind()).put("fileType", anchor.onOldSide() ? "FROM" : "TO");
      }
      body.put("anchor", json);
    }
    return client.write(HttpMethod.POST, repo.pullRequest(Flavor.DC, id) + "/comments", body, repo.notFound(id)).map(response -> {
      Long created = ForgeReplies.read(BitbucketEndpoints.DC_NEW_COMMENT, "the new comment",
        () -> Fields.of(BitbucketEndpoints.DC_NEW_COMMENT, client.object(response)).optLong("id"));
      return created == null ? null : created.toString();
    });
  }

  @Override
  public Future<String> vote(Repo repo, PullRequest pr, String verdict) {
    String status = verdict.startsWith("approve") ? "APPROVED"
      : verdict.equals("request_changes") || verdict.equals("wait_for_author") ? "NEEDS_WORK" : null;
    if (status == null) {
      return Future.succeededFuture(null);
    }
    String path = repo.pullRequest(Flavor.DC, pr.id());
    return client.get(path, Map.of(), repo.notFound(pr.id())).compose(response -> {
      String me = response.headers().get("X-AUSERNAME");
      if (me == null || me.isBlank()) {
        throw ToolException.upstream("Bitbucket Data Center did not name the token's user (no X-AUSERNAME header), so the verdict "
          + status + " could not be cast; the comments were posted");
      }
      return client.write(HttpMethod.PUT, path + "/participants/" + BitbucketClient.encode(me),
        new JsonObject().put("status", status), repo.notFound(pr.id())).map(r -> (String) null);
    });
  }

  @Override
  public Future<String> resolve(Repo repo, long id, String commentId, boolean resolved) {
    return resolve(repo, id, commentId, resolved, true);
  }

  private Future<String> resolve(Repo repo, long id, String commentId, boolean resolved, boolean retryOnConflict) {
    String path = repo.pullRequest(Flavor.DC, id) + "/comments/" + commentId;
    String notFound = "comment " + commentId + " not found on pull request #" + id + " of " + repo.fullName()
      + "; take the thread's id from pr_list_threads";
    return client.getJson(path, Map.of(), notFound).compose(json -> {
      BitbucketComment comment = ForgeReplies.read(BitbucketEndpoints.DC_COMMENT, "pr_resolve_thread",
        () -> comment(Fields.of(BitbucketEndpoints.DC_COMMENT, json), null, null));
      if (comment.parentId() != null) {
        throw ToolException.invalid("comment " + commentId + " is a reply (to comment " + comment.parentId() + "); Bitbucket Data "
          + "Center resolves a thread by its first comment: pass that comment's id, from pr_list_threads. Nothing was sent.");
      }
      if (comment.version() == null) {
        throw ToolException.upstream("Bitbucket Data Center's reply to " + BitbucketEndpoints.DC_COMMENT.endpoint() + " has no version "
          + "for comment " + commentId + ", which an update must name; nothing was sent");
      }
      if (Boolean.valueOf(resolved).equals(comment.resolved())) {
        return Future.succeededFuture(resolved ? "resolved" : "unresolved");
      }
      JsonObject body = new JsonObject().put("threadResolved", resolved).put("version", comment.version());
      return client.write(HttpMethod.PUT, path, body, notFound).map(r -> resolved ? "resolved" : "unresolved")
        .recover(failure -> {
          if (failure instanceof ToolException e && e.code() == 409) {
            if (retryOnConflict) {
              // someone changed the comment since it was read: read its new version and try once more
              return resolve(repo, id, commentId, resolved, false);
            }
            return Future.failedFuture(ToolException.conflict("comment " + commentId + " kept changing while it was being "
              + (resolved ? "resolved" : "reopened") + " (Bitbucket Data Center refused its version twice, HTTP 409); try again"));
          }
          return Future.failedFuture(failure);
        });
    });
  }

  /** A {@code RestApplicationUser} as people name it: {@code displayName}, else {@code name} or {@code slug}. */
  static String name(Fields user) {
    return user == null ? null : user.optString("displayName", user.optString("name", user.optString("slug")));
  }

  private static String lower(String text) {
    return text == null ? null : text.toLowerCase(Locale.ROOT);
  }
}
