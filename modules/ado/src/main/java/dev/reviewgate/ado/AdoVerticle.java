package dev.reviewgate.ado;

import dev.reviewgate.forge.ForgeTools;
import dev.reviewgate.forge.thread.ThreadTools;
import dev.reviewgate.core.catalog.ToolCatalog;
import dev.reviewgate.diff.DiffEngine;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.util.function.BiFunction;
import java.util.logging.Logger;

/**
 * Serves eight tools over one {@link AdoClient}: the four Azure DevOps pull-request tools ({@code reviewgate.ado.pr.*})
 * and the Azure DevOps side of the four review-thread tools ({@code reviewgate.ado.threads.*}).
 */
public final class AdoVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(AdoVerticle.class.getName());

  private final AdoBackendOptions backend;
  private final ToolCatalog catalog;
  private AdoClient client;

  public AdoVerticle(AdoBackendOptions backend, ToolCatalog catalog) {
    this.backend = backend;
    this.catalog = catalog;
  }

  @Override
  public Future<?> start() {
    AdoOptions options = backend.ado();
    client = new AdoClient(vertx, options);
    DiffEngine engine = new DiffEngine(backend.diff());
    LOG.info(() -> options.orgUrl() == null ? "Azure DevOps tools: not configured (AZURE_DEVOPS_ORG_URL unset); calls say so"
      : "Azure DevOps tools on " + options.orgUrl() + (options.authorization() == null ? " without a token" : " with a token"));
    return Future.all(java.util.List.of(
      serve("ado_get_pull_request_diff", (ado, args) -> new AdoPullRequests(vertx, ado, engine).diff(args)),
      serve("ado_get_pull_request", (ado, args) -> new AdoPullRequests(vertx, ado, engine).get(args)),
      serve("ado_list_pull_requests", (ado, args) -> new AdoPullRequests(vertx, ado, engine).list(args)),
      serve("ado_list_pull_request_iterations", (ado, args) -> new AdoPullRequests(vertx, ado, engine).listIterations(args)),
      threads("pr_list_threads", AdoThreads::list, engine),
      threads("pr_review", AdoThreads::review, engine),
      threads("pr_reply", AdoThreads::reply, engine),
      threads("pr_resolve_thread", AdoThreads::resolve, engine)));
  }

  private Future<Void> serve(String tool, BiFunction<AdoClient, JsonObject, Future<JsonObject>> handler) {
    return ForgeTools.serve(vertx, catalog, backend.timeouts(), tool, deadline -> client.until(deadline), handler);
  }

  /** Serves a review-thread tool for Azure DevOps (the router sends calls with {@code forge: ado} here). */
  private Future<Void> threads(String tool, BiFunction<AdoThreads, JsonObject, Future<JsonObject>> handler, DiffEngine engine) {
    long patienceMs = backend.timeouts().of(tool);
    return ThreadTools.serve(vertx, "ado", tool, args -> {
      AdoClient ado = client.until(System.currentTimeMillis() + patienceMs);
      return handler.apply(new AdoThreads(ado, new AdoPullRequests(vertx, ado, engine)), args);
    });
  }

  @Override
  public Future<?> stop() {
    if (client != null) {
      client.close();
    }
    return Future.succeededFuture();
  }
}
