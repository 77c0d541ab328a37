package dev.reviewgate.ado;

import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import dev.reviewgate.forge.ForgeVerticle;
import dev.reviewgate.forge.json.ListPages;
import io.vertx.core.Future;
import java.util.List;
import java.util.logging.Logger;

/**
 * Serves eight tools over one {@link AdoClient}: the four Azure DevOps pull-request tools ({@code reviewgate.ado.pr.*})
 * and the Azure DevOps side of the four review-thread tools ({@code reviewgate.ado.threads.*}).
 */
public final class AdoVerticle extends ForgeVerticle<AdoBackendOptions, AdoClient> {

  private static final Logger LOG = Logger.getLogger(AdoVerticle.class.getName());

  public AdoVerticle(AdoBackendOptions backend, ToolCatalog catalog) {
    super("ado", backend, catalog, vertx -> new AdoClient(vertx, backend.ado()));
  }

  @Override
  protected Future<?> serveTools(DiffEngine engine) {
    AdoOptions options = backend().ado();
    LOG.info(() -> options.orgUrl() == null ? "Azure DevOps tools: not configured (AZURE_DEVOPS_ORG_URL unset); calls say so"
      : "Azure DevOps tools on " + options.orgUrl() + (options.authorization() == null ? " without a token" : " with a token"));
    return Future.all(List.of(
      serve("ado_get_pull_request_diff", (ado, args) -> new AdoPullRequests(vertx, ado, engine).diff(args)),
      serve("ado_get_pull_request", (ado, args) -> new AdoPullRequests(vertx, ado, engine).get(args).map(AdoJson::pullRequest)),
      serveList(ListPages.bySkip("ado_list_pull_requests", "pull_requests"), (ado, args) -> new AdoPullRequests(vertx, ado, engine).list(args).map(AdoJson::listing)),
      serveList(ListPages.whole("ado_list_pull_request_iterations", "iterations"), (ado, args) -> new AdoPullRequests(vertx, ado, engine).listIterations(args)
        .map(AdoJson::iterations)),
      threads("pr_list_threads", (ado, args) -> adoThreads(ado, engine).list(args)),
      threads("pr_review", (ado, args) -> adoThreads(ado, engine).review(args)),
      threads("pr_reply", (ado, args) -> adoThreads(ado, engine).reply(args)),
      threads("pr_resolve_thread", (ado, args) -> adoThreads(ado, engine).resolve(args))));
  }

  private AdoThreads adoThreads(AdoClient ado, DiffEngine engine) {
    return new AdoThreads(ado, new AdoPullRequests(vertx, ado, engine));
  }
}
