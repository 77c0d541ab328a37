package dev.reviewgate.github;

import dev.reviewgate.core.BoundedLru;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ForgeVerticle;
import dev.reviewgate.forge.json.ListPages;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Serves eight tools over one {@link GitHubClient}: the four GitHub pull-request tools ({@code reviewgate.github.pr.*})
 * and the GitHub side of the four review-thread tools ({@code reviewgate.github.threads.*}).
 */
public final class GitHubVerticle extends ForgeVerticle<GitHubBackendOptions, GitHubClient> {

  private static final Logger LOG = Logger.getLogger(GitHubVerticle.class.getName());
  private static final int DEFAULT_LIST_LIMIT = 30;

  private volatile RepoRef defaultRepo;

  public GitHubVerticle(GitHubBackendOptions backend, ToolCatalog catalog) {
    super("github", backend, catalog, vertx -> new GitHubClient(vertx, backend.github()));
  }

  @Override
  protected Future<?> serveTools(DiffEngine engine) {
    GitHubOptions options = backend().github();
    BoundedLru<String, PullRequestDiffs.Source> pinned = PullRequestDiffs.pinnedCache(options.pinnedDiffCacheEntries());
    // Reading .git/config is file I/O: off the event loop.
    return vertx.executeBlocking(() -> options.owner() != null && options.repo() != null
        ? new RepoRef(options.owner(), options.repo())
        : OriginRemote.find(backend().workingDirectory(), options.apiUrl()).orElse(null), false)
      .compose(found -> {
        defaultRepo = found;
        LOG.info(() -> "GitHub tools on " + options.apiUrl() + (options.hasToken() ? " with a token" : " anonymously (read-only)")
          + (found == null ? "" : "; default repository " + found));
        return Future.all(List.of(
          serve("github_get_pull_request", (gitHub, args) -> new PullRequestReader(vertx, gitHub)
            .get(repo(args), args.getInteger("pr_number"), args.getBoolean("wait_for_mergeable", false),
              args.getBoolean("include_commits", false)).map(GitHubJson::details)),
          serveList(ListPages.whole("github_list_pull_requests", "pullRequests"), (gitHub, args) -> new PullRequestReader(vertx, gitHub)
            .list(repo(args), args.getString("state", "open"), args.getString("author"), args.getString("base"),
              args.getString("head"), args.getInteger("limit", DEFAULT_LIST_LIMIT), args.getBoolean("include_status", true))
            .map(GitHubJson::listing)),
          serve("github_get_pull_request_diff", (gitHub, args) -> new PullRequestDiffs(vertx, gitHub, new PullRequestReader(vertx, gitHub),
            engine, pinned).diff(repo(args), args.getInteger("pr_number"), args)),
          serve("github_update_pull_request_state", (gitHub, args) -> new PullRequestWriter(gitHub, new PullRequestReader(vertx, gitHub))
            .update(repo(args), args.getInteger("pr_number"), args).map(GitHubJson::stateChange)),
          threads("pr_list_threads", (gitHub, args) -> reviewThreads(gitHub, engine, pinned)
            .list(repo(args), args.getInteger("pr_number"), args)),
          threads("pr_review", (gitHub, args) -> reviewThreads(gitHub, engine, pinned)
            .review(repo(args), args.getInteger("pr_number"), args)),
          threads("pr_reply", (gitHub, args) -> reviewThreads(gitHub, engine, pinned)
            .reply(repo(args), args.getInteger("pr_number"), args)),
          threads("pr_resolve_thread", (gitHub, args) -> reviewThreads(gitHub, engine, pinned)
            .resolve(repo(args), args.getInteger("pr_number"), args))));
      });
  }

  private ReviewThreads reviewThreads(GitHubClient gitHub, DiffEngine engine, BoundedLru<String, PullRequestDiffs.Source> pinned) {
    PullRequestReader reader = new PullRequestReader(vertx, gitHub);
    return new ReviewThreads(gitHub, reader, new PullRequestDiffs(vertx, gitHub, reader, engine, pinned), engine);
  }

  private RepoRef repo(JsonObject args) {
    String owner = args.getString("owner");
    String repo = args.getString("repo");
    if (owner != null && repo != null) {
      return new RepoRef(owner, repo);
    }
    Optional<RepoRef> fallback = Optional.ofNullable(defaultRepo);
    if (fallback.isEmpty()) {
      throw ToolException.invalid("which repository? pass owner and repo (e.g. owner: \"octocat\", repo: \"hello-world\"), or set "
        + "github.owner and github.repo in the configuration, or run from a clone whose origin remote is on GitHub");
    }
    return new RepoRef(owner != null ? owner : fallback.get().owner(), repo != null ? repo : fallback.get().repo());
  }
}
