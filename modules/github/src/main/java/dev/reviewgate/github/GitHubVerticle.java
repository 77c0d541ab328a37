package dev.reviewgate.github;

import dev.reviewgate.core.BoundedLru;
import dev.reviewgate.core.ToolException;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ForgeTools;
import dev.reviewgate.forge.thread.ThreadTools;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.logging.Logger;

/**
 * Serves eight tools over one {@link GitHubClient}: the four GitHub pull-request tools ({@code reviewgate.github.pr.*})
 * and the GitHub side of the four review-thread tools ({@code reviewgate.github.threads.*}).
 */
public final class GitHubVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(GitHubVerticle.class.getName());
  private static final int DEFAULT_LIST_LIMIT = 30;

  private final GitHubBackendOptions backend;
  private final ToolCatalog catalog;
  private GitHubClient client;
  private volatile RepoRef defaultRepo;

  public GitHubVerticle(GitHubBackendOptions backend, ToolCatalog catalog) {
    this.backend = backend;
    this.catalog = catalog;
  }

  @Override
  public Future<?> start() {
    GitHubOptions options = backend.github();
    client = new GitHubClient(vertx, options);
    DiffEngine engine = new DiffEngine(backend.diff());
    BoundedLru<String, PullRequestDiffs.Source> pinned = PullRequestDiffs.pinnedCache(options.pinnedDiffCacheEntries());
    // Reading .git/config is file I/O: off the event loop.
    return vertx.executeBlocking(() -> options.owner() != null && options.repo() != null
        ? new RepoRef(options.owner(), options.repo())
        : OriginRemote.find(backend.workingDirectory(), options.apiUrl()).orElse(null), false)
      .compose(found -> {
        defaultRepo = found;
        LOG.info(() -> "GitHub tools on " + options.apiUrl() + (options.hasToken() ? " with a token" : " anonymously (read-only)")
          + (found == null ? "" : "; default repository " + found));
        return Future.all(List.of(
          serve("github_get_pull_request", (gitHub, args) -> new PullRequestReader(vertx, gitHub)
            .get(repo(args), args.getInteger("pr_number"), args.getBoolean("wait_for_mergeable", false))),
          serve("github_list_pull_requests", (gitHub, args) -> new PullRequestReader(vertx, gitHub)
            .list(repo(args), args.getString("state", "open"), args.getString("author"), args.getString("base"),
              args.getString("head"), args.getInteger("limit", DEFAULT_LIST_LIMIT), args.getBoolean("include_status", true))),
          serve("github_get_pull_request_diff", (gitHub, args) -> new PullRequestDiffs(vertx, gitHub, new PullRequestReader(vertx, gitHub),
            engine, pinned).diff(repo(args), args.getInteger("pr_number"), args)),
          serve("github_update_pull_request_state", (gitHub, args) -> new PullRequestWriter(gitHub, new PullRequestReader(vertx, gitHub))
            .update(repo(args), args.getInteger("pr_number"), args)),
          threads("pr_list_threads", (t, args) -> t.list(repo(args), args.getInteger("pr_number"), args), engine, pinned),
          threads("pr_review", (t, args) -> t.review(repo(args), args.getInteger("pr_number"), args), engine, pinned),
          threads("pr_reply", (t, args) -> t.reply(repo(args), args.getInteger("pr_number"), args), engine, pinned),
          threads("pr_resolve_thread", (t, args) -> t.resolve(repo(args), args.getInteger("pr_number"), args), engine, pinned)));
      });
  }

  /**
   * Serves one tool; each call gets the client bound to its caller's deadline, so that no GitHub request or wait
   * outlives the caller (reads and writes alike).
   */
  private Future<Void> serve(String tool, BiFunction<GitHubClient, JsonObject, Future<JsonObject>> handler) {
    return ForgeTools.serve(vertx, catalog, backend.timeouts(), tool, deadline -> client.until(deadline), handler);
  }

  /** Serves a review-thread tool for GitHub (the router sends calls with {@code forge: github} here). */
  private Future<Void> threads(String tool, BiFunction<ReviewThreads, JsonObject, Future<JsonObject>> handler, DiffEngine engine,
                               BoundedLru<String, PullRequestDiffs.Source> pinned) {
    long patienceMs = backend.timeouts().of(tool);
    return ThreadTools.serve(vertx, "github", tool, args -> {
      GitHubClient gitHub = client.until(System.currentTimeMillis() + patienceMs);
      PullRequestReader reader = new PullRequestReader(vertx, gitHub);
      return handler.apply(new ReviewThreads(gitHub, reader, new PullRequestDiffs(vertx, gitHub, reader, engine, pinned), engine), args);
    });
  }

  @Override
  public Future<?> stop() {
    if (client != null) {
      client.close();
    }
    return Future.succeededFuture();
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
