package dev.reviewgate.gitea;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ForgeVerticle;
import dev.reviewgate.forge.json.ListPages;
import io.vertx.core.Future;
import java.util.List;
import java.util.logging.Logger;

/**
 * Serves {@code reviewgate.gitea.pr.*} (the three Gitea pull request tools) and the review-thread tools for
 * {@code forge: gitea}, over one {@link GiteaClient}; Forgejo is served the same way.
 */
public final class GiteaVerticle extends ForgeVerticle<GiteaBackendOptions, GiteaClient> {

  private static final Logger LOG = Logger.getLogger(GiteaVerticle.class.getName());

  public GiteaVerticle(GiteaBackendOptions backend, ToolCatalog catalog) {
    super("gitea", backend, catalog, vertx -> new GiteaClient(vertx, backend.gitea()));
  }

  @Override
  protected Future<?> serveTools(DiffEngine engine) {
    GiteaOptions options = backend().gitea();
    GiteaJson json = new GiteaJson(engine);
    LOG.info(() -> "Gitea tools on " + options.apiBase() + (options.token() == null ? " without a token (reads of public "
      + "repositories only)" : " with a token"));
    return Future.all(List.of(
      serveList(ListPages.byPage("gitea_list_pull_requests", "pull_requests"), (gitea, args) -> pullRequests(gitea).list(PullRequests.Repo.of(args), args)
        .map(GiteaJson::listing)),
      serve("gitea_get_pull_request", (gitea, args) -> pullRequests(gitea).get(PullRequests.Repo.of(args), args.getLong("pr_number"))
        .map(GiteaJson::details)),
      serve("gitea_get_pull_request_diff", (gitea, args) -> pullRequests(gitea).diff(PullRequests.Repo.of(args),
          args.getLong("pr_number"), args)
        .compose(diff -> vertx.executeBlocking(() -> json.diff(diff, PullRequests.withFiles(args)), false))),
      threads("pr_list_threads", (gitea, args) -> reviews(gitea).list(args)),
      threads("pr_review", (gitea, args) -> reviews(gitea).review(args)),
      threads("pr_reply", (gitea, args) -> reviews(gitea).reply(args)),
      threads("pr_resolve_thread", (gitea, args) -> reviews(gitea).resolve(args))));
  }

  private PullRequests pullRequests(GiteaClient bound) {
    return new PullRequests(bound, new PullRequestDiffs(vertx, bound));
  }

  private PullRequestReviews reviews(GiteaClient bound) {
    return new PullRequestReviews(bound, pullRequests(bound));
  }
}
