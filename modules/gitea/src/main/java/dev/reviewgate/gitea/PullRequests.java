package dev.reviewgate.gitea;

import dev.reviewgate.core.ToolException;
import dev.reviewgate.forge.diff.ChangePage;
import dev.reviewgate.forge.diff.ForgeDiffs;
import dev.reviewgate.forge.json.Fields;
import dev.reviewgate.forge.json.ForgeEndpoint;
import dev.reviewgate.forge.json.ForgeReplies;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Gitea pull request tools as a service that answers records ({@link GiteaJson} turns them into the tools' JSON):
 * a page of pull requests, one pull request with the server's version, and a pull request's diff (or what changed
 * since a head reviewed before).
 */
final class PullRequests {

  /** Which repository: the owner (user or organisation) and the repository's name. */
  record Repo(String owner, String name) {

    static Repo of(JsonObject args) {
      String owner = args.getString("owner");
      String name = args.getString("repo");
      if (owner == null || owner.isBlank() || name == null || name.isBlank()) {
        throw ToolException.invalid("which repository? Gitea tools need owner (the user or organisation) and repo, as in "
          + "the repository's URL <server>/<owner>/<repo>");
      }
      return new Repo(owner, name);
    }

    String path() {
      return GiteaClient.repo(owner, name);
    }

    String pull(long number) {
      return path() + "/pulls/" + number;
    }

    @Override
    public String toString() {
      return owner + "/" + name;
    }
  }

  /** The server as {@code GET /version} names it: Forgejo's version carries {@code +gitea-<compatible version>}. */
  record Server(String version, String flavor) {

    static Server from(String version) {
      if (version == null) {
        return new Server(null, null);
      }
      return new Server(version, version.toLowerCase(Locale.ROOT).contains("+gitea-") ? "forgejo" : "gitea");
    }
  }

  /** One pull request and what reviewers look at next to it. */
  record Details(GiteaPullRequest pullRequest, Server server, List<String> warnings) {
  }

  /** A page of pull requests; {@code nextPage} null when it is the last. */
  record Listing(List<GiteaPullRequest> pullRequests, int page, Integer nextPage) {
  }

  /**
   * A page of a pull request's changes and, when asked, their diffs.
   *
   * @param base    the commit the diffs start from: the merge base, or {@code since_sha}
   * @param since   {@code since_sha}, or null
   * @param written the page's diffs, or null when diffs were not asked for
   */
  record PullDiff(GiteaPullRequest pullRequest, String base, String since, ChangePage<PullRequestFile> changes,
                  ForgeDiffs.Written<PullRequestFile> written, List<String> warnings) {
  }

  private final GiteaClient client;
  private final PullRequestDiffs diffs;

  PullRequests(GiteaClient client, PullRequestDiffs diffs) {
    this.client = client;
    this.diffs = diffs;
  }

  PullRequestDiffs diffs() {
    return diffs;
  }

  static String notFound(Repo repo, long number) {
    return "pull request #" + number + " not found in " + repo + ". Check owner and repo (as in the repository's URL), the "
      + "pull request's number (the one after /pulls/), and that the token can read the repository.";
  }

  /** The objects of a list Gitea answered, each named by its index for messages. */
  static List<Fields> all(ForgeEndpoint endpoint, List<JsonObject> items) {
    return Fields.ofArray(endpoint, new JsonArray(new ArrayList<>(items)));
  }

  // --- gitea_get_pull_request --------------------------------------------------------------------------------------

  Future<GiteaPullRequest> pullRequest(Repo repo, long number) {
    return client.getJson(repo.pull(number), Map.of(), notFound(repo, number)).map(json -> ForgeReplies.read(
      GiteaEndpoints.PULL_REQUEST, "the pull request", () -> GiteaPullRequest.from(Fields.of(GiteaEndpoints.PULL_REQUEST, json))));
  }

  Future<Details> get(Repo repo, long number) {
    List<String> warnings = new ArrayList<>();
    // The server's version is context: a server that hides it still shows the pull request.
    Future<Server> server = client.getJson("/version", Map.of(), "the server has no /api/v1/version")
      .map(json -> ForgeReplies.read(GiteaEndpoints.VERSION, "gitea_get_pull_request",
        () -> Server.from(Fields.of(GiteaEndpoints.VERSION, json).optString("version"))))
      .recover(none -> {
        warnings.add("the server's version left out: " + none.getMessage());
        return Future.succeededFuture(new Server(null, null));
      });
    Future<GiteaPullRequest> pr = pullRequest(repo, number);
    return Future.all(pr, server).map(done -> new Details(pr.result(), server.result(), warnings));
  }

  // --- gitea_list_pull_requests ------------------------------------------------------------------------------------

  Future<Listing> list(Repo repo, JsonObject args) {
    int page = args.getInteger("page", 1);
    int perPage = args.getInteger("per_page", 20);
    Map<String, String> query = new LinkedHashMap<>();
    // Without state Gitea lists every state: open is what an agent means by "the pull requests".
    query.put("state", args.getString("state", "open"));
    query.put("page", Integer.toString(page));
    query.put("limit", Integer.toString(perPage));
    return client.getPage(repo.path() + "/pulls", query, "repository " + repo + " not found. Check owner and repo (as in its "
        + "URL) and that the token can read it.")
      .map(listed -> new Listing(ForgeReplies.read(GiteaEndpoints.PULLS, "gitea_list_pull_requests",
        () -> all(GiteaEndpoints.PULLS, listed.items()).stream().map(GiteaPullRequest::from).toList()), page,
        listed.hasNext() ? page + 1 : null));
  }

  // --- gitea_get_pull_request_diff ---------------------------------------------------------------------------------

  Future<PullDiff> diff(Repo repo, long number, JsonObject args) {
    List<String> warnings = new ArrayList<>();
    JsonObject shaping = withFiles(args);
    boolean withDiffs = !args.getBoolean("files_only", false);
    String since = args.getString("since_sha");
    return pullRequest(repo, number).compose(pr -> {
      String head = required(pr.headSha(), "head.sha", "its head commit", number);
      Future<List<PullRequestFile>> files = diffs.changes(repo, number);
      if (since == null) {
        String base = withDiffs ? required(pr.mergeBase(), "merge_base", "the merge base its diff starts from", number) : pr.mergeBase();
        return files.compose(all -> page(repo, pr, base, null, all, head, shaping, withDiffs, warnings));
      }
      String from = since.toLowerCase(Locale.ROOT);
      return files.compose(all -> diffs.since(repo, all, from, head, warnings))
        .compose(changed -> page(repo, pr, from, from, changed, head, shaping, withDiffs, warnings));
    });
  }

  private Future<PullDiff> page(Repo repo, GiteaPullRequest pr, String base, String since, List<PullRequestFile> all, String head,
                                JsonObject args, boolean withDiffs, List<String> warnings) {
    List<PullRequestFile> sorted = all.stream().sorted(Comparator.comparing(PullRequestFile::path)).toList();
    ChangePage<PullRequestFile> changes = ChangePage.of(sorted, PullRequestFile::path, PullRequestFile::oldPath, args, warnings);
    Future<ForgeDiffs.Written<PullRequestFile>> written = withDiffs && !changes.page().isEmpty()
      ? diffs.written(repo, changes.page(), base, head, args.getInteger("context_lines", 3), warnings)
      : Future.succeededFuture(null);
    return written.map(w -> new PullDiff(pr, base, since, changes, w, warnings));
  }

  /** {@code file} (GitHub's name, kept for agents that know it) joins {@code files}. */
  static JsonObject withFiles(JsonObject args) {
    Object file = args.getValue("file");
    if (file == null) {
      return args;
    }
    Set<String> paths = new LinkedHashSet<>();
    for (Object value : List.of(file, args.getValue("files", new JsonArray()))) {
      if (value instanceof String s) {
        paths.add(s);
      } else if (value instanceof JsonArray a) {
        a.forEach(p -> paths.add(String.valueOf(p)));
      }
    }
    JsonObject copy = args.copy();
    copy.remove("file");
    return copy.put("files", new JsonArray(new ArrayList<>(paths)));
  }

  /** A commit the diff cannot be written without: when Gitea did not send it, an upstream error naming the member. */
  static String required(String sha, String member, String what, long number) {
    if (sha == null) {
      throw ToolException.upstream("Gitea's reply to " + GiteaEndpoints.PULL_REQUEST.endpoint() + " has no " + member
        + " for pull request #" + number + " (" + what + "): Gitea has not computed it yet, or the head branch is gone. "
        + "Retry in a moment; files_only still lists the files.");
    }
    return sha;
  }
}
